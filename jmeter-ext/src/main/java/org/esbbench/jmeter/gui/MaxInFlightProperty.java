package org.esbbench.jmeter.gui;

import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.NullProperty;
import org.esbbench.jmeter.arrivals.ScheduledArrivalsThreadGroup;

/**
 * The group's most requests in flight, as the editor reads and writes it. Plans saved before it existed hold the
 * pool's most threads instead ({@link ScheduledArrivalsThreadGroup#MAX_THREADS}): the editor shows that value as the
 * most in flight and saves it under the new name only, so a plan carries one limit, not two that could disagree.
 */
final class MaxInFlightProperty {
    private MaxInFlightProperty() {
    }

    /** The value to show: the new property, else the old one, else empty (the group's own default). */
    static String read(TestElement element) {
        String inFlight = valueOf(element, ScheduledArrivalsThreadGroup.MAX_IN_FLIGHT);
        if (inFlight != null) {
            return inFlight;
        }
        String maxThreads = valueOf(element, ScheduledArrivalsThreadGroup.MAX_THREADS);
        return maxThreads == null ? "" : maxThreads;
    }

    /**
     * Writes the field's value under the new name and drops the old one. Empty removes the property rather than
     * saving "" (which JMeter reads as 0), so the group falls back to its own default.
     */
    static void write(TestElement element, String value) {
        element.removeProperty(ScheduledArrivalsThreadGroup.MAX_THREADS);
        String v = value == null ? "" : value.strip();
        if (v.isEmpty()) {
            element.removeProperty(ScheduledArrivalsThreadGroup.MAX_IN_FLIGHT);
        } else {
            element.setProperty(ScheduledArrivalsThreadGroup.MAX_IN_FLIGHT, v);
        }
    }

    private static String valueOf(TestElement element, String name) {
        JMeterProperty p = element.getProperty(name);
        return p == null || p instanceof NullProperty ? null : p.getStringValue();
    }
}
