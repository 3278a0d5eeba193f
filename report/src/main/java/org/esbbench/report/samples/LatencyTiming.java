package org.esbbench.report.samples;

import java.util.Collection;
import java.util.Optional;

/**
 * How the response times of a window (or a point's repeats) were timed: from the results file's
 * {@value Sample#ELAPSED_US} column, from JMeter's whole-millisecond {@code elapsed}, or some each. The summary says
 * it, because a figure of whole milliseconds cannot tell a 0.2 ms server from a 0.9 ms one (p50 "0").
 */
public enum LatencyTiming {
    /** Every sample had its time in microseconds. */
    MICROSECONDS("us", "latency timed in microseconds"),
    /** No sample had: JMeter's elapsed in whole milliseconds (recorded as ms × 1000). */
    WHOLE_MILLISECONDS("ms", "latency in whole milliseconds: the plan lacks the microsecond timing element"),
    /** Some samples had, the others were timed in whole milliseconds. */
    MIXED("mixed", "latency partly timed in microseconds, partly in whole milliseconds (samples or repeats without "
            + Sample.ELAPSED_US + " values)");

    private final String code;
    private final String description;

    LatencyTiming(String code, String description) {
        this.code = code;
        this.description = description;
    }

    /** Of a window of {@code samples} of which {@code microSamples} were timed in microseconds (none: whole ms). */
    public static LatencyTiming of(long samples, long microSamples) {
        if (microSamples == 0) {
            return WHOLE_MILLISECONDS;
        }
        return microSamples >= samples ? MICROSECONDS : MIXED;
    }

    /** Of several windows together: the same when they all agree, else {@link #MIXED}; empty for none. */
    public static Optional<LatencyTiming> together(Collection<LatencyTiming> timings) {
        if (timings.isEmpty()) {
            return Optional.empty();
        }
        LatencyTiming first = timings.iterator().next();
        return Optional.of(timings.stream().allMatch(t -> t == first) ? first : MIXED);
    }

    /** The short form written in points.csv ({@code latency_timing}) and as the histogram logs' tag. */
    public String code() {
        return code;
    }

    /** What the summary says, e.g. "latency timed in microseconds". */
    public String description() {
        return description;
    }

    /** The timing of a {@link #code()}; empty for anything else (a blank column of an older points.csv). */
    public static Optional<LatencyTiming> ofCode(String code) {
        for (LatencyTiming t : values()) {
            if (t.code.equals(code)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
