package org.esbbench.jmeter.arrivals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jmeter.threads.openmodel.ThreadScheduleProcessGenerator;
import org.apache.jmeter.threads.openmodel.ThreadScheduleUtils;
import org.junit.jupiter.api.Test;

class ArrivalScheduleTest {

    @Test
    void drawsTheSameTimesAsJMetersOwnGroupForASeed() throws Exception {
        String schedule = "rate(20/sec) random_arrivals(10 sec) rate(40/sec) random_arrivals(5 sec) rate(0/sec)"
                + " even_arrivals(2 sec) pause(1 sec)";
        // JMeter's generator (internal in Kotlin, public in bytecode) with the same seed
        ThreadScheduleProcessGenerator jmeter = new ThreadScheduleProcessGenerator(new Random(42),
                ThreadScheduleUtils.ThreadSchedule(schedule));
        List<Double> expected = new ArrayList<>();
        while (jmeter.hasNext()) {
            expected.add(jmeter.nextDouble());
        }

        assertThat(times(ArrivalSchedule.parse(schedule, 42))).isEqualTo(expected).hasSizeGreaterThan(300);
    }

    @Test
    void theStartRateIsTheFirstRateStepsPerSecond() {
        assertThat(ArrivalSchedule.parse("rate(2000/sec) random_arrivals(15 sec) rate(0/sec)", 1).startRate())
                .isEqualTo(2000.0);
        assertThat(ArrivalSchedule.parse("rate(30/min) random_arrivals(1 min)", 1).startRate()).isEqualTo(0.5);
        assertThat(ArrivalSchedule.parse("random_arrivals(10 sec) rate(50/sec)", 1).startRate())
                .as("arrivals before any rate start at rate 0").isZero();
    }

    @Test
    void timesAreInOrderWithinTheScheduleAndItsLengthCountsThePause() {
        ArrivalSchedule s = ArrivalSchedule.parse("rate(100/sec) random_arrivals(3 sec) pause(2 sec)", 7);
        List<Double> times = times(s);

        assertThat(times).isSorted().hasSize(300).allSatisfy(t -> assertThat(t).isBetween(0.0, 3.0));
        assertThat(s.totalSeconds()).isEqualTo(5.0);
    }

    @Test
    void rateZeroHasNoArrivals() {
        assertThat(times(ArrivalSchedule.parse("rate(0/sec) random_arrivals(10 sec) pause(0 sec)", 0))).isEmpty();
    }

    @Test
    void aScheduleJMeterRefusesIsRefusedWithItsMessage() {
        assertThatThrownBy(() -> ArrivalSchedule.parse("rate(20/sec) arrivals(", 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rate(20/sec) arrivals(");
    }

    private static List<Double> times(ArrivalSchedule s) {
        List<Double> times = new ArrayList<>();
        while (s.hasNext()) {
            times.add(s.nextDouble());
        }
        return times;
    }

    @Test
    void aScheduleWithoutArrivalsSaysSoEveryTimeItIsAsked() {
        // the closed model's: the group asks before it makes its first threads, and again as it schedules
        ArrivalSchedule schedule = ArrivalSchedule.parse("rate(0/sec) random_arrivals(37 sec) pause(0 sec)", 1);

        org.assertj.core.api.Assertions.assertThat(schedule.hasNext()).isFalse();
        org.assertj.core.api.Assertions.assertThat(schedule.hasNext()).isFalse();
    }
}
