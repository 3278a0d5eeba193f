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
}
