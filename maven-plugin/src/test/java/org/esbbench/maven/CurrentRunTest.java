package org.esbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import org.esbbench.report.run.ProcessesFile;
import org.esbbench.report.run.RunLayout;
import org.esbbench.report.run.RunPlanFile;
import org.esbbench.report.run.ScenarioRunJournal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What check writes and the later goals read: the run plan, through the build's current-run pointer. */
class CurrentRunTest {
    @TempDir
    Path dir;

    @Test
    void theLaterGoalsRebuildThePlanAndTheTargetProfileFromTheRunPlanAlone() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Map<String, String> parameters = new LinkedHashMap<>(RunPlan.DEFAULTS);
        parameters.putAll(Map.of("scenarios", "direct,rest", "users", "1,2", "delay", "0,5", "warmup", "3"));
        RunPlan plan = RunPlan.parse(parameters, root, root.resolve("jmx"));
        TargetProfile profile = TargetProfile.load(root.resolve("config/targets"), "reference");
        RunLayout layout = new RunLayout(dir.resolve("results/run-1"));
        RunPlanFiles.of(layout.runId(), Instant.parse("2026-01-02T03:04:05Z"), parameters, plan, profile, List.of("rest"),
                "two plans", RunFacts.of(root, plan, profile, new RunFacts.Versions("1", "5.6.3", "reference-esb 1")))
                .write(layout.runPlan());
        CurrentRunPointer pointer = new CurrentRunPointer(dir.resolve("target/esb-bench"));
        pointer.point(layout);

        CurrentRun current = CurrentRun.read(new CurrentRunPointer(dir.resolve("target/esb-bench")), root);

        assertThat(current.layout()).isEqualTo(layout);
        assertThat(current.plan().points()).isEqualTo(plan.points()).isEqualTo(current.planFile().points());
        assertThat(current.plan().settings()).isEqualTo(plan.settings());
        assertThat(current.profile().properties()).isEqualTo(profile.properties());
        assertThat(current.profile().managementAgent()).isEqualTo(profile.managementAgent());
        assertThat(current.planFile().uncheckedPlans()).containsExactly("rest");
        assertThat(RunPropertiesView.versions(current.planFile())).isEqualTo(new RunRecord.Versions("1", "5.6.3", "reference-esb 1"));
    }

    @Test
    void withoutACheckThereIsNoCurrentRun() {
        assertThatThrownBy(() -> CurrentRun.read(new CurrentRunPointer(dir), dir))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("esb-bench:check goal runs first");
    }

    @Test
    void runJsonsTimesComeFromThePlanAndTheJournalAndItsProcessesAreTheServers() throws Exception {
        RunLayout layout = new RunLayout(dir);
        RunPlanFile plan = new RunPlanFile("run-1", "reference", Instant.ofEpochMilli(1000), Map.of(), List.of(), List.of(),
                1, 1, 1, "", Map.of());
        ProcessesFile.write(layout.processes(), List.of(
                new ProcessesFile.Entry("server", 7, 1, OptionalLong.of(9), "server.log", "java -Xmx1g -jar server.jar"),
                new ProcessesFile.Entry("monitor", 8, 1, OptionalLong.of(9), "monitor.log", "java -cp x RunMonitor"),
                new ProcessesFile.Entry("jmeter-a_r1", 9, 1, OptionalLong.of(9), "j.out", "java -jar ApacheJMeter.jar")));
        List<ScenarioRunJournal.Entry> journal = List.of(
                new ScenarioRunJournal.Entry("a_r1", 2000, 3000, Optional.of(0), ""),
                new ScenarioRunJournal.Entry("b_r1", 3100, 4000, Optional.empty(), "stopped"));

        Properties run = RunPropertiesView.of(plan, journal, layout);

        assertThat(run.getProperty("checkedAt")).isEqualTo("1000");
        assertThat(run.getProperty("startedAt")).isEqualTo("2000");
        assertThat(run.getProperty("stoppedAt")).isEqualTo("4000");
        assertThat(run.getProperty("process.server.command")).isEqualTo("java -Xmx1g -jar server.jar");
        assertThat(run.stringPropertyNames()).noneMatch(k -> k.contains("monitor") || k.contains("jmeter"));
        assertThat(Files.exists(layout.processes())).isTrue();
    }
}
