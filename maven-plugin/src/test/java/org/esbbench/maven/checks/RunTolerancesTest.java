package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.servers.BackendDrill;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.esbbench.report.points.Point;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RunTolerancesTest {
    private static final List<String> SCENARIOS = List.of("direct", "xslt");

    @TempDir
    Path dir;

    @Test
    void acceptsPercentsAndSaysWhatIsNotTheDefault() throws InvalidRunException {
        List<String> log = new ArrayList<>();
        RunTolerances.validate(Map.of(), SCENARIOS, dir, log::add);
        RunTolerances.validate(Map.of("maxErrorPercent", "0", "backendFailPercent", "0"), SCENARIOS, dir, log::add);
        assertThat(log).isEmpty();

        RunTolerances.validate(Map.of("maxErrorPercent", "1", "backendFailPercent", "0.5"), SCENARIOS, dir, log::add);
        assertThat(log).containsExactly(
                "errors tolerated up to 1 % of each scenario run's samples (-DmaxErrorPercent); incorrect replies still"
                        + " fail the run",
                "DRILL: the echo backend answers 0.5 % of requests with 503 (-DbackendFailPercent): these runs measure"
                        + " the suite's handling of errors, not a server");
    }

    @Test
    void refusesANonNumberOrAPercentOutOfRangeAtCheck() {
        assertThatThrownBy(() -> RunTolerances.validate(Map.of("maxErrorPercent", "one"), SCENARIOS, dir, s -> { }))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageStartingWith("-DmaxErrorPercent=one: ").hasMessageContaining("a number from 0 to 100");
        assertThatThrownBy(() -> RunTolerances.validate(Map.of("maxErrorPercent", "101"), SCENARIOS, dir, s -> { }))
                .isInstanceOf(InvalidRunException.class).hasMessageStartingWith("-DmaxErrorPercent=101: ");
        assertThatThrownBy(() -> RunTolerances.validate(Map.of("backendFailPercent", "-3"), SCENARIOS, dir, s -> { }))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageStartingWith("-DbackendFailPercent=-3: ").hasMessageContaining("from 0 to 100");
    }

    @Test
    void checksTheDriftThresholdBeforeAnyLoadAndSaysWhenItIsNotTheDefault() throws InvalidRunException {
        List<String> log = new ArrayList<>();
        RunTolerances.validate(Map.of("driftThreshold", "10"), SCENARIOS, dir, log::add);
        assertThat(log).isEmpty();
        RunTolerances.validate(Map.of("driftThreshold", "25"), SCENARIOS, dir, log::add);
        assertThat(log).containsExactly("windows flagged drift when their first and last thirds differ by more than 25 %"
                + " in throughput or p99 (-DdriftThreshold)");
        for (String bad : List.of("0", "1001", "lots")) {
            assertThatThrownBy(() -> RunTolerances.validate(Map.of("driftThreshold", bad), SCENARIOS, dir, s -> { }))
                    .isInstanceOf(InvalidRunException.class).hasMessageStartingWith("-DdriftThreshold=" + bad + ": ")
                    .hasMessageContaining("a number above 0 and at most 1000");
        }
    }

    @Test
    void theBackendGetsFailPercentOnlyWhenTheRunPlanAsksForIt() throws Exception {
        RunLayout layout = new RunLayout(dir.resolve("run"));
        assertThat(BackendDrill.arguments(null)).isEmpty();
        assertThat(BackendDrill.arguments(layout)).isEmpty();
        plan(layout, Map.of("backendFailPercent", "0"));
        assertThat(BackendDrill.arguments(layout)).isEmpty();
        plan(layout, Map.of("backendFailPercent", "3"));
        assertThat(BackendDrill.arguments(layout)).containsExactly("--fail-percent", "3.0");
    }

    private static void plan(RunLayout layout, Map<String, String> parameters) throws Exception {
        new RunParametersFile(layout.runId(), "reference", Instant.now(), parameters,
                List.of(new RunParametersFile.PlanEntry("direct", "jmx/direct.jmx", "direct", true)),
                List.of(new Point("direct", 1, 1024, 0)), 1, 1, 1, "", Map.of()).write(layout.runParameters());
    }

    @Test
    void criteriaAreCheckedAgainstTheRunsScenariosAndFiguresBeforeAnyLoad() throws Exception {
        List<String> log = new ArrayList<>();
        RunTolerances.validate(Map.of("criteria", "direct:p99_ms<5, *:error_pct<=0.1"), SCENARIOS, dir, log::add);
        assertThat(log).containsExactly("criteria judged on every point (-Dcriteria): direct:p99_ms<5, *:error_pct<=0.1");

        assertThatThrownBy(() -> RunTolerances.validate(Map.of("criteria", "jms:p99_ms<5"), SCENARIOS, dir, s -> { }))
                .isInstanceOf(InvalidRunException.class)
                .hasMessage("-Dcriteria: 'jms:p99_ms<5' names scenario jms, which this run does not measure; its"
                        + " scenarios: direct, xslt, or * for every one");
        assertThatThrownBy(() -> RunTolerances.validate(Map.of("criteria", "direct:p99<5"), SCENARIOS, dir, s -> { }))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageStartingWith("-Dcriteria: 'direct:p99<5' names no figure p99; the figures: samples, errors,")
                .hasMessageContaining("p99_ms");
        assertThatThrownBy(() -> RunTolerances.validate(Map.of("criteria", "direct:p99_ms=5"), SCENARIOS, dir, s -> { }))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("is not a criterion");
    }

    @Test
    void aCapacityCriterionNeedsACapacitySearch() throws Exception {
        assertThatThrownBy(() -> RunTolerances.validate(Map.of("criteria", "capacity>=500"), SCENARIOS, dir, s -> { }))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("capacity>=N judges a capacity search; add -Dcapacity=OBJECTIVE");
        List<String> log = new ArrayList<>();
        RunTolerances.validate(Map.of("criteria", "capacity>=500", "capacity", "p99<=20ms"), SCENARIOS, dir, log::add);
        assertThat(log).containsExactly("criteria judged on every point (-Dcriteria): capacity>=500");
    }

    @Test
    void aBaselineIsARunFolderWithPointsFoundBeforeAnyLoad() throws Exception {
        assertThatThrownBy(() -> RunTolerances.validate(Map.of("baseline", "nosuchrun"), SCENARIOS, dir, s -> { }))
                .isInstanceOf(InvalidRunException.class).hasMessageStartingWith("-Dbaseline=nosuchrun: no run nosuchrun in");
        assertThatThrownBy(() -> RunTolerances.validate(Map.of("baseline", "latest:reference"), SCENARIOS, dir, s -> { }))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageStartingWith("-Dbaseline=latest:reference: no passed run of target reference in");
        java.nio.file.Files.createDirectories(dir.resolve("r1"));
        assertThatThrownBy(() -> RunTolerances.validate(Map.of("baseline", "r1"), SCENARIOS, dir, s -> { }))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("has no points.csv");
        java.nio.file.Files.writeString(dir.resolve("r1/points.csv"), "scenario\n");
        List<String> log = new ArrayList<>();
        RunTolerances.validate(Map.of("baseline", "r1", "baselineTolerance", "p99_ms:50"), SCENARIOS, dir, log::add);
        assertThat(log).singleElement().asString().startsWith("baseline gate (-Dbaseline): every point compared with ")
                .endsWith("r1, tolerated: p99 growth <= 50%, beyond the runs' spread");
    }

    @Test
    void theBackendWaitsTheAddedDelayOnTopOfThePointsOnlyWhenTheRunAsksForIt() throws Exception {
        RunLayout layout = new RunLayout(dir.resolve("run"));
        assertThat(BackendDrill.delayMs(null, 5)).isEqualTo(5);
        plan(layout, Map.of());
        assertThat(BackendDrill.delayMs(layout, 5)).isEqualTo(5);
        plan(layout, Map.of("backendAddedDelay", "20"));
        assertThat(BackendDrill.delayMs(layout, 5)).isEqualTo(25);
    }
}
