package org.esbbench.maven.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.maven.plans.PlanFixtures.check;

import org.junit.jupiter.api.Test;

/** Rule 3: exactly one closed-model and one open-model thread group, reading the suite's parameters. */
class PlanContractLoadModelTest {

    @Test
    void aConcurrencyThreadGroupAndAnOpenModelThreadGroupReadingTheParametersPass() {
        assertThat(check("compliant.jmx").violations()).isEmpty();
    }

    @Test
    void fieldsMayReadTheParametersThroughTheTestPlansVariables() {
        assertThat(check("variables-for-load.jmx").violations()).isEmpty();
    }

    @Test
    void aThreadGroupWithALifetimeIsAClosedModelThatNeedsNoHold() {
        PlanReport report = check("thread-group-closed.jmx");

        assertThat(report.violations()).isEmpty();
        assertThat(report.parametersRead()).doesNotContain("hold");
    }

    @Test
    void aFieldThatDoesNotReadItsParameterIsNamedWithTheFix() {
        assertThat(check("hold-hard-coded.jmx").violations()).contains("plan hold-hard-coded.jmx: Concurrency Thread"
                + " Group 'closed' (direct > closed): Hold Target Rate Time (Hold) is '1170', which does not read"
                + " -Jhold with ${__P(hold)}; fix: set Hold Target Rate Time to ${__P(hold,1200)} (or to a variable"
                + " the Test Plan's User Defined Variables set so)");
    }

    @Test
    void aThreadGroupWithoutLifetimeOrInfiniteLoopsIsAViolation() {
        String group = "plan thread-group-without-lifetime.jmx: Thread Group 'closed' (direct > closed): ";

        assertThat(check("thread-group-without-lifetime.jmx").violations()).containsExactly(
                group + "Specify Thread lifetime (ThreadGroup.scheduler) is not ticked, so the group does not run for"
                        + " -Jduration; fix: tick Specify Thread lifetime and set Duration (seconds) to"
                        + " ${__P(duration,1200)}",
                group + "Duration (seconds) (ThreadGroup.duration) is '', which does not read -Jduration with"
                        + " ${__P(duration)}; fix: set Duration (seconds) to ${__P(duration,1200)} (or to a variable"
                        + " the Test Plan's User Defined Variables set so)",
                group + "Loop Count (LoopController.loops) is 1, so each user stops before -Jduration ends; fix: tick"
                        + " Infinite next to Loop Count");
    }

    @Test
    void aFixedRateInTheScheduleIsAViolation() {
        assertThat(check("fixed-rate-schedule.jmx").violations()).contains("plan fixed-rate-schedule.jmx: Open Model"
                + " Thread Group 'open' (direct > open): Schedule (OpenModelThreadGroup.schedule) is 'rate(100/sec)"
                + " random_arrivals(${__P(duration,1200)} sec)', which does not read -Jrate with ${__P(rate)}; fix:"
                + " set Schedule to rate(${__P(rate,0)}/sec) random_arrivals(${__P(duration,1200)} sec) (or to a"
                + " variable the Test Plan's User Defined Variables set so)");
    }

    @Test
    void anArrivalsThreadGroupIsNotTheOpenModel() {
        assertThat(check("arrivals-open-model.jmx").violations()).containsExactly(
                "plan arrivals-open-model.jmx: Arrivals Thread Group 'open' (direct > open): a thread group that is"
                        + " not one of the suite's load models sends samples, which would be counted in the run's"
                        + " figures (the suite runs one closed-model group: bzm - Concurrency Thread Group or Thread"
                        + " Group, and one Scheduled Arrivals or Open Model Thread Group); fix: disable or delete it,"
                        + " and run the request"
                        + " from the closed-model and open-model groups",
                "plan arrivals-open-model.jmx: has no enabled open-model thread group; fix: add a Scheduled"
                        + " Arrivals Thread Group (jmeter-ext; or JMeter's Open Model Thread Group, which times each"
                        + " sample from its send) with the schedule rate(${__P(rate,0)}/sec)"
                        + " random_arrivals(${__P(duration,1200)} sec), with a Module Controller that runs the"
                        + " request");
    }

    @Test
    void aSecondClosedModelGroupWithSamplersIsAViolation() {
        assertThat(check("second-closed-group.jmx").violations()).containsExactly("plan second-closed-group.jmx:"
                + " Thread Group 'closed too' (direct > closed too): a second closed-model thread group sends samples;"
                + " the suite runs exactly one (here 'closed'), and this one's samples would be counted with its;"
                + " fix: disable or delete it");
    }

    @Test
    void aSetUpThreadGroupWithSamplersIsAWarning() {
        PlanReport report = check("setup-thread-group.jmx");

        assertThat(report.violations()).isEmpty();
        assertThat(report.warnings()).containsExactly("plan setup-thread-group.jmx: setUp Thread Group 'warm caches'"
                + " (direct > warm caches): its 1 sampler(s) run outside the load models, but their samples would be"
                + " counted in the run's figures");
    }

    @Test
    void aClosedGroupThatRunsNothingIsAViolation() {
        assertThat(check("module-controller-broken.jmx").violations()).contains("plan module-controller-broken.jmx:"
                + " Concurrency Thread Group 'closed' (direct > closed): the closed-model thread group runs no sampler;"
                + " fix: add a Module Controller that runs the request's Test Fragment");
    }
}
