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
 * bracket is clipped to start no earlier than JMeter's start millisecond and to end no later than its end
 * millisecond. Within a boundary millisecond the monitor's own reading is kept when it is only the call's own
 * overhead away from it ({@link #OVERHEAD_NANOS}); when set-up or a pause came between, all that is known is the
 * millisecond, and its middle is taken (of the part the bracket allows): an error of at most half a millisecond
 * either way instead of a bias of up to a whole one. In the open model every sample is its thread's first, so
 * this is the case of every open-model sample. What remains agrees with {@code elapsed} to within 1 ms.
 */
final class SampleBracket {

    private static final long NANOS_PER_MILLI = 1_000_000L;
    /**
     * How far before JMeter's start millisecond (or after its end millisecond) the monitor's reading may lie and
     * still be taken as it is: the calls between the monitor and the sampler's own timing take a few
     * tens of microseconds (30 on average on the 2-core machine of docs/benchmarks.md); more means set-up (a thread's first HTTP sample builds its client) or a pause came between.
     */
    static final long OVERHEAD_NANOS = 200_000L;

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
        long[] clipped = clip(startNanos, endNanos, startMillis, endMillis);
        return Math.max(0, (clipped[1] - clipped[0]) / 1_000);
    }

    /**
     * The clipped bracket itself, {@code {from, to}} on the monitor's clock (System.nanoTime): {@code from} is when the
     * request was sent as JMeter counts it, the start of an open-model arrival's service time and the end of its
     * lateness. Arguments as {@link #micros}; the monitor's own bracket when the two do not overlap.
     */
    static long[] clip(long startNanos, long endNanos, long startMillis, long endMillis) {
        long first = firstNanoOf(startMillis);
        long last = lastNanoOf(endMillis);
        long from = Math.max(startNanos, first);
        long to = Math.min(endNanos, last);
        if (to < from) {
            return new long[] {startNanos, Math.max(startNanos, endNanos)};
        }
        boolean startUnknown = first - startNanos > OVERHEAD_NANOS;
        boolean endUnknown = endNanos - last > OVERHEAD_NANOS;
        if (startUnknown) {
            // JMeter started somewhere in its start millisecond, and not after the end of the sample
            from = middle(first, Math.min(last, lastNanoOf(startMillis)), endUnknown ? last : to);
        }
        if (endUnknown) {
            to = Math.max(from, middle(Math.max(firstNanoOf(endMillis), from), last, last));
        }
        return new long[] {from, to};
    }

    /** The middle of {@code [low, min(high, cap)]}. */
    private static long middle(long low, long high, long cap) {
        long top = Math.min(high, cap);
        return top <= low ? low : low + (top + 1 - low) / 2;
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
