package org.esbbench.jmeter.arrivals;

/**
 * The group's anchor between the wall clock and {@link System#nanoTime()}, read once as the group starts: arrivals are
 * scheduled and late on the monotonic clock (a wall-clock step does not move them) and written as wall-clock
 * microseconds, which line up with the results file's own timestamps.
 *
 * @param epochMicros the wall clock at the anchor, microseconds since the epoch
 * @param nanos       {@code System.nanoTime()} at the anchor
 */
public record ArrivalClock(long epochMicros, long nanos) {

    /** The anchor now: the wall clock read between two readings of the monotonic one. */
    public static ArrivalClock now() {
        long before = System.nanoTime();
        long wall = System.currentTimeMillis();
        long after = System.nanoTime();
        return new ArrivalClock(wall * 1_000, before + (after - before) / 2);
    }

    /** {@code nanoTime} as wall-clock microseconds since the epoch. */
    public long epochMicros(long nanoTime) {
        return epochMicros + Math.floorDiv(nanoTime - nanos, 1_000);
    }
}
