package org.esbbench.jmeter.arrivals;

import java.util.Optional;

/**
 * The arrival a JMeter thread is serving, per thread: set as the thread takes it ({@link ArrivalLoopController}),
 * read as its first sample is timed. Only an arrival's first sample is timed from the arrival's due time (as wrk2 and
 * Hyperfoil do): a later sample of the same arrival was not waiting on the generator.
 */
public final class ArrivalContext {
    private static final ThreadLocal<ArrivalContext> CURRENT = ThreadLocal.withInitial(ArrivalContext::new);

    private Arrival arrival;
    private boolean timed;

    private ArrivalContext() {
    }

    /** This thread now serves {@code arrival}: its next sample is the arrival's first. */
    static void begin(Arrival arrival) {
        ArrivalContext c = CURRENT.get();
        c.arrival = arrival;
        c.timed = false;
    }

    /** The thread's arrival when the sample being timed is its first, else empty (and never again for it). */
    public static Optional<Arrival> firstSample() {
        ArrivalContext c = CURRENT.get();
        if (c.arrival == null || c.timed) {
            return Optional.empty();
        }
        c.timed = true;
        return Optional.of(c.arrival);
    }

    /** The thread serves no arrival any more (it ends, or goes back to the pool's idle workers). */
    static void end() {
        ArrivalContext c = CURRENT.get();
        c.arrival = null;
    }
}
