package org.esbbench.maven.scenario;

import org.esbbench.maven.parameters.RunParameters;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.esbbench.report.samples.JtlFollower;

/**
 * The line printed at a steady interval while a scenario run goes: which run of how many, the point, which
 * window (warm-up or measurement) and how far into it, elapsed time and ETA of what is left to measure, the current
 * throughput and the errors so far. A resumed run counts its scenario runs in the whole plan and in this session
 * ({@code run 20 of 48 (3 of 31 this session)}), and its ETA only over the runs this session still measures. It follows the results file JMeter is writing, so it needs nothing from
 * JMeter itself.
 */
public final class ProgressLine {
    private final RunParameters plan;
    private final int alreadyComplete;
    private final int toMeasure;
    /** The heap of each scenario run this session measures, in order: a change is a server restart ahead. */
    private final List<String> heaps;
    private final long runStartNanos;
    private int runsEnded;
    private double secondsOfEndedRuns;

    /** A run that measures its whole plan. */
    public ProgressLine(RunParameters plan, long runStartNanos) {
        this(plan, 0, plan.scenarioRuns(), runStartNanos);
    }

    /**
     * @param alreadyComplete scenario runs the folder held complete when this session began
     * @param toMeasure       scenario runs this session measures (the pending ones)
     */
    public ProgressLine(RunParameters plan, int alreadyComplete, int toMeasure, long runStartNanos) {
        this(plan, alreadyComplete, java.util.Collections.nCopies(toMeasure, ""), runStartNanos);
    }

    /**
     * @param alreadyComplete scenario runs the folder held complete when this session began
     * @param heaps           the heap of each scenario run this session measures, in order ("" when not varied)
     */
    public ProgressLine(RunParameters plan, int alreadyComplete, List<String> heaps, long runStartNanos) {
        this.plan = plan;
        this.alreadyComplete = alreadyComplete;
        this.toMeasure = heaps.size();
        this.heaps = List.copyOf(heaps);
        this.runStartNanos = runStartNanos;
    }

    /** Server restarts for a new heap among the scenario runs after {@code index}. */
    private int restartsAfter(int index) {
        int restarts = 0;
        for (int i = index + 1; i < heaps.size(); i++) {
            if (!heaps.get(i).equals(heaps.get(i - 1))) {
                restarts++;
            }
        }
        return restarts;
    }

    /** A scenario run took this long, JMeter's start-up and shutdown included: the ETA learns from it. */
    public void runEnded(double seconds) {
        runsEnded++;
        secondsOfEndedRuns += seconds;
    }

    /**
     * @param index          0-based index of the scenario run going on among those this session measures
     * @param label          the point and repeat, e.g. "direct, 10 users, 1 KiB, delay 0 ms, repeat 1"
     * @param tail           the results file of that run
     * @param samplesBefore  samples counted at the previous line, for the current rate
     * @param intervalSeconds seconds since the previous line
     */
    public String line(int index, String label, JtlFollower tail, long samplesBefore, double intervalSeconds) throws IOException {
        tail.poll();
        long perRun = plan.loadSeconds();
        long inRun = tail.firstTimestamp() < 0 ? 0 : Math.max(0, (System.currentTimeMillis() - tail.firstTimestamp()) / 1000);
        String window = tail.firstTimestamp() < 0 ? "starting"
                : inRun < plan.warmupSeconds() ? "warm-up" : inRun < perRun ? "measurement" : "ending";
        // Each scenario run takes its windows plus JMeter's start-up and shutdown: once a run has ended, the
        // ETA uses what runs really took.
        double perRunReal = runsEnded == 0 ? perRun : secondsOfEndedRuns / runsEnded;
        long remaining = Math.max(0, perRun - inRun) + Math.round((toMeasure - index - 1) * perRunReal)
                + restartsAfter(index) * RunParameters.RESTART_SECONDS_ESTIMATE;
        double rate = intervalSeconds <= 0 ? 0 : (tail.samples() - samplesBefore) / intervalSeconds;
        double errorPct = tail.samples() == 0 ? 0 : 100.0 * tail.failures() / tail.samples();
        return String.format(Locale.ROOT,
                "run %d of %d%s: %s | %s %s of %s | elapsed %s | ETA %s | %.1f samples/s | failed %d (%.2f%%)",
                alreadyComplete + index + 1, plan.scenarioRuns(),
                toMeasure == plan.scenarioRuns() ? "" : " (" + (index + 1) + " of " + toMeasure + " this session)", label, window, formatDuration(inRun), formatDuration(perRun),
                 formatDuration((System.nanoTime() - runStartNanos) / 1_000_000_000L), formatDuration(remaining),
                rate, tail.failures(), errorPct);
    }

    public static String formatDuration(long seconds) {
        return String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, (seconds / 60) % 60, seconds % 60);
    }
}
