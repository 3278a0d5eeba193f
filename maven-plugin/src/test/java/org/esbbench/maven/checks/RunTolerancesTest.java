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
    @TempDir
    Path dir;

    @Test
    void acceptsPercentsAndSaysWhatIsNotTheDefault() throws InvalidRunException {
        List<String> log = new ArrayList<>();
        RunTolerances.validate(Map.of(), log::add);
        RunTolerances.validate(Map.of("maxErrorPercent", "0", "backendFailPercent", "0"), log::add);
        assertThat(log).isEmpty();

        RunTolerances.validate(Map.of("maxErrorPercent", "1", "backendFailPercent", "0.5"), log::add);
        assertThat(log).containsExactly(
                "errors tolerated up to 1 % of each scenario run's samples (-DmaxErrorPercent); incorrect replies still"
                        + " fail the run",
                "DRILL: the echo backend answers 0.5 % of requests with 503 (-DbackendFailPercent): these runs measure"
                        + " the suite's handling of errors, not a server");
    }

    @Test
    void refusesANonNumberOrAPercentOutOfRangeAtCheck() {
        assertThatThrownBy(() -> RunTolerances.validate(Map.of("maxErrorPercent", "one"), s -> { }))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageStartingWith("-DmaxErrorPercent=one: ").hasMessageContaining("a number from 0 to 100");
        assertThatThrownBy(() -> RunTolerances.validate(Map.of("maxErrorPercent", "101"), s -> { }))
                .isInstanceOf(InvalidRunException.class).hasMessageStartingWith("-DmaxErrorPercent=101: ");
        assertThatThrownBy(() -> RunTolerances.validate(Map.of("backendFailPercent", "-3"), s -> { }))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageStartingWith("-DbackendFailPercent=-3: ").hasMessageContaining("from 0 to 100");
    }

    @Test
    void checksTheDriftThresholdBeforeAnyLoadAndSaysWhenItIsNotTheDefault() throws InvalidRunException {
        List<String> log = new ArrayList<>();
        RunTolerances.validate(Map.of("driftThreshold", "10"), log::add);
        assertThat(log).isEmpty();
        RunTolerances.validate(Map.of("driftThreshold", "25"), log::add);
        assertThat(log).containsExactly("windows flagged drift when their first and last thirds differ by more than 25 %"
                + " in throughput or p99 (-DdriftThreshold)");
        for (String bad : List.of("0", "1001", "lots")) {
            assertThatThrownBy(() -> RunTolerances.validate(Map.of("driftThreshold", bad), s -> { }))
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
}
