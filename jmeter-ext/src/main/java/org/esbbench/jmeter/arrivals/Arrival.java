package org.esbbench.jmeter.arrivals;

/**
 * One arrival of the open model: when it was due and, once a thread has taken it, when that was and how much of its
 * wait was the server's backlog, all on the generator's monotonic clock.
 *
 * @param index         its number in the schedule, from 0
 * @param intendedNanos when the schedule wanted it sent ({@link System#nanoTime()})
 * @param clock         the group's clock, to say {@code intendedNanos} as wall-clock microseconds
 * @param takenNanos    when a thread took it ({@link System#nanoTime()}); its due time until then
 * @param blockedNanos  of its wait before being taken, the part during which every request the group may have in
 *                      flight was in flight, awaiting the server (see {@link ArrivalQueue}): the server's backlog,
 *                      not the generator's lateness
 */
public record Arrival(long index, long intendedNanos, ArrivalClock clock, long takenNanos, long blockedNanos) {

    /** An arrival as the schedule makes it: due, not yet taken. */
    public Arrival(long index, long intendedNanos, ArrivalClock clock) {
        this(index, intendedNanos, clock, intendedNanos, 0);
    }

    /** This arrival taken by a thread at {@code takenNanos}, {@code blockedNanos} of its wait the server's. */
    Arrival taken(long taken, long blocked) {
        return new Arrival(index, intendedNanos, clock, taken, blocked);
    }

    /** When it was due, in microseconds since the epoch (the results file's {@code intended_us}). */
    public long intendedEpochMicros() {
        return clock.epochMicros(intendedNanos);
    }
}
