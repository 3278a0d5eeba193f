package org.esbbench.jmeter;

/**
 * The nanoseconds of a sample that JMeter itself counts, within the bracket a {@code SampleMonitor} sees.
 *
 * <p>A monitor is called before and after {@code sampler.sample()}; JMeter's own {@code elapsed} runs from the
 * sampler's {@code sampleStart()} to its {@code sampleEnd()} inside it. Between the two lie the sampler's set-up
 * (the HTTP sampler builds its thread's HttpClient on the first sample, 100 ms and more) and whatever pauses the
 * thread there (a GC, the scheduler on a busy machine). JMeter's timestamps are whole milliseconds of the same
 * {@code System.nanoTime()} clock ({@code nanoTime / 1_000_000 + offset}, JMeter's default
 * {@code sampleresult.useNanoTime=true}), so they say in which millisecond the sample started and ended: the
 * bracket is clipped to start no earlier than the first nanosecond of JMeter's start millisecond and to end no
 * later than the last nanosecond of its end millisecond. What remains agrees with {@code elapsed} to within 1 ms by
 * construction, and within each boundary millisecond keeps the monitor's own reading (a few microseconds from
 * JMeter's when nothing came between).
 */
final class SampleBracket {

    private static final long NANOS_PER_MILLI = 1_000_000L;

    private SampleBracket() {
    }

    /**
     * @param startNanos  the monitor's start (System.nanoTime)
     * @param endNanos    the monitor's end
     * @param startMillis JMeter's start of the sample, minus {@code offsetMillis}: {@code startNanos'/1_000_000}
     * @param endMillis   JMeter's end of the sample, likewise
     * @return the elapsed microseconds of the clipped bracket; the monitor's own when the two do not overlap (a
     *         clock JMeter was told to take from the wall, {@code sampleresult.useNanoTime=false}, that stepped)
     */
    static long micros(long startNanos, long endNanos, long startMillis, long endMillis) {
        long from = Math.max(startNanos, firstNanoOf(startMillis));
        long to = Math.min(endNanos, lastNanoOf(endMillis));
        if (to < from) {
            return Math.max(0, (endNanos - startNanos) / 1_000);
        }
        return (to - from) / 1_000;
    }

    /** The smallest n with {@code n / 1_000_000 == milli} (Java's division truncates towards zero). */
    static long firstNanoOf(long milli) {
        return milli > 0 ? milli * NANOS_PER_MILLI : (milli - 1) * NANOS_PER_MILLI + 1;
    }

    /** The largest n with {@code n / 1_000_000 == milli}. */
    static long lastNanoOf(long milli) {
        return milli >= 0 ? (milli + 1) * NANOS_PER_MILLI - 1 : milli * NANOS_PER_MILLI;
    }
}
