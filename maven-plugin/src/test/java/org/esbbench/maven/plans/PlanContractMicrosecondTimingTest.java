package org.esbbench.maven.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.maven.plans.PlanFixtures.check;

import org.junit.jupiter.api.Test;

/** Rule 9: a plan without the Microsecond Timing is told its latency will be in whole milliseconds, not refused. */
class PlanContractMicrosecondTimingTest {

    @Test
    void aPlanWithoutTheElementGetsANoticeNotARefusal() {
        PlanReport report = check("no-microsecond-timing.jmx");

        assertThat(report.violations()).isEmpty();
        assertThat(report.warnings()).containsExactly("plan no-microsecond-timing.jmx: 1 sampler(s) without a"
                + " Microsecond Timing in scope: their latency will be in whole milliseconds (their elapsed_us"
                + " column is null), and with none in the plan its windows are timed from when JMeter's init script"
                + " noticed the load, which can be up to a second late; add Config Element > Microsecond Timing to"
                + " the Test Plan");
    }

    @Test
    void theElementAtTestPlanLevelCoversEverySampler() {
        PlanReport report = check("compliant.jmx");

        assertThat(report.warnings()).isEmpty();
    }
}
