package org.esbbench.jmeter.arrivals;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * An open-model sample timed from its arrival's due time, as results-file columns (the suite's
 * {@code sample_variables}): when it was due ({@value #INTENDED}, µs since the epoch), when a thread took it
 * ({@value #TAKEN}, µs since the epoch), how much of its wait was the server's backlog ({@value #BLOCKED}: every
 * request the group may have in flight was in flight, see {@link ArrivalQueue}), how late the generator sent it
 * otherwise ({@value #LATENESS}: a busy core, a GC pause, a thread to wake or to make) and its response time from the
 * due time ({@value #RESPONSE} = blocked + lateness + service time, {@code elapsed_us}). The send is therefore
 * {@value #INTENDED} + {@value #BLOCKED} + {@value #LATENESS}, the reply's end {@value #INTENDED} + {@value #RESPONSE}.
 * A sample that is not an arrival's first (or not of an arrival at all: the closed model) has none of them.
 *
 * @param arrival           the arrival, empty for none
 * @param fromNanos         the send as JMeter counts it (System.nanoTime)
 * @param toNanos           the reply's end, likewise
 * @param jmeterOffsetMillis JMeter's offset of its timestamps from nanoTime's milliseconds, when it times samples on
 *                          nanoTime (its default): the due time is then written on JMeter's own clock, as the
 *                          results file's timeStamp is, however the wall clock moved since the group's start
 */
public record ArrivalTiming(Optional<Arrival> arrival, long fromNanos, long toNanos, OptionalLong jmeterOffsetMillis) {
    public static final String INTENDED = "intended_us";
    public static final String LATENESS = "lateness_us";
    public static final String RESPONSE = "response_us";
    public static final String TAKEN = "taken_us";
    public static final String BLOCKED = "blocked_us";
    /** Every column, in the order the suite writes them. */
    public static final List<String> COLUMNS = List.of(INTENDED, TAKEN, BLOCKED, LATENESS, RESPONSE);
    /** No arrival: the variables are removed (the results file then shows them empty). */
    public static final ArrivalTiming NONE = new ArrivalTiming(Optional.empty(), 0, 0, OptionalLong.empty());

    /** Timed on the group's own anchor of the wall clock. */
    public static ArrivalTiming of(Optional<Arrival> arrival, long fromNanos, long toNanos) {
        return new ArrivalTiming(arrival, fromNanos, toNanos, OptionalLong.empty());
    }

    /** Timed on JMeter's own clock ({@code jmeterOffsetMillis}). */
    public static ArrivalTiming of(Optional<Arrival> arrival, long fromNanos, long toNanos, long jmeterOffsetMillis) {
        return new ArrivalTiming(arrival, fromNanos, toNanos, OptionalLong.of(jmeterOffsetMillis));
    }

    /** When the arrival was due, µs since the epoch: on JMeter's clock when known, else on the group's anchor. */
    public long intendedEpochMicros() {
        return epochMicros(arrival.orElseThrow().intendedNanos());
    }

    /** When a thread took the arrival, µs since the epoch, on the same clock as {@link #intendedEpochMicros()}. */
    public long takenEpochMicros() {
        return epochMicros(arrival.orElseThrow().takenNanos());
    }

    private long epochMicros(long nanos) {
        return jmeterOffsetMillis.isPresent()
                ? Math.floorDiv(nanos, 1_000) + jmeterOffsetMillis.getAsLong() * 1_000
                : arrival.orElseThrow().clock().epochMicros(nanos);
    }

    /** Microseconds of the wait that were the server's backlog (never more than the wait itself). */
    public long blockedMicros() {
        return arrival.map(a -> Math.floorDiv(Math.min(a.blockedNanos(), waitNanos(a)), 1_000)).orElse(0L);
    }

    /**
     * Microseconds from the due time to the send that were the generator's (the wait less the blocked time);
     * negative never (a send before its due time is on time).
     */
    public long latenessMicros() {
        return arrival.map(a -> Math.floorDiv(waitNanos(a), 1_000) - blockedMicros()).orElse(0L);
    }

    private long waitNanos(Arrival a) {
        return Math.max(0, fromNanos - a.intendedNanos());
    }

    /** Microseconds from the due time to the reply's end. */
    public long responseMicros() {
        return arrival.map(a -> Math.floorDiv(toNanos - Math.min(a.intendedNanos(), fromNanos), 1_000)).orElse(0L);
    }

    /** Sets the variables, or removes them without an arrival. */
    public void put(JMeterVariables vars) {
        if (arrival.isEmpty()) {
            COLUMNS.forEach(vars::remove);
            return;
        }
        vars.put(INTENDED, Long.toString(intendedEpochMicros()));
        vars.put(TAKEN, Long.toString(takenEpochMicros()));
        vars.put(BLOCKED, Long.toString(blockedMicros()));
        vars.put(LATENESS, Long.toString(latenessMicros()));
        vars.put(RESPONSE, Long.toString(responseMicros()));
    }
}
