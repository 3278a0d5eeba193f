package org.esbbench.maven.targets;

import org.esbbench.maven.parameters.InvalidRunException;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The PerfMon ServerAgent of a target profile, its keys {@code perfmon=start} (the suite starts the agent on this
 * machine, beside a local server, on {@code perfmon.port}, default 4444) or {@code perfmon=host:port} (an agent
 * already running on the server's host), and {@code perfmon.cores} (that host's cores, for CPU per message from its
 * CPU percentage; this machine's for a started agent). Without {@code perfmon} there is no PerfMon collection.
 * The plans' PerfMon collector reads the agent at {@link #host()}:{@link #port()}.
 *
 * @param start true when the suite starts the agent
 * @param host  where the plans' collector connects (127.0.0.1 for a started agent)
 * @param port  the agent's TCP port
 * @param cores the agent's host's cores, when known
 */
public record PerfMonTarget(boolean start, String host, int port, OptionalInt cores) {
    static final int DEFAULT_PORT = 4444;

    /** The profile's agent; empty when the profile has no {@code perfmon} key. */
    public static Optional<PerfMonTarget> of(TargetProfile profile) throws InvalidRunException {
        String value = profile.properties().getProperty("perfmon", "").trim();
        if (value.isEmpty()) {
            return Optional.empty();
        }
        OptionalInt cores = intKey(profile, "perfmon.cores", 1, 4096);
        if (value.equals("start")) {
            int port = intKey(profile, "perfmon.port", 1, 65535).orElse(DEFAULT_PORT);
            return Optional.of(new PerfMonTarget(true, "127.0.0.1", port,
                    OptionalInt.of(cores.orElse(org.esbbench.report.cores.OnlineCpus.count()))));
        }
        int colon = value.lastIndexOf(':');
        try {
            if (colon <= 0) {
                throw new NumberFormatException();
            }
            int port = Integer.parseInt(value.substring(colon + 1).trim());
            if (port < 1 || port > 65535) {
                throw new NumberFormatException();
            }
            return Optional.of(new PerfMonTarget(false, value.substring(0, colon).replace("[", "").replace("]", "").trim(),
                    port, cores));
        } catch (NumberFormatException e) {
            throw new InvalidRunException("target profile " + profile.file() + ": perfmon=" + value
                    + " is neither start nor host:port (e.g. perfmon=start, perfmon=db1.example.org:4444)");
        }
    }

    /** host:port, as the run folder records it. */
    public String address() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    private static OptionalInt intKey(TargetProfile profile, String key, int min, int max) throws InvalidRunException {
        String value = profile.properties().getProperty(key, "").trim();
        if (value.isEmpty()) {
            return OptionalInt.empty();
        }
        try {
            int n = Integer.parseInt(value);
            if (n < min || n > max) {
                throw new NumberFormatException();
            }
            return OptionalInt.of(n);
        } catch (NumberFormatException e) {
            throw new InvalidRunException("target profile " + profile.file() + ": " + key + "=" + value
                    + " is not a number from " + min + " to " + max);
        }
    }
}
