package org.esbbench.jmeter.arrivals;

import java.util.Locale;

/**
 * The line a Scheduled Arrivals group prints as its run ends, on JMeter's standard output (the run keeps it, the
 * analysis reads it): how many arrivals were offered, taken by a thread and never sent, how many requests were in
 * flight at most against the group's cap, and how many arrivals came with every one of them in flight.
 */
public final class ArrivalsLine {
    /** The line's start; the fields follow as {@code name=value}, separated by spaces. */
    public static final String PREFIX = "esb-bench: arrivals:";

    private ArrivalsLine() {
    }

    static String of(ArrivalQueue.Figures f, long neverSent, int inFlightAtEnd, Connections connections) {
        return String.format(Locale.ROOT, "%s offered=%d taken=%d never-sent=%d in-flight-at-end=%d"
                        + " most-in-flight=%d max-in-flight=%d at-cap=%d threads-made=%d threads-retired=%d"
                        + " most-waiting=%d connections=%s",
                PREFIX, f.offered(), f.taken(), neverSent, inFlightAtEnd, f.mostInFlight(), f.maxInFlight(),
                f.atCap(), f.made(), f.retired(), f.mostWaiting(), connections.name().toLowerCase(Locale.ROOT));
    }
}
