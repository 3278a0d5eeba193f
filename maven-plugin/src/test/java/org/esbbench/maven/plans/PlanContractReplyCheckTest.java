package org.esbbench.maven.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.maven.plans.PlanFixtures.CLOSED_SAMPLER;
import static org.esbbench.maven.plans.PlanFixtures.check;

import org.junit.jupiter.api.Test;

/** Rule 4: an assertion in scope of every sampler, unless the plan opts out with replyCheck = none. */
class PlanContractReplyCheckTest {

    private static final String UNCHECKED = "no enabled assertion checks its reply here, so a wrong reply would count"
            + " as a success; fix: add an assertion as a child of the sampler (the suite's Scenario Reply Assertion, a"
            + " Response Assertion, ...) or, to run without reply checks on purpose, add replyCheck = none to the"
            + " Test Plan's User Defined Variables";

    @Test
    void anAssertionUnderTheSamplerInTheFragmentChecksItWhereverItRuns() {
        PlanReport report = check("compliant.jmx");

        assertThat(report.violations()).isEmpty();
        assertThat(report.replyCheckOptOut()).isFalse();
    }

    @Test
    void aSamplerWithoutAssertionIsAViolationNamingItsPath() {
        assertThat(check("no-assertion.jmx").violations()).containsExactly(
                "plan no-assertion.jmx: " + CLOSED_SAMPLER + ": " + UNCHECKED);
    }

    @Test
    void aDisabledAssertionChecksNothing() {
        assertThat(check("disabled-assertion.jmx").violations()).containsExactly(
                "plan disabled-assertion.jmx: " + CLOSED_SAMPLER + ": " + UNCHECKED);
    }

    @Test
    void anAssertionInOneThreadGroupLeavesTheSamplerUncheckedInTheOther() {
        assertThat(check("assertion-in-closed-group-only.jmx").violations()).containsExactly(
                "plan assertion-in-closed-group-only.jmx: HTTP Request 'direct' (direct > open > send request >"
                        + " request > direct): " + UNCHECKED);
    }

    @Test
    void replyCheckNoneOptsOutWithAWarning() {
        PlanReport report = check("reply-check-opt-out.jmx");

        assertThat(report.passes()).isTrue();
        assertThat(report.replyCheckOptOut()).isTrue();
        assertThat(report.warnings()).containsExactly("plan reply-check-opt-out.jmx: replyCheck = none in the Test"
                + " Plan's User Defined Variables: samplers may run without an assertion, and the summary will flag"
                + " the plan's replies as unchecked");
    }
}
