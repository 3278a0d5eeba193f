package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.esbbench.report.dashboard.JMeterDashboard;
import org.esbbench.report.points.Point;

/**
 * What the analysis will need in memory, known before any load: the samples of the plan's largest scenario run,
 * estimated from its load, against the heap JMeter's dashboards will get ({@link JMeterDashboard#heapMbFor}: its
 * report generator keeps every response time of a window) and the heap the analysis itself runs in (Maven's own).
 *
 * <p>Samples per second of a point: the rate in the open model; in the closed model each user sends its next
 * request when the previous reply came, so at most one per {@code max(delay, 0.2 ms)} (0.2 ms: about the fastest
 * round trip of a request through JMeter and a server on loopback), capped for either model at
 * {@value #CEILING_SAMPLES_PER_SECOND} samples/s, the most one JMeter takes on one machine (README: one client core
 * takes 20,000 to 40,000 samples/s; the upper end, since too many samples is the safe side of a memory estimate).
 *
 * <p>The dashboards may get at most half of this machine's memory (as the JVM sees it: a container's limit counts),
 * or {@code -DdashboardHeap} when given, which may not exceed the machine's memory. A scenario run whose dashboard
 * would need more gets none: the analysis skips it and the summary says why (the analysis applies the same rule,
 * with the same figures, to the counted samples).
 *
 * <p>The analysis itself streams: one pass over each results file into HDR histograms, a constant heap whatever
 * the file's size (report/bench/heap-per-sample.sh: 7 MB live for 1, 2 and 4 million samples).
 */
public final class MemoryEstimate {
    /** The most samples per second assumed of one JMeter on one machine. */
    static final long CEILING_SAMPLES_PER_SECOND = 40_000;
    /** The shortest request cycle assumed of one closed-model user, microseconds. */
    static final long CLOSED_FLOOR_MICROS = 200;
    /** The heap the streaming analysis needs, whatever the samples (measured live: 7 MB; with room for its charts). */
    static final long ANALYSIS_HEAP_MB = 64;

    private MemoryEstimate() {
    }

    /** The plan's largest scenario run: its point and estimated samples in its results file and in its window. */
    record Largest(Point point, long samplesPerSecond, long fileSamples, long windowSamples) {
    }

    /** Samples per second of {@code point}, by the rules above. */
    static long samplesPerSecond(Point point) {
        long rate = point.isOpen() ? point.rate()
                : point.users() * 1_000_000L / Math.max(point.delayMs() * 1000, CLOSED_FLOOR_MICROS);
        return Math.min(rate, CEILING_SAMPLES_PER_SECOND);
    }

    static Optional<Largest> largest(RunParameters plan) {
        long fileSeconds = plan.warmupSeconds() + plan.measurementSeconds() + RunParameters.TAIL_SECONDS;
        return plan.points().stream().max(Comparator.comparingLong(MemoryEstimate::samplesPerSecond).thenComparingInt(Point::load))
                .map(p -> new Largest(p, samplesPerSecond(p), samplesPerSecond(p) * fileSeconds,
                        samplesPerSecond(p) * plan.measurementSeconds()));
    }

