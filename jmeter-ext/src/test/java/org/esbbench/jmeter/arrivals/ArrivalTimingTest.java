package org.esbbench.jmeter.arrivals;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.Test;

class ArrivalTimingTest {
    private static final ArrivalClock CLOCK = new ArrivalClock(1_700_000_000_000_000L, 5_000_000_000L);

    @Test
    void aLateSendCountsItsLatenessInTheResponseTime() {
        // due at 1 s after the anchor, sent 2.5 ms late, served in 0.4 ms
        Arrival due = new Arrival(3, 6_000_000_000L, CLOCK);
        ArrivalTiming t = ArrivalTiming.of(Optional.of(due), 6_002_500_000L, 6_002_900_000L);
        JMeterVariables vars = new JMeterVariables();

        t.put(vars);

        assertThat(vars.get(ArrivalTiming.INTENDED)).isEqualTo(Long.toString(1_700_000_001_000_000L));
        assertThat(vars.get(ArrivalTiming.LATENESS)).isEqualTo("2500");
        assertThat(vars.get(ArrivalTiming.RESPONSE)).isEqualTo("2900");
    }

    @Test
    void onJMetersClockTheDueTimeIsWrittenWithJMetersOffset() {
        // JMeter's clock reads nanoTime's milliseconds + 1,700,000,000,000 - 3 ms: the wall clock moved 3 ms since
        // the group anchored its own (the anchor would say ...001_000_000), and the results file's timeStamp follows
        // JMeter's clock
        Arrival due = new Arrival(3, 6_000_000_000L, CLOCK);
        long jmeterOffsetMillis = 1_700_000_000_000L - 5_000L - 3;
        JMeterVariables vars = new JMeterVariables();

        ArrivalTiming.of(Optional.of(due), 6_002_500_000L, 6_002_900_000L, jmeterOffsetMillis).put(vars);

        assertThat(vars.get(ArrivalTiming.INTENDED)).isEqualTo(Long.toString(1_700_000_000_997_000L));
        assertThat(vars.get(ArrivalTiming.LATENESS)).isEqualTo("2500");
        assertThat(vars.get(ArrivalTiming.RESPONSE)).isEqualTo("2900");
    }

    @Test
    void theServersBacklogIsBlockedTimeAndTheRestOfTheWaitIsLateness() {
        // due at 1 s after the anchor; every request in flight until 1.2 s, taken then, sent at 1.2005 s
        Arrival due = new Arrival(3, 6_000_000_000L, CLOCK).taken(6_200_000_000L, 200_000_000L);
        JMeterVariables vars = new JMeterVariables();

        ArrivalTiming.of(Optional.of(due), 6_200_500_000L, 6_201_000_000L).put(vars);

        assertThat(vars.get(ArrivalTiming.TAKEN)).isEqualTo(Long.toString(1_700_000_001_200_000L));
        assertThat(vars.get(ArrivalTiming.BLOCKED)).isEqualTo("200000");
        assertThat(vars.get(ArrivalTiming.LATENESS)).isEqualTo("500");
        assertThat(vars.get(ArrivalTiming.RESPONSE)).isEqualTo("201000");
    }

    @Test
    void noArrivalRemovesTheColumnsValues() {
        JMeterVariables vars = new JMeterVariables();
        vars.put(ArrivalTiming.RESPONSE, "1");
        vars.put(ArrivalTiming.LATENESS, "1");
        vars.put(ArrivalTiming.INTENDED, "1");
        vars.put(ArrivalTiming.BLOCKED, "1");

        ArrivalTiming.NONE.put(vars);

        assertThat(vars.get(ArrivalTiming.BLOCKED)).isNull();
        assertThat(vars.get(ArrivalTiming.RESPONSE)).isNull();
        assertThat(vars.get(ArrivalTiming.LATENESS)).isNull();
        assertThat(vars.get(ArrivalTiming.INTENDED)).isNull();
    }

    @Test
    void onlyTheArrivalsFirstSampleIsTimedFromItsDueTime() {
        Arrival due = new Arrival(0, 1, CLOCK);
        ArrivalContext.begin(due);

        assertThat(ArrivalContext.firstSample()).contains(due);
        assertThat(ArrivalContext.firstSample()).isEmpty();
        ArrivalContext.end();
        assertThat(ArrivalContext.firstSample()).isEmpty();
    }
}
