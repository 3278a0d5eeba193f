package org.esbbench.report.samples;

import java.util.ArrayList;
import java.util.List;

/**
 * The measurement window over time, collected in the same single pass as the window's own figures: samples per
 * {@value #BUCKET_MILLIS} ms bucket and per third of the window, each with its response-time histogram (µs, 3
 * significant digits, like the window's: {@link LatencyHistogram}), by sample start as {@link Window#phaseOf} counts them. What the
 * throughput chart plots and what the drift rule compares.
 *
 * <p>A bucket's or third's throughput is its samples divided by the time of it that load covered: up to the
 * last sample's end, as the window's own throughput is ({@link Statistics#durationMillis()}), so a run whose
 * load stopped early is not shown as slowing down. A sample that starts on the window's last millisecond (the
 * window takes in {@code [start, end]}) is counted in the last bucket and third.
 *
 * <p>Memory: a histogram of microseconds per bucket that saw a sample (90 for a 900 s window; HdrHistogram's own
 * estimate is about 17 KB each for response times under a millisecond, 90 KB under a second, 140 KB with
 * minute-long outliers: some 8 MB for a 900 s window of sub-second samples) and three for the thirds.
 */
public final class ThroughputSeries {
    /** One point per 10 s of the window. */
    public static final long BUCKET_MILLIS = 10_000;

    private final Window window;
    private final Part[] buckets;
    private final Part[] thirds = {new Part(), new Part(), new Part()};
    private long lastEnd = Long.MIN_VALUE;

    public ThroughputSeries(Window window) {
        this.window = window;
        this.buckets = new Part[(int) ((window.measurementMillis() + BUCKET_MILLIS - 1) / BUCKET_MILLIS)];
    }

    /** Adds a sample of the measurement window (the caller has checked {@link Window#phaseOf}). */
    public void add(Sample sample) {
        long offset = sample.windowMillis() - window.measurementStartMillis();
        if (offset < 0 || offset > window.measurementMillis()) {
            throw new IllegalArgumentException("sample of " + sample.windowMillis() + " is outside the measurement"
                    + " window " + window.measurementStartMillis() + ".." + window.measurementEndMillis());
        }
        int b = (int) Math.min(buckets.length - 1, offset / BUCKET_MILLIS);
        if (buckets[b] == null) {
            buckets[b] = new Part();
        }
        buckets[b].add(sample);
        thirds[(int) Math.min(2, offset * 3 / window.measurementMillis())].add(sample);
        lastEnd = Math.max(lastEnd, sample.endMillis());
    }

    public Window window() {
        return window;
    }

    /**
     * Every bucket of the window, in order, including empty ones; the last is shorter when the window is not a
     * whole number of buckets. A bucket the load did not reach (past the last sample's end) has a covered time of 0.
     */
    public List<Slice> buckets() {
        List<Slice> slices = new ArrayList<>();
        for (int i = 0; i < buckets.length; i++) {
            long from = i * BUCKET_MILLIS;
            long to = Math.min(window.measurementMillis(), from + BUCKET_MILLIS);
            slices.add(slice(buckets[i], from, to));
        }
        return slices;
    }

    /** The window's first, middle and last third (a third of its length each, to the millisecond). */
    public List<Slice> thirds() {
        long length = window.measurementMillis();
        return List.of(slice(thirds[0], 0, length / 3), slice(thirds[1], length / 3, length * 2 / 3),
                slice(thirds[2], length * 2 / 3, length));
    }

    private Slice slice(Part part, long fromOffset, long toOffset) {
        long start = window.measurementStartMillis();
        long coveredTo = lastEnd == Long.MIN_VALUE ? fromOffset : Math.min(toOffset, lastEnd - start);
        long covered = Math.max(0, coveredTo - fromOffset);
        return part == null ? new Slice(fromOffset, toOffset - fromOffset, covered, 0, 0)
                : new Slice(fromOffset, toOffset - fromOffset, covered, part.samples,
                part.samples == 0 ? 0 : part.latency.millisAtPercentile(99));
    }

    /**
     * A stretch of the window.
     *
     * @param offsetMillis  where it starts, ms into the measurement window
     * @param lengthMillis  its length (10 s for a bucket but maybe the last)
     * @param coveredMillis the part of it load covered: its length, less when the last sample ended before its end
     * @param samples       samples that started in it
     * @param p99Millis     their 99th percentile response time (ms, to the µs when timed in µs), 0 without samples
     */
    public record Slice(long offsetMillis, long lengthMillis, long coveredMillis, long samples, double p99Millis) {
        /** Samples per second of covered time; 0 when not covered. */
        public double throughputPerSecond() {
            return coveredMillis <= 0 ? 0 : samples * 1000.0 / coveredMillis;
        }
    }

    /** Samples and response times of one bucket or third. */
    private static final class Part {
        private final LatencyRecorder latency = new LatencyRecorder();
        private long samples;

        void add(Sample sample) {
            samples++;
            latency.add(sample);
        }
    }
}
