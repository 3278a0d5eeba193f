package org.esbbench.jmeter.arrivals;

/** What the group's controller does per arrival, for tests and benchmarks outside this package. */
public final class ArrivalsForTests {
    private ArrivalsForTests() {
    }

    /** The calling thread now serves {@code arrival}, as the controller marks it at its iteration's start. */
    public static void begin(Arrival arrival) {
        ArrivalContext.begin(arrival);
    }

    /** The calling thread serves no arrival any more. */
    public static void end() {
        ArrivalContext.end();
    }

    /**
     * A queue of the group's with one thread (the caller) made and started: what each arrival passes through between
     * the scheduling thread and the thread that serves it ({@link #throughQueue}).
     */
    public static Object queueOfOne() {
        ArrivalQueue queue = new ArrivalQueue(1);
        queue.made();
        queue.joined();
        return queue;
    }

    /**
     * {@code arrival} offered to the queue and taken from it by the calling thread, as the scheduling thread and a
     * pooled thread do: the arrival with its taken and blocked times.
     */
    public static Arrival throughQueue(Object queue, Arrival arrival) {
        ArrivalQueue q = (ArrivalQueue) queue;
        q.offer(arrival);
        return q.take(() -> false, 1_000, false).orElseThrow();
    }
}