    /** This machine's memory in MB, as the JVM sees it (a container's limit included). */
    public static long machineMb() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize() / (1024 * 1024);
        }
        return Runtime.getRuntime().maxMemory() / (1024 * 1024) * 4;
    }

    /**
     * The most heap a dashboard may get, MB: {@code -DdashboardHeap} (e.g. 6g, 3000m) or half the machine's memory.
     *
     * @throws InvalidRunException when the value is no size, or more than the machine has
     */
    public static long dashboardHeapLimitMb(String dashboardHeap, long machineMb) throws InvalidRunException {
        String v = dashboardHeap == null ? "" : dashboardHeap.strip().toLowerCase(Locale.ROOT);
        if (v.isEmpty()) {
            return Math.max(1, machineMb / 2);
        }
        long mb;
        try {
            if (v.endsWith("g")) {
                mb = Long.parseLong(v.substring(0, v.length() - 1)) * 1024;
            } else if (v.endsWith("m")) {
                mb = Long.parseLong(v.substring(0, v.length() - 1));
            } else {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            throw new InvalidRunException("-DdashboardHeap=" + dashboardHeap + " is not a heap size; give megabytes or"
                    + " gigabytes as the JVM writes them, e.g. -DdashboardHeap=3000m or -DdashboardHeap=6g");
        }
        if (mb < 1 || mb > machineMb) {
            throw new InvalidRunException("-DdashboardHeap=" + dashboardHeap + " is " + (mb < 1 ? "no heap" : "more than this"
                    + " machine's " + machineMb + " MB of memory") + "; give at most " + machineMb + "m, or -Ddashboards=false"
                    + " for no dashboards");
        }
        return mb;
    }

    /**
     * What check says about memory, before any load: one line when everything fits, or warnings naming the scenario
     * run, its estimate, the heap it would need, what the analysis will do and how to change it.
     */
    public static List<String> describe(RunParameters plan, boolean dashboards, long dashboardLimitMb, long machineMb,
                                 long analysisMaxHeapMb) {
        List<String> lines = new ArrayList<>();
        Optional<Largest> largest = largest(plan);
        if (largest.isEmpty()) {
            return lines;
        }
        Largest l = largest.get();
        String estimate = "the largest scenario run, " + l.point().key() + ", makes about " + l.fileSamples()
                + " samples (" + l.windowSamples() + " in its " + plan.measurementSeconds() + " s window) at about "
                + l.samplesPerSecond() + " samples/s (" + (l.point().isOpen() ? "its rate" : "users / max(delay, "
                + CLOSED_FLOOR_MICROS + " us)") + ", capped at " + CEILING_SAMPLES_PER_SECOND
                + " samples/s, the most assumed of one JMeter)";
        long needMb = JMeterDashboard.heapMbFor(l.fileSamples());
        if (!dashboards) {
            lines.add("memory: " + estimate + "; no dashboards (-Ddashboards=false)");
        } else if (needMb <= dashboardLimitMb) {
            lines.add("memory: " + estimate + "; its JMeter dashboard needs about " + needMb + " MB of heap ("
                    + JMeterDashboard.FIXED_HEAP_MB + " MB + " + JMeterDashboard.BYTES_PER_SAMPLE + " B/sample), within the "
                    + dashboardLimitMb + " MB the dashboards may get");
        } else {
            long maxSamples = (dashboardLimitMb - JMeterDashboard.FIXED_HEAP_MB) * 1024 * 1024 / JMeterDashboard.BYTES_PER_SAMPLE;
            long affected = plan.points().stream()
                    .filter(p -> JMeterDashboard.heapMbFor(samplesPerSecond(p) * (plan.warmupSeconds()
                            + plan.measurementSeconds() + RunParameters.TAIL_SECONDS)) > dashboardLimitMb).count();
            lines.add("WARNING: memory: " + estimate + "; its JMeter dashboard would need about " + needMb + " MB of heap ("
                    + JMeterDashboard.FIXED_HEAP_MB + " MB + " + JMeterDashboard.BYTES_PER_SAMPLE + " B/sample), more than the "
                    + dashboardLimitMb + " MB the dashboards may get (half of this machine's " + machineMb
                    + " MB, or -DdashboardHeap). The analysis will make no dashboard for a scenario run of more than about "
                    + Math.max(0, maxSamples) + " samples (" + affected + " of " + plan.points().size()
                    + " points by this estimate) and say so in the summary; the figures are not affected. "
                    + (needMb <= machineMb ? "For the dashboards, give -DdashboardHeap=" + needMb + "m (this machine has "
                    + machineMb + " MB)" : "This machine has too little memory for that dashboard (" + machineMb
                    + " MB); shorten -Dmeasurement or lower the load for one"));
        }
        if (analysisMaxHeapMb < ANALYSIS_HEAP_MB) {
            lines.add("WARNING: memory: the analysis runs in Maven's JVM, whose heap is " + analysisMaxHeapMb + " MB, less"
                    + " than the " + ANALYSIS_HEAP_MB + " MB it needs (streaming: the same whatever the samples); give"
                    + " Maven more, e.g. MAVEN_OPTS=-Xmx256m");
        }
        return lines;
    }
}
