package org.esbbench.maven.plans;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.esbbench.maven.scenario.PlanProperties;
import org.junit.jupiter.api.Test;

/**
 * The project's own plans keep the contract without a warning: every property they read is one the suite passes
 * (the catalogue's parameters for plans and the suite's own), so a default run prints nothing about them.
 */
class StandardPlansContractTest {

    @Test
    void everyPlanInJmxAndItsExamplesPassesWithoutAWarning() throws Exception {
        List<Path> plans;
        try (Stream<Path> files = Files.walk(Path.of("../jmx"))) {
            plans = files.filter(p -> p.toString().endsWith(".jmx")).sorted().toList();
        }
        assertThat(plans).hasSizeGreaterThanOrEqualTo(4);
        PlanContract contract = new PlanContract(PlanProperties.NAMES);
        for (Path plan : plans) {
            PlanReport report = contract.check(plan);
            assertThat(report.violations()).as(plan.toString()).isEmpty();
            assertThat(report.warnings()).as(plan.toString()).isEmpty();
        }
    }
}
