package org.esbbench.jmeter.arrivals;

/**
 * One arrival of the open model: when it was due, on the generator's monotonic clock.
 *
 * @param index         its number in the schedule, from 0
 * @param intendedNanos when the schedule wanted it sent ({@link System#nanoTime()})
 * @param clock         the group's clock, to say {@code intendedNanos} as wall-clock microseconds
 */
public record Arrival(long index, long intendedNanos, ArrivalClock clock) {

    /** When it was due, in microseconds since the epoch (the results file's {@code intended_us}). */
    public long intendedEpochMicros() {
        return clock.epochMicros(intendedNanos);
    }
}
