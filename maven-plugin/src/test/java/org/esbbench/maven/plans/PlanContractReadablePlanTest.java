package org.esbbench.maven.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.maven.plans.PlanFixtures.CONTRACT;
import static org.esbbench.maven.plans.PlanFixtures.check;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rule 1: the file exists, parses, and is a jmeterTestPlan with a Test Plan. */
class PlanContractReadablePlanTest {

    @Test
    void aMissingFileIsAViolationNotAnException(@TempDir Path folder) {
        PlanReport report = CONTRACT.check(folder.resolve("mine.jmx"));

        assertThat(report.passes()).isFalse();
        assertThat(report.violations()).singleElement().asString()
                .startsWith("plan mine.jmx: cannot be read: there is no file ")
                .endsWith("; fix: check the plan's path (a plan of your own: the path to its .jmx file)");
        assertThat(report.parametersRead()).isEmpty();
    }

    @Test
    void aFolderIsAViolation(@TempDir Path folder) {
        assertThat(CONTRACT.check(folder).violations()).singleElement().asString()
                .contains("cannot be read: it is a folder, not a .jmx file; fix: name a .jmx file");
    }

    @Test
    void aTruncatedFileIsAViolationThatSaysWhere() {
        PlanReport report = check("malformed.jmx");

        assertThat(report.violations()).singleElement().asString()
                .startsWith("plan malformed.jmx: is not well-formed XML (line ")
                .contains("; fix: open the plan in the JMeter GUI and save it");
    }

    @Test
    void anotherKindOfXmlIsNotAPlan() {
        assertThat(check("not-a-plan.jmx").violations()).containsExactly("plan not-a-plan.jmx: is not a JMeter plan:"
                + " its root element is <project>, not <jmeterTestPlan>; fix: name a .jmx file saved by JMeter");
    }

    @Test
    void aPlanWithoutTestPlanElementIsAViolation() {
        assertThat(check("no-test-plan.jmx").violations()).singleElement().asString()
                .startsWith("plan no-test-plan.jmx: has no Test Plan element").contains("; fix: ");
    }

    @Test
    void aDoctypeIsRefusedSoNoExternalEntityIsRead() {
        PlanReport report = check("xxe.jmx");

        assertThat(report.violations()).singleElement().asString()
                .startsWith("plan xxe.jmx: declares a DOCTYPE (line 2")
                .contains("fix: delete the <!DOCTYPE ...> declaration")
                .doesNotContain("root:");
        assertThat(report.parametersRead()).isEmpty();
    }
}
