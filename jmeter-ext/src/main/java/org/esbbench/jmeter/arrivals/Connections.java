package org.esbbench.jmeter.arrivals;

import java.util.Locale;

/**
 * How the open model's arrivals reach the server.
 *
 * <ul>
 * <li>{@link #POOLED}: a pool of long-lived JMeter threads takes the arrivals in turn, each keeping its connection
 * alive between them, like a population of client services sharing a connection pool (the published rounds drive
 * servers over kept-alive connections). The pool grows when an arrival finds no idle thread; past its limit arrivals
 * wait, and the wait is part of their response time.</li>
 * <li>{@link #FRESH}: each arrival is a thread of its own with a new connection, like browsers arriving fresh: JMeter's
 * Open Model Thread Group's behaviour. The thread is built before the arrival is due, so its building is not counted
 * as the generator's lateness.</li>
 * </ul>
 */
public enum Connections {
    POOLED, FRESH;

    /** "pooled" or "fresh", any case. */
    public static Connections parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("connections '" + value + "' is neither pooled nor fresh");
        }
    }
}
