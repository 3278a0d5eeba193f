package org.esbbench.jmeter.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jmeter.util.JMeterUtils;
import org.esbbench.jmeter.gui.ScheduleCheck.Verdict;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The check under the schedule field, without a display: what it says for schedules a user types or a plan holds. */
class ScheduleCheckTest {
    private static final String RATE = "esbbenchGuiTestRate";

    @BeforeAll
    static void jmeterProperties() throws IOException {
        if (JMeterUtils.getJMeterProperties() == null) {
            Path empty = Files.createTempFile("jmeter", ".properties");
            empty.toFile().deleteOnExit();
            JMeterUtils.loadJMeterProperties(empty.toString());
        }
    }

    @AfterEach
    void unset() {
        JMeterUtils.getJMeterProperties().remove(RATE);
    }

    @Test
    void saysWhatASteadyScheduleWithAPauseOffers() {
        ScheduleCheck.Result r = ScheduleCheck.of("rate(20/sec) random_arrivals(60 sec) pause(5 sec)");

        assertThat(r.verdict()).isEqualTo(Verdict.OK);
        assertThat(r.message()).isEqualTo("ok: 20/s for 60 s, then a 5 s pause (65 s in all)");
        assertThat(r.note()).isEmpty();
        assertThat(r.schedule()).isNotNull();
    }

    @Test
    void saysRampsEvenArrivalsAndSlowRatesInUnitsThatReadWell() {
        assertThat(ScheduleCheck.of("rate(10/sec) random_arrivals(2 min) rate(40/sec)").message())
                .isEqualTo("ok: 10/s rising to 40/s over 2 min");
        assertThat(ScheduleCheck.of("rate(30/min) even_arrivals(1 hour)").message())
                .isEqualTo("ok: 30/min evenly spaced for 1 h");
        assertThat(ScheduleCheck.of("rate(2/hour) random_arrivals(1202 sec)").message())
                .isEqualTo("ok: 2/h for 20 min 2 s");
        assertThat(ScheduleCheck.of("rate(50/sec) random_arrivals(500 ms) rate(0/sec)").message())
                .isEqualTo("ok: 50/s falling to 0/s over 500 ms");
    }

    @Test
    void readsThePlansPropertiesAsNowSetElseTheirDefaults() {
        JMeterUtils.setProperty(RATE, "25");

        ScheduleCheck.Result r = ScheduleCheck.of("rate(${__P(" + RATE + ",0)}/sec) random_arrivals(${__P(esbbenchGuiTestDuration,1202)} sec)"
                + " pause(${__P(esbbenchGuiTestDrain,0)} sec)");

        assertThat(r.verdict()).isEqualTo(Verdict.OK);
        assertThat(r.message()).isEqualTo("ok: 25/s for 20 min 2 s");
        assertThat(r.note()).startsWith("with " + RATE + "=25, esbbenchGuiTestDuration=1202, esbbenchGuiTestDrain=0");
    }

    @Test
    void theStandardPlansScheduleAtItsDefaultsOffersNothingAndSaysSoWithoutAnError() {
        ScheduleCheck.Result r = ScheduleCheck.of("rate(${__P(" + RATE + ",0)}/sec) random_arrivals(${__P(esbbenchGuiTestDuration,1202)} sec)"
                + " pause(${__P(esbbenchGuiTestDrain,0)} sec)");

        assertThat(r.verdict()).isEqualTo(Verdict.OK);
        assertThat(r.message()).isEqualTo("ok: no arrivals for 20 min 2 s (the rate is 0)");
    }

    @Test
    void aVariableKnownOnlyAtRunTimeIsNeitherCheckedNorAnError() {
        ScheduleCheck.Result r = ScheduleCheck.of("rate(${rate}/sec) random_arrivals(10 sec)");

        assertThat(r.verdict()).isEqualTo(Verdict.UNRESOLVED);
        assertThat(r.message()).startsWith("not checked: ${rate} is known only when the test runs");
        assertThat(r.schedule()).isNull();
    }

    @Test
    void aBadScheduleGivesTheParsersErrorWithoutRepeatingTheSchedule() {
        ScheduleCheck.Result r = ScheduleCheck.of("rate(20/sec) random_arrivals(60 parsecs)");

        assertThat(r.verdict()).isEqualTo(Verdict.ERROR);
        assertThat(r.message()).startsWith("error: ").contains("parsecs").doesNotContain(" in 'rate(20/sec)");
        assertThat(r.schedule()).isNull();
    }

    @Test
    void aScheduleWithoutArrivalsIsTakenButFlagged() {
        assertThat(ScheduleCheck.of("rate(5/sec)").verdict()).isEqualTo(Verdict.EMPTY);
        assertThat(ScheduleCheck.of("").verdict()).isEqualTo(Verdict.EMPTY);
    }
}
