package org.esbbench.maven.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;
import static org.esbbench.maven.plans.PlanFixtures.check;
import static org.esbbench.maven.plans.PlanFixtures.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

class PlanContractTest {

    @Test
    void theCompliantPlanPassesEveryRuleWithoutWarnings() {
        PlanReport report = check("compliant.jmx");

        assertThat(report.violations()).isEmpty();
        assertThat(report.warnings()).isEmpty();
        assertThat(report.passes()).isTrue();
        assertThat(report.replyCheckOptOut()).isFalse();
        assertThat(report.plan()).isEqualTo(plan("compliant.jmx"));
        assertThat(report.parametersRead()).containsExactly("duration", "hold", "host", "path", "payloadDir", "port",
                "protocol", "rampup", "rate", "size", "users");
    }

    @Test
    void everyFixtureIsCheckedWithoutThrowingAndEveryLineNamesItsPlan() throws IOException {
        Path folder = plan("compliant.jmx").getParent();
        List<Path> plans;
        try (Stream<Path> files = Files.list(folder)) {
            plans = files.filter(p -> p.toString().endsWith(".jmx")).sorted().toList();
        }
        assertThat(plans).hasSizeGreaterThan(30);
        for (Path plan : plans) {
            PlanReport report = PlanFixtures.CONTRACT.check(plan);
            String prefix = "plan " + plan.getFileName() + ": ";
            assertThat(report.violations()).allSatisfy(line -> assertThat(line).startsWith(prefix).contains("; fix: ")
                    .doesNotContain("\n"));
            assertThat(report.warnings()).allSatisfy(line -> assertThat(line).startsWith(prefix));
        }
    }

    @Test
    void theReportCannotBeChangedAfterwards() {
        PlanReport report = check("no-assertion.jmx");

        assertThat(report.violations()).isUnmodifiable();
        assertThat(report.warnings()).isUnmodifiable();
        assertThat(report.parametersRead()).isUnmodifiable();
    }

    @Test
    void theContractKeepsItsOwnCopyOfTheSuiteParameters() {
        Set<String> parameters = new java.util.HashSet<>(PlanFixtures.SUITE_PARAMETERS);
        PlanContract contract = new PlanContract(parameters);
        parameters.clear();

        assertThat(contract.check(plan("compliant.jmx")).warnings()).isEmpty();
        assertThatNullPointerException().isThrownBy(() -> new PlanContract(null));
    }

    @Test
    void aModuleControllerWhoseTargetWasRenamedIsAViolation() {
        PlanReport report = check("module-controller-broken.jmx");

        assertThat(report.violations()).contains("plan module-controller-broken.jmx: Module Controller 'send request'"
                + " (direct > closed > send request): the element it should run (Test Plan > direct > send) is not in"
                + " the plan, so JMeter stops the test at start; fix: select the Test Fragment to run in the Module"
                + " Controller's tree");
    }

    @Test
    void disabledElementsSwitchOffTheirWholeSubtree() {
        // a disabled Simple Controller holding a Debug Sampler, a View Results Tree and a BeanShell Sampler
        PlanReport report = check("disabled-subtree.jmx");

        assertThat(report.violations()).isEmpty();
        assertThat(report.warnings()).isEmpty();
    }
}
