package org.esbbench.jmeter.arrivals;

/** What the suite's load timer needs of an open-model thread group: JMeter's own or the suite's. */
public interface ArrivalsGroup {
    /** No further arrival; the threads serving one finish their request, then end. */
    void endArrivals();

    /** Ends the group's threads now, as the end of its own schedule does. */
    void endNow();
}
