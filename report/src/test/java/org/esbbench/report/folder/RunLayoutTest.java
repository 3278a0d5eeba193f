package org.esbbench.report.folder;

import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RunLayoutTest {
    @TempDir
    Path results;

    private static RunParametersFile parameters(String runId, Instant checkedAt) {
        return new RunParametersFile(runId, "reference", checkedAt, Map.of("esbbench.users", "5"),
                List.of(new RunParametersFile.PlanEntry("direct", "jmx/direct.jmx", "direct", true)),
                List.of(new Point("direct", 5, 1024, 0)), 2, 3, 4, "", Map.of());
    }

    @Test
    void checkWritesRunParametersJsonAndEveryReaderReadsIt() throws IOException {
        RunLayout layout = new RunLayout(results.resolve("new"));

        assertThat(layout.runParametersFile()).isEqualTo(layout.runParameters())
                .isEqualTo(layout.dir().resolve("run-parameters.json"));
        parameters("new", Instant.parse("2026-11-23T10:00:00Z")).write(layout.runParameters());

        assertThat(layout.runParametersFile()).isEqualTo(layout.dir().resolve(RunLayout.RUN_PARAMETERS));
        assertThat(RunParametersFile.read(layout.runParametersFile()).runId()).isEqualTo("new");
    }

    @Test
    void aFolderHoldingOnlyRunPlanJsonIsReadFromIt() throws IOException {
        // A run folder written before the rename: analysed again and resumed from its run-plan.json.
        RunLayout layout = new RunLayout(Files.createDirectories(results.resolve("old")));
        parameters("old", Instant.parse("2026-11-23T10:00:00Z")).write(layout.dir().resolve("run-plan.json"));

        assertThat(layout.runParametersFile()).isEqualTo(layout.dir().resolve(RunLayout.RUN_PLAN_BEFORE_RENAME))
                .isEqualTo(RunLayout.runParametersFile(layout.dir()));
        assertThat(RunParametersFile.read(layout.runParametersFile()).scenarioRuns()).hasSize(2);
        assertThat(layout.runParameters()).doesNotExist();
        assertThat(LatestRun.newestPlanned(results)).isEqualTo(layout.dir());
        assertThat(RunSessions.next(layout)).as("its only build was session 1").isEqualTo(2);
    }

    @Test
    void theNewFileWinsWhenBothAreThere() throws IOException {
        RunLayout layout = new RunLayout(Files.createDirectories(results.resolve("both")));
        parameters("old", Instant.parse("2026-11-23T10:00:00Z")).write(layout.dir().resolve("run-plan.json"));
        parameters("both", Instant.parse("2026-11-23T11:00:00Z")).write(layout.runParameters());

        assertThat(layout.runParametersFile()).isEqualTo(layout.runParameters());
        assertThat(RunParametersFile.read(layout.runParametersFile()).runId()).isEqualTo("both");
    }

    @Test
    void namesTheFilesTheGoalsWriteBesideTheAnalysis() {
        RunLayout layout = new RunLayout(results.resolve("run"));
        Path dir = layout.dir();

        assertThat(layout.preflightLog()).isEqualTo(dir.resolve("preflight.log"));
        assertThat(layout.generators()).isEqualTo(EnginesFile.in(dir)).isEqualTo(dir.resolve("generators.json"));
        assertThat(layout.perfmonAgent()).isEqualTo(PerfMonAgentFile.in(dir)).isEqualTo(dir.resolve("perfmon.properties"));
        assertThat(layout.engineProbe(".jmx")).isEqualTo(dir.resolve("engines/probe.jmx"));
        assertThat(layout.engineLog("engine-1")).isEqualTo(dir.resolve("logs/engine-1.log"));
        assertThat(layout.engineOutput("engine-1")).isEqualTo(dir.resolve("logs/engine-1.out"));
        assertThat(layout.analysisOfStoppedRunLog()).isEqualTo(dir.resolve("logs/analysis-of-stopped-run.log"));
        assertThat(layout.serverWork()).isEqualTo(dir.resolve("server"));
        assertThat(layout.journalTail(2)).isEqualTo(dir.resolve("partial/s2/scenario-runs.tail"));
        assertThat(RunLayout.abortedResultsOf(layout.jtl("a_r1"))).isEqualTo(dir.resolve("jtl/a_r1.csv.partial"));
        assertThat(layout.dashboardPage("a_r1")).isEqualTo(dir.resolve("dashboards/a_r1/index.html"));
        assertThat(layout.throughputChart("a_r1")).isEqualTo(dir.resolve("charts/a_r1-over-window.png"));
        assertThat(RunLayout.isPerfmon(layout.perfmon("a_r1"))).isTrue();
        assertThat(RunLayout.isPerfmon(layout.jmeterLog("a_r1"))).isFalse();
        assertThat(RunLayout.CPU_HEADER).isEqualTo("epochMs,process,cpuMs");
    }
}
