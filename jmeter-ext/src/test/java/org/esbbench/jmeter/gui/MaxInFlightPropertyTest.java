package org.esbbench.jmeter.gui;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.jmeter.testelement.property.NullProperty;
import org.esbbench.jmeter.arrivals.ScheduledArrivalsThreadGroup;
import org.junit.jupiter.api.Test;

class MaxInFlightPropertyTest {

    @Test
    void readsTheNewPropertyFirstThenTheOldOneThenNothing() {
        ScheduledArrivalsThreadGroup group = new ScheduledArrivalsThreadGroup();
        assertThat(MaxInFlightProperty.read(group)).isEmpty();

        group.setProperty(ScheduledArrivalsThreadGroup.MAX_THREADS, "250");
        assertThat(MaxInFlightProperty.read(group)).isEqualTo("250");

        group.setProperty(ScheduledArrivalsThreadGroup.MAX_IN_FLIGHT, "${__P(maxInFlight,64)}");
        assertThat(MaxInFlightProperty.read(group)).isEqualTo("${__P(maxInFlight,64)}");
    }

    @Test
    void writesOnlyTheNewPropertyAndNothingForAnEmptyField() {
        ScheduledArrivalsThreadGroup group = new ScheduledArrivalsThreadGroup();
        group.setProperty(ScheduledArrivalsThreadGroup.MAX_THREADS, "250");

        MaxInFlightProperty.write(group, " 250 ");
        assertThat(group.getPropertyAsString(ScheduledArrivalsThreadGroup.MAX_IN_FLIGHT)).isEqualTo("250");
        assertThat(group.getProperty(ScheduledArrivalsThreadGroup.MAX_THREADS)).isInstanceOf(NullProperty.class);

        MaxInFlightProperty.write(group, "");
        assertThat(group.getProperty(ScheduledArrivalsThreadGroup.MAX_IN_FLIGHT)).isInstanceOf(NullProperty.class);
    }
}
