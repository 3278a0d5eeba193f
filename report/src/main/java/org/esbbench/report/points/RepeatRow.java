package org.esbbench.report.points;

/**
 * The figures of one repeat of one point, as written to a run's {@code points.csv}: the measurement window's
 * client-side statistics and, where known, the server-side and machine figures. Boxed fields are {@code null}
 * when the figure is unknown (e.g. no CPU figures for an external server without a JMX address).
 *
 * @param point                 what was measured
 * @param repeat                1-based repeat number
 * @param samples               samples in the measurement window
 * @param errors                failed samples that are not incorrect replies (see {@code Sample.outcomeOf})
 * @param incorrect             failed samples whose message starts with {@code incorrect reply: }
 * @param throughputPerSecond   samples per second over the window
 * @param meanMs                mean response time (exact)
 * @param stdDevMs              standard deviation of the response time
 * @param minMs                 minimum response time (exact)
 * @param maxMs                 maximum response time (exact)
 * @param p50Ms                 median response time (HdrHistogram, 3 significant digits)
 * @param p90Ms                 90th percentile
 * @param p95Ms                 95th percentile
 * @param p99Ms                 99th percentile
 * @param cpuMicrosPerMessage   server CPU time per message in the window
 * @param serverCpuPercent      server CPU utilisation, percent of the whole machine (all cores)
 * @param gcThroughputPercent   share of the window the server's JVM was not paused for GC
 * @param heapAfterFullGcMb     average heap in use after the full GCs in the window (MB)
 * @param generatorCpuPercent   load generator (JMeter) CPU utilisation, percent of the machine
 * @param backendCpuPercent     echo backend CPU utilisation, percent of the machine
 * @param machineCpuPercent     the whole machine's CPU utilisation
 * @param flags                 saturation and other warnings, "; " separated, empty when none
 * @param dashboard             path of the JMeter dashboard's index.html relative to the run folder, or empty
 */
public record RepeatRow(Point point, int repeat, long samples, long errors, long incorrect,
                        double throughputPerSecond, double meanMs, double stdDevMs, long minMs, long maxMs,
                        long p50Ms, long p90Ms, long p95Ms, long p99Ms,
                        Double cpuMicrosPerMessage, Double serverCpuPercent, Double gcThroughputPercent,
                        Double heapAfterFullGcMb, Double generatorCpuPercent, Double backendCpuPercent,
                        Double machineCpuPercent, String flags, String dashboard) {

    public RepeatRow {
        flags = flags == null ? "" : flags;
        dashboard = dashboard == null ? "" : dashboard;
    }

    /** Errors, percent of the window's samples (0 without samples). */
    public double errorPercent() {
        return percentOfSamples(errors, samples);
    }

    /** Incorrect replies, percent of the window's samples (0 without samples). */
    public double incorrectPercent() {
        return percentOfSamples(incorrect, samples);
    }

    static double percentOfSamples(long count, long samples) {
        return samples == 0 ? 0 : 100.0 * count / samples;
    }

    public boolean clean() {
        return errors == 0 && incorrect == 0;
    }
}
