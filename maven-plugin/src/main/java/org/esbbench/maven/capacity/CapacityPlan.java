package org.esbbench.maven.capacity;

import java.util.Map;
import java.util.Optional;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.scenario.ProgressLine;
import org.esbbench.report.capacity.CapacitySettings;

/**
 * What check says of a run with {@code -Dcapacity}, in place of the scenario runs and load of a measured run: how
 * many searches, under which objective, and about how long each takes.
 */
public final class CapacityPlan {
    /** Probes a search typically takes: doubling to a failure and bisecting to 5 %, a repeat or two. */
    static final int TYPICAL_PROBES = 10;
    /** Seconds of a probe outside its window: JMeter's start and end, and its analysis. */
    static final long PROBE_OVERHEAD_SECONDS = 5;

    private CapacityPlan() {
    }

    /** The line check prints for a capacity run; empty for any other run. */
    public static Optional<String> summary(Map<String, String> parameters, RunParameters plan) {
        if (!CapacitySettings.requested(parameters)) {
            return Optional.empty();
        }
        CapacitySettings s = CapacitySettings.of(parameters);
        int searches = plan.points().size();
        long perSearch = perSearchSeconds(s, plan);
        return Optional.of(searches + " capacity search(es) (" + plan.plans().size() + " plan(s) × "
                + plan.points().size() / Math.max(1, plan.plans().size()) + " point(s)) under "
                + s.objective().describe() + ": each a " + plan.warmupSeconds() + " s warm-up (closed model, "
                + plan.users().get(0) + " users), probes of " + s.probeSeconds() + " s after "
                + CapacitySettings.PROBE_WARMUP_SECONDS + " s at their rate from " + (s.start().isPresent()
                ? s.start().getAsInt() + "/s" : "a tenth of the warm-up's throughput") + " to "
                + s.precisionPercent() + " %, and a " + plan.measurementSeconds()
                + " s confirmation window: about " + ProgressLine.formatDuration(perSearch) + " per search for "
                + TYPICAL_PROBES + " probes, at most " + ProgressLine.formatDuration(s.deadlineSeconds())
                + " of probes (-D" + CapacitySettings.DEADLINE + ")");
    }

    /** About how long one search takes: its warm-up, {@link #TYPICAL_PROBES} probes and the confirmation window. */
    static long perSearchSeconds(CapacitySettings s, RunParameters plan) {
        return plan.warmupSeconds() + PROBE_OVERHEAD_SECONDS + TYPICAL_PROBES * (s.probeSeconds()
                + CapacitySettings.PROBE_WARMUP_SECONDS + PROBE_OVERHEAD_SECONDS) + plan.measurementSeconds()
                + CapacitySettings.PROBE_WARMUP_SECONDS + PROBE_OVERHEAD_SECONDS;
    }

    /**
     * About how long a capacity run's searches take, for a round's length (a search's probes stand in for the
     * scenario runs of a measured run); empty for any other run.
     */
    public static java.util.OptionalLong estimatedSeconds(Map<String, String> parameters, RunParameters plan) {
        if (!CapacitySettings.requested(parameters)) {
            return java.util.OptionalLong.empty();
        }
        return java.util.OptionalLong.of(plan.points().size() * perSearchSeconds(CapacitySettings.of(parameters), plan));
    }

    /** The load part of the run's description: the objective and the search, not a rate. */
    public static String describeLoad(Map<String, String> parameters) {
        CapacitySettings s = CapacitySettings.of(parameters);
        return "capacity under " + s.objective().text() + " searched per point (open model, rates chosen by the"
                + " search, probes of " + s.probeSeconds() + " s, precision " + s.precisionPercent() + " %)";
    }
}
