package org.esbbench.report.samples;

import org.HdrHistogram.Histogram;
import org.esbbench.report.points.LatencyDistribution;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * One results file split into its windows: samples that started in the warm-up are counted and set aside,
 * statistics come from the measurement window only, samples that started after it are counted and ignored. An
 * open-model arrival belongs to the window in which it was due, not the one in which it was sent: under a growing
 * backlog the arrivals due late in the window and sent after it are the slowest, and they count
 * ({@link Sample#windowMillis()}).
 *
 * @param file        the JTL read
 * @param window      the windows, with the run's start
 * @param warmup      samples in the warm-up window (statistics too, for the curious; never published)
 * @param measurement samples in the measurement window: the run's figures
 * @param after       samples that started after the measurement window ended
 * @param measurementHistogram    the measurement window's response times in microseconds, 3 significant digits,
 *                                tagged with their {@link LatencyTiming} ({@link LatencyHistogram}): what its
 *                                percentiles are read from, and what a point's repeats are merged from
 * @param failureMessageColumn    whether the file has JMeter's {@code failureMessage} column; without it every
 *                                failed sample is an error (see {@link #warnings()})
 * @param coverage                how close to the window's bounds its first and last samples started
 * @param overTime                the measurement window per 10 s and per third (throughput chart, drift rule)
 */
public record WindowedResults(Path file, Window window, Statistics warmup, Statistics measurement, long after,
                              Histogram measurementHistogram, boolean failureMessageColumn, Coverage coverage,
                              ThroughputSeries overTime) {

    /**
     * How much of the measurement window had load: the start of its first and last samples, epoch ms (-1 when the
     * window has none).
     */
    public record Coverage(Window window, long firstStartMillis, long lastStartMillis) {
        /** Milliseconds from the window's start to its first sample's start (the whole window when it has none). */
        public long gapAtStartMillis() {
            return firstStartMillis < 0 ? window.measurementMillis() : firstStartMillis - window.measurementStartMillis();
        }

        /** Milliseconds from its last sample's start to the window's end (the whole window when it has none). */
        public long gapAtEndMillis() {
            return lastStartMillis < 0 ? window.measurementMillis() : window.measurementEndMillis() - lastStartMillis;
        }

        /** Whether load began within {@code toleranceMillis} of the window's start and lasted to as near its end. */
        public boolean covered(long toleranceMillis) {
            return gapAtStartMillis() <= toleranceMillis && gapAtEndMillis() <= toleranceMillis;
        }
    }

    /** How the measurement window's response times were timed: microseconds, whole milliseconds or some each. */
    public LatencyTiming latencyTiming() {
        return measurement.latencyTiming();
    }

    /** The measurement window's response-time percentile distribution (what the latency chart plots). */
    public List<LatencyDistribution.Step> measurementDistribution() {
        return LatencyDistribution.of(measurementHistogram);
    }

    /** What a reader of the figures must be told about the file: empty when nothing. */
    public List<String> warnings() {
        return failureMessageColumn ? List.of() : List.of(JtlReader.noFailureMessageColumn(file));
    }

    /**
     * Reads {@code file} with the run's start taken as its earliest sample start. Rows are written in order of
     * completion, not start, so finding the earliest start takes a first pass over the file.
     */
    public static WindowedResults read(Path file, long warmupMillis, long measurementMillis) throws IOException {
        AtomicLong earliest = new AtomicLong(Long.MAX_VALUE);
        long rows = JtlReader.read(file, sample -> earliest.accumulateAndGet(sample.startMillis(), Math::min));
        if (rows == 0) {
            throw new IOException(file + " holds no samples");
        }
        return read(file, new Window(earliest.get(), warmupMillis, measurementMillis));
    }

    /**
     * Reads {@code file} with its windows anchored on the load's start when known ({@link
     * org.esbbench.report.run.LoadStart}: one pass), else on its earliest sample start (two passes).
     */
    public static WindowedResults read(Path file, long warmupMillis, long measurementMillis, OptionalLong loadStart)
            throws IOException {
        if (loadStart.isEmpty()) {
            return read(file, warmupMillis, measurementMillis);
        }
        return read(file, new Window(loadStart.getAsLong(), warmupMillis, measurementMillis));
    }

    /** Reads {@code file} against known windows (one pass over the samples, after a look at the header). */
    public static WindowedResults read(Path file, Window window) throws IOException {
        return read(file, window, sample -> sample);
    }

    /**
     * Reads {@code file} against known windows with JMeter's whole-millisecond elapsed times only, ignoring an
     * {@value Sample#ELAPSED_US} column: what JMeter's own dashboard of the window is made of, for comparing with it.
     */
    public static WindowedResults readWholeMillis(Path file, Window window) throws IOException {
        return read(file, window, Sample::inWholeMillis);
    }

    private static WindowedResults read(Path file, Window window, UnaryOperator<Sample> timing) throws IOException {
        boolean failureMessageColumn = JtlReader.hasFailureMessageColumn(file);
        StatisticsAccumulator warmup = new StatisticsAccumulator(failureMessageColumn);
        StatisticsAccumulator measurement = new StatisticsAccumulator(failureMessageColumn,
                window.measurementStartMillis(), window.measurementMillis());
        ThroughputSeries overTime = new ThroughputSeries(window);
        long[] after = {0};
        long[] firstLast = {-1, -1};
        long rows = JtlReader.read(file, read -> {
            Sample sample = timing.apply(read);
            measurement.addReply(sample);
            switch (window.phaseOf(sample.windowMillis())) {
                case WARMUP -> warmup.add(sample);
                case MEASUREMENT -> {
                    measurement.add(sample);
                    long start = sample.windowMillis();
                    firstLast[0] = firstLast[0] < 0 ? start : Math.min(firstLast[0], start);
                    firstLast[1] = Math.max(firstLast[1], start);
                    overTime.add(sample);
                }
                case AFTER -> after[0]++;
            }
        });
        if (rows == 0) {
            throw new IOException(file + " holds no samples");
        }
        return new WindowedResults(file, window,
                warmup.statistics(window.startMillis(), window.warmupMillis()),
                measurement.statistics(window.measurementStartMillis(), window.measurementMillis()),
                after[0], measurement.histogram(), failureMessageColumn, new Coverage(window, firstLast[0], firstLast[1]),
                overTime);
    }
}
