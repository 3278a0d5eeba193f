package org.esbbench.report.usage;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Says when a scenario run's figures are not the server's limit. Whenever the machine's CPU was nearly all busy
 * the run is flagged {@value #MACHINE_SATURATED}, whatever the shares: the figures are this machine's limit with
 * the server, the load generator and the backend sharing it, not the server's alone. On top of it: if the load
 * generator (JMeter) or the echo backend took as much of it as the server did (and more than everything outside
 * the run), the run measured the harness, not the server; if processes outside the run took a large share, the
 * machine was not quiet and the figures understate the server. Utilisations are percent of the whole machine
 * (all cores), over the measurement window.
 *
 * @param thresholdPercent machine CPU utilisation from which the machine counts as saturated
 */
public record SaturationCheck(double thresholdPercent) {
    /** The flag of a run during which the machine was at least the threshold busy, whoever took the CPU. */
    public static final String MACHINE_SATURATED = "machine-saturated";

    /** Share of the machine taken by processes outside the run from which the machine was not quiet. */
    static final double OTHERS_PERCENT = 20;

    /**
     * @param server    server CPU %, null when unknown (external server without a JMX address)
     * @param backend   backend CPU %, null when the suite did not start it
     * @param generator JMeter's CPU %, null when unknown
     * @param machine   whole machine CPU %, null when unknown (not Linux)
     * @return the flags, empty when the figures can stand as the server's
     */
    public List<String> flags(Double server, Double backend, Double generator, Double machine) {
        List<String> flags = new ArrayList<>();
        boolean machineSaturated = machine != null && machine >= thresholdPercent;
        if (!machineSaturated) {
            return flags;
        }
        flags.add(String.format(Locale.ROOT, "%s: machine CPU %.0f%% busy (server %s, load generator %s,"
                + " echo backend %s)", MACHINE_SATURATED, machine, percent(server), percent(generator), percent(backend)));
        double serverShare = server == null ? 0 : server;
        double others = server == null || backend == null || generator == null ? 0
                : Math.max(0, machine - server - backend - generator);
        if (others >= OTHERS_PERCENT) {
            flags.add(String.format(Locale.ROOT, "machine-busy: machine CPU %.0f%% busy, %.0f%% of it by processes"
                    + " outside the run", machine, others));
        }
        if (server == null) {
            // No server CPU (a server started by hand without jmx=): never compared as if it were 0. A harness
            // process is flagged only when it took more of the machine than everything else put together, the
            // server included ("echo backend 4% vs server unknown" on a saturated machine is no finding).
            double g = generator == null ? 0 : generator;
            double b = backend == null ? 0 : backend;
            if (generator != null && g >= machine - g) {
                flags.add(String.format(Locale.ROOT, "generator-saturated: machine CPU %.0f%% busy, load generator"
                        + " %.0f%%, more than the rest of the machine (server unknown)", machine, g));
            }
            if (backend != null && b >= machine - b) {
                flags.add(String.format(Locale.ROOT, "backend-saturated: machine CPU %.0f%% busy, echo backend"
                        + " %.0f%%, more than the rest of the machine (server unknown)", machine, b));
            }
            return flags;
        }
        if (generator != null && generator >= serverShare && generator >= others) {
            flags.add(String.format(Locale.ROOT, "generator-saturated: machine CPU %.0f%% busy, load generator %.0f%%"
                    + " vs server %s", machine, generator, percent(server)));
        }
        if (backend != null && backend >= serverShare && backend >= others) {
            flags.add(String.format(Locale.ROOT, "backend-saturated: machine CPU %.0f%% busy, echo backend %.0f%%"
                    + " vs server %s", machine, backend, percent(server)));
        }
        return flags;
    }

    /** The prefix of an engine's saturation flag: {@code engine-saturated[engine-2]: ...}. */
    public static final String ENGINE_SATURATED = "engine-saturated";
    /** The flag of the client of JMeter engines that took the largest share of this machine. */
    public static final String CLIENT_SATURATED = "client-saturated";

    /**
     * One rule for every host a load generator ran on: when the host was at least the threshold busy and a load
     * generation process (a JMeter engine, the engines' client) took the largest share of it, larger than every other
     * process named and than the rest of the host (busy minus the named ones), that process is the limit.
     *
     * @param host   the host in words, e.g. "10.0.0.5" or "this machine"
     * @param busy   the host's CPU %, null when unknown (no flag)
     * @param shares each known process on the host by name ({@code engine-k}, {@code client}, {@code server},
     *               {@code backend}), percent of the host; unknown ones left out
     * @return {@code engine-saturated[engine-k]} or {@code client-saturated} flags, empty when none applies
     */
    public List<String> hostFlags(String host, Double busy, java.util.Map<String, Double> shares) {
        List<String> flags = new ArrayList<>();
        if (busy == null || busy < thresholdPercent || shares.isEmpty()) {
            return flags;
        }
        double named = shares.values().stream().mapToDouble(Double::doubleValue).sum();
        double rest = Math.max(0, busy - named);
        double largest = Math.max(rest, shares.values().stream().mapToDouble(Double::doubleValue).max().orElse(0));
        shares.forEach((name, pct) -> {
            if (pct < largest) {
                return;
            }
            if (name.startsWith("engine-")) {
                flags.add(String.format(Locale.ROOT, "%s[%s]: host %s %.0f%% busy, engine %.0f%%", ENGINE_SATURATED,
                        name, host, busy, pct));
            } else if (name.equals("client")) {
                flags.add(String.format(Locale.ROOT, "%s: host %s %.0f%% busy, client of the engines %.0f%%",
                        CLIENT_SATURATED, host, busy, pct));
            }
        });
        return flags;
    }

    private static String percent(Double value) {
        return value == null ? "unknown" : String.format(Locale.ROOT, "%.0f%%", value);
    }
}
