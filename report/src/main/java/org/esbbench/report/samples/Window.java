package org.esbbench.report.samples;

/**
 * The time windows of one run, by time since the run's start: warm-up (ramp-up falls in it), then measurement.
 * A sample belongs to the window in which it started.
 *
 * <p>The measurement window starts on a whole second (the first one at or after the warm-up's end) and takes in
 * samples that started from its first millisecond up to and including its last bound, {@code [start, end]}.
 * That is exactly the range JMeter's report generator keeps for {@code jmeter.reportgenerator.start_date} and
 * {@code end_date}, which take whole seconds and compare inclusively, so the JMeter dashboard of the window
 * and this analysis count the very same samples.
 *
 * @param startMillis       the run's start, epoch ms
 * @param warmupMillis      length of the warm-up window
 * @param measurementMillis length of the measurement window
 */
public record Window(long startMillis, long warmupMillis, long measurementMillis) {

    public Window {
        if (warmupMillis < 0) {
            throw new IllegalArgumentException("warm-up must not be negative, was " + warmupMillis + " ms");
        }
        if (measurementMillis <= 0) {
            throw new IllegalArgumentException("measurement must be positive, was " + measurementMillis + " ms");
        }
    }

    public static Window ofSeconds(long startMillis, double warmupSeconds, double measurementSeconds) {
        return new Window(startMillis, Math.round(warmupSeconds * 1000), Math.round(measurementSeconds * 1000));
    }

    /** The warm-up's end rounded up to a whole second (epoch ms). */
    public long measurementStartMillis() {
        return Math.floorDiv(startMillis + warmupMillis + 999, 1000) * 1000;
    }

    public long measurementEndMillis() {
        return measurementStartMillis() + measurementMillis;
    }

    public Phase phaseOf(long sampleStartMillis) {
        if (sampleStartMillis < measurementStartMillis()) {
            return Phase.WARMUP;
        }
        return sampleStartMillis <= measurementEndMillis() ? Phase.MEASUREMENT : Phase.AFTER;
    }

    public enum Phase { WARMUP, MEASUREMENT, AFTER }
}
