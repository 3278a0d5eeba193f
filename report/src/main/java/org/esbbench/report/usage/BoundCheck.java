package org.esbbench.report.usage;

import java.util.List;
import java.util.Locale;
import org.esbbench.report.cores.CpuList;

/**
 * What bounded a point when the server had cores of its own: the server's cores (busy from the threshold on: the
 * figures are the server's), the load generator's (the figures are a lower bound of what the server can do), or
 * neither (the users or the arrival rate set the load, and the latency is the server's at that load). Every point of
 * an isolated run gets exactly one of the three when both shares are known; a share that is not known is not
 * compared.
 *
 * @param thresholdPercent busy share of a role's cores from which that role counts as the limit
 */
record BoundCheck(double thresholdPercent) {
    /**
     * The hottest part of a role: its busiest CPU ({@code "CPU 5"}) or its busiest thread ({@code "busiest thread"},
     * percent of one CPU), over the window.
     */
    record Hot(String what, double percent) {
        /** The hotter of the two, either of which may be null. */
        static Hot hotter(Hot a, Hot b) {
            return a == null ? b : b == null || a.percent >= b.percent ? a : b;
        }

        String describe() {
            return String.format(Locale.ROOT, "%s %.0f%%%s", what, percent, what.startsWith("CPU") ? " busy" : " of a CPU");
        }
    }

    static final String SERVER_BOUND = "server-bound";
    static final String GENERATOR_BOUND = "generator-bound";
    static final String LOAD_BOUND = "load-bound";
    /** Flag of a point whose load generator's CPUs were busy with processes outside the run. */
    public static final String GENERATOR_CPUS_SHARED = "generator-cpus-shared";

    /**
     * The flag of a neighbour on the load generator's CPUs: their busy time beyond what the run's processes there
     * (JMeter, the backend, the monitor, the build) took, from {@link #SHARED_PERCENT}. The generator then had less
     * than its CPUs: a generator-bound figure is lower still, lateness may be the neighbour's.
     */
    static java.util.Optional<String> generatorShared(CpuList harness, Double harnessCores, Double harnessOwn) {
        if (harnessCores == null || harnessOwn == null || harnessCores - harnessOwn < SHARED_PERCENT) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(Locale.ROOT, "%s: %.0f%% of the load generator's %s went to processes"
                + " outside the run (busy %.0f%%, the run's own there %.0f%%)", GENERATOR_CPUS_SHARED,
                harnessCores - harnessOwn, harness.words(), harnessCores, harnessOwn));
    }

    /** Flag of a point whose server CPUs were busy with processes outside the run (a neighbour). */
    public static final String SERVER_CPUS_SHARED = "server-cpus-shared";
    /**
     * How much of the server's CPUs' busy time, beyond the server's own (and its broker's), makes a neighbour: the
     * kernel's per-CPU ticks and a process's CPU time differ over seconds (measured on this project's 2-CPU machine,
     * direct at 4 users, 2.6 s apart: the server's own time read 0 to 13 points above its CPU's busy share, never
     * below), so less is noise.
     */
    static final double SHARED_PERCENT = 10;

    /**
     * @param server        the server's CPUs at the point (isolated)
     * @param harness       the load generator's and the other roles' CPUs
     * @param serverCores   busy share of the server's cores, null when unknown
     * @param serverOwn     the server's own processes' share of its cores (with a broker started on them), null when
     *                      unknown
     * @param harnessCores  busy share of the other cores, null when unknown
     */
    List<String> flags(CpuList server, CpuList harness, Double serverCores, Double serverOwn, Double harnessCores) {
        return flags(server, harness, serverCores, serverOwn, harnessCores, null, null);
    }

    /**
     * As above, a role's hottest part counting too: a role whose busiest CPU or busiest thread was at the threshold
     * was at its limit there, whatever its CPUs' average (one event-loop thread of eight CPUs reads 12.5 %), and the
     * flag names which.
     *
     * @param serverHot  the server's busiest CPU or thread, null when unknown
     * @param harnessHot the load generator's (JMeter's busiest thread, or the harness's busiest CPU), null when unknown
     */
    List<String> flags(CpuList server, CpuList harness, Double serverCores, Double serverOwn, Double harnessCores,
                       Hot serverHot, Hot harnessHot) {
        if (serverCores == null || harnessCores == null) {
            return List.of();
        }
        // The kernel counts a core's busy time and a process's CPU time each its own way (per tick, per task): the
        // server's own time on its cores is a lower bound of how busy they were, whichever reads higher.
        double serverBusy = serverOwn == null ? serverCores : Math.max(serverCores, serverOwn);
        boolean serverOne = serverBusy < thresholdPercent && serverHot != null && serverHot.percent() >= thresholdPercent;
        boolean harnessOne = harnessCores < thresholdPercent && harnessHot != null
                && harnessHot.percent() >= thresholdPercent;
        String serverText = String.format(Locale.ROOT, "the server's %s %.0f%% busy", server.words(), serverBusy)
                + (serverOne ? ", its " + serverHot.describe() : "");
        String harnessText = String.format(Locale.ROOT, "the load generator's %s %.0f%% busy", harness.words(),
                harnessCores) + (harnessOne ? ", its " + harnessHot.describe() : "");
        boolean serverFull = serverBusy >= thresholdPercent || serverOne;
        boolean harnessFull = harnessCores >= thresholdPercent || harnessOne;
        // A neighbour: busy time on the server's CPUs that is not the server's. Its cores being full then says
        // nothing of the server alone, however they bounded the point.
        double outside = serverOwn == null ? 0 : serverCores - serverOwn;
        if (outside >= SHARED_PERCENT) {
            String shared = String.format(Locale.ROOT, "%s: %.0f%% of the server's %s went to processes outside the run"
                    + " (busy %.0f%%, the server's own %.0f%%): the server competed for its cores", SERVER_CPUS_SHARED,
                    outside, server.words(), serverCores, serverOwn);
            String bound = serverFull
                    ? SERVER_BOUND + ": " + serverText + ", " + harnessText + ": the server's cores were full, not with"
                            + " the server alone: the figures are not the server's"
                    : harnessFull
                            ? GENERATOR_BOUND + ": " + harnessText + ", " + serverText + ": the throughput is a lower"
                                    + " bound of the server's"
                            : LOAD_BOUND + ": " + serverText + ", " + harnessText + ": neither was full, the users or"
                                    + " the arrival rate set the load";
            return List.of(bound, shared);
        }
        if (serverFull && harnessFull) {
            return List.of(SERVER_BOUND + ": " + serverText + ", and " + harnessText + ": both at their limit, the figures"
                    + " are the server's but more load might not have been sent");
        }
        if (serverFull) {
            return List.of(SERVER_BOUND + ": " + serverText + ", " + harnessText + ": the figures are the server's");
        }
        if (harnessFull) {
            return List.of(GENERATOR_BOUND + ": " + harnessText + ", " + serverText + ": the throughput is a lower bound of the"
                    + " server's");
        }
        return List.of(LOAD_BOUND + ": " + serverText + ", " + harnessText + ": neither was the limit, the users or the"
                + " arrival rate set the load");
    }
}
