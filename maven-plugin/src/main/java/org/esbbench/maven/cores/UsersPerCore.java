package org.esbbench.maven.cores;

import java.util.LinkedHashMap;
import java.util.Map;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.report.cores.CpuLayout;

/**
 * IBM's method gives the load per server core (4 client threads per vCPU): {@code -DusersPerServerCore=4} sets
 * {@code users} to 4 × the server's cores of the run, unless {@code users} was given explicitly. When the count of
 * cores is a dimension (-DserverCpus=1,2), each count's points get 4 × that count.
 */
public final class UsersPerCore {
    private UsersPerCore() {
    }

    public static Map<String, String> apply(Map<String, String> parameters, CpuLayout cpus, boolean usersExplicit,
                                            BuildLog log) throws InvalidRunException {
        String value = parameters.getOrDefault("usersPerServerCore", "0").trim();
        int perCore;
        try {
            perCore = value.isEmpty() ? 0 : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new InvalidRunException("usersPerServerCore '" + value + "' is not a whole number");
        }
        if (perCore <= 0) {
            return parameters;
        }
        if (usersExplicit) {
            log.info("users " + parameters.get("users") + " as given: usersPerServerCore=" + perCore + " not applied");
            Map<String, String> as = new LinkedHashMap<>(parameters);
            as.put("usersPerServerCore", "0"); // recorded as not applied: every count of cores gets the users given
            return as;
        }
        if (!cpus.isolated()) {
            throw new InvalidRunException("usersPerServerCore=" + perCore + " needs the server on cores of its own, and"
                    + " this run shares them (" + cpus.why() + "): give -Dusers instead");
        }
        Map<String, String> with = new LinkedHashMap<>(parameters);
        if (cpus.variesServerCores()) {
            // one closed-model level per count of cores, which the points pair with their count
            String users = cpus.serverCores().stream().map(c -> Integer.toString(perCore * c))
                    .collect(java.util.stream.Collectors.joining(","));
            with.put("users", users);
            log.info("users " + users + ": " + perCore + " per server core at " + cpus.serverCores() + " server cores");
            return with;
        }
        int users = perCore * cpus.server().size();
        with.put("users", Integer.toString(users));
        log.info("users " + users + ": " + perCore + " per server core, " + cpus.server().size() + " server core(s)");
        return with;
    }
}
