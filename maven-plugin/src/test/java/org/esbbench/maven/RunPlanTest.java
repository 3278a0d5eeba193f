package org.esbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.esbbench.core.Scenario;
import org.junit.jupiter.api.Test;

class RunPlanTest {

    private static RunPlan parse(String scenarios, String users, String size, String delay, String warmup, String measurement) throws InvalidRunException {
        return RunPlan.parse(scenarios, users, size, delay, warmup, measurement, "512m");
    }

    @Test
    void allMeansEveryScenarioOfTheCatalogue() throws Exception {
        assertThat(parse("all", "10", "1024", "0", "300", "900").scenarios()).containsExactly(Scenario.values());
    }

    @Test
    void aListKeepsCatalogueOrderAndDropsRepeats() throws Exception {
        RunPlan plan = parse(" xslt, direct ,xslt", "10", "1024", "0", "1", "2");
        assertThat(plan.scenarioIds()).containsExactly("direct", "xslt");
        assertThat(plan.plannedSeconds()).isEqualTo(6);
    }

    @Test
    void anUnknownScenarioNamesTheValidIds() {
        assertThatThrownBy(() -> parse("direct,proxy", "10", "1024", "0", "300", "900"))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("'proxy'")
                .hasMessageContaining("valid: all, direct, cbr-body");
    }

    @Test
    void windowsMustBePositiveWholeNumbers() {
        assertThatThrownBy(() -> parse("all", "10", "1024", "0", "0", "900")).hasMessageContaining("-Dwarmup=0");
        assertThatThrownBy(() -> parse("all", "10", "1024", "0", "300", "-5")).hasMessageContaining("-Dmeasurement=-5");
        assertThatThrownBy(() -> parse("all", "10", "1024", "0", "5m", "900")).hasMessageContaining("not a whole number");
        assertThatThrownBy(() -> parse("all", "0", "1024", "0", "300", "900")).hasMessageContaining("-Dusers=0");
    }

    @Test
    void delayMayBeZeroButNotNegativeOrAbsurd() throws Exception {
        assertThat(parse("all", "1", "1024", "0", "1", "1").delays()).containsExactly(0L);
        assertThatThrownBy(() -> parse("all", "1", "1024", "-1", "1", "1")).hasMessageContaining("must not be negative");
        assertThatThrownBy(() -> parse("all", "1", "1024", "600001", "1", "1")).hasMessageContaining("at most 600000");
    }

    @Test
    void usersSizeAndDelayTakeListsAndEveryCombinationIsAPointRepeatedAsAsked() throws Exception {
        RunPlan plan = RunPlan.parse("direct,xslt", "50, 10", "1024,512", "0", "3", "2", "3", "512m");
        assertThat(plan.users()).containsExactly(10, 50);
        assertThat(plan.sizes()).containsExactly(512, 1024);
        assertThat(plan.points()).hasSize(8);
        assertThat(plan.points().get(0).key()).isEqualTo("direct_u10_s512_d0");
        assertThat(plan.points().get(1).key()).isEqualTo("xslt_u10_s512_d0");
        assertThat(plan.scenarioRuns()).isEqualTo(24);
        assertThat(plan.plannedSeconds()).isEqualTo(24 * 5);
    }

    @Test
    void aBadListMemberOrRepeatCountIsNamed() {
        assertThatThrownBy(() -> parse("all", "10,x", "1024", "0", "1", "1")).hasMessageContaining("-Dusers=x")
                .hasMessageContaining("comma-separated");
        assertThatThrownBy(() -> parse("all", "10,", "1024", "0", "1", "1")).hasMessageContaining("-Dusers=");
        assertThatThrownBy(() -> RunPlan.parse("all", "1", "1024", "0", "0", "1", "1", "512m")).hasMessageContaining("-Drepeats=0");
        assertThatThrownBy(() -> RunPlan.parse("all", "1", "1024", "0", "101", "1", "1", "512m")).hasMessageContaining("at most 100");
    }

    @Test
    void heapMustLookLikeAnXmxValue() {
        assertThatThrownBy(() -> RunPlan.parse("all", "1", "1024", "0", "1", "1", "lots")).hasMessageContaining("-Dheap=lots");
    }
}
