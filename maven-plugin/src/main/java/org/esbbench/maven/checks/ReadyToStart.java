package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.processes.Readiness;
import org.esbbench.maven.servers.TargetServers;
import org.esbbench.maven.targets.PerfMonTarget;
import org.esbbench.maven.targets.TargetProfile;
import java.net.URI;
import java.util.Optional;

/** Check's last look before a build that measures starts anything: the target's port, and every port it will bind free. */
public final class ReadyToStart {
    private ReadyToStart() {
    }

    /** What must hold before anything starts: the target's port, the payloads, and every port the run will bind free. */
    public static void require(RunParameters plan, TargetProfile profile, TargetServers servers) throws InvalidRunException {
        profile.port();
        // A malformed perfmon key, or the port of an agent to start already taken, fails here, before anything starts.
        Optional<PerfMonTarget> perfmon = PerfMonTarget.of(profile);
        if (perfmon.isPresent() && perfmon.get().start()) {
            Readiness.requireFreePort("PerfMon agent", perfmon.get().host(), perfmon.get().port());
        }
        if (!servers.startsBackend() && plan.delays().size() > 1) {
            throw new InvalidRunException("-Ddelay=" + RunParameters.describe(plan.delays()).replace(" ", "") + ": a list of delays needs the echo backend the suite"
                    + " starts (it restarts it between delays); target '" + profile.name() + "' says backend=external");
        }
        if (servers.startsBackend()) {
            Readiness.requireFreePort("echo backend", servers.backend().localHost(), servers.backend().port());
        }
        if (servers.command().isPresent()) {
            Readiness.requireFreePort("server of target '" + profile.name() + "'", profile.host(), profile.port());
        }
        if (profile.startsServers()) {
            Readiness.requireFreePort("reference server", profile.host(), profile.port());
            URI broker = profile.jmsProviderUrl();
            Readiness.requireFreePort("embedded JMS broker", broker.getHost(), broker.getPort());
            if (profile.managementAgent().isPresent()) {
                Readiness.requireFreePort("reference server's management agent (JMX)", "127.0.0.1",
                        profile.managementAgent().get().getPort());
            }
        }
    }
}
