package org.esbbench.maven.run;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.targets.TargetProfile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What check writes and the later goals read: the run parameters, through the build's current-run pointer. */
class CurrentRunTest {
    @TempDir
    Path dir;

    @Test
    void theLaterGoalsRebuildThePlanAndTheTargetProfileFromTheRunPlanAlone() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Map<String, String> parameters = new LinkedHashMap<>(RunParameters.DEFAULTS);
        parameters.putAll(Map.of("scenarios", "direct,rest", "users", "1,2", "delay", "0,5", "warmup", "3"));
        RunParameters plan = RunParameters.parse(parameters, root, root.resolve("jmx"));
        TargetProfile profile = TargetProfile.load(root.resolve("config/targets"), "reference");
        RunLayout layout = new RunLayout(dir.resolve("results/run-1"));
        RecordedRun.of(layout.runId(), Instant.parse("2026-01-02T03:04:05Z"), parameters, plan, profile, List.of("rest"),
                "two plans", RunFacts.of(root, plan, profile, new RunFacts.Versions("1", "5.6.3", "reference-esb 1")))
                .write(layout.runParameters());
        CurrentRunPointer pointer = new CurrentRunPointer(dir.resolve("target/esb-bench"));
        pointer.point(layout);

        CurrentRun current = CurrentRun.read(new CurrentRunPointer(dir.resolve("target/esb-bench")), root);

        assertThat(current.layout()).isEqualTo(layout);
        assertThat(current.plan().points()).isEqualTo(plan.points()).isEqualTo(current.planFile().points());
        assertThat(current.plan().settings()).isEqualTo(plan.settings());
        assertThat(current.profile().properties()).isEqualTo(profile.properties());
        assertThat(current.profile().managementAgent()).isEqualTo(profile.managementAgent());
        assertThat(current.planFile().uncheckedPlans()).containsExactly("rest");
        assertThat(current.planFile().record().get(RunFacts.VERSIONS)).isInstanceOf(Map.class)
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .containsEntry("suite", "1").containsEntry("jmeter", "5.6.3").containsEntry("server", "reference-esb 1");
    }

    @Test
    void withoutACheckThereIsNoCurrentRun() {
        assertThatThrownBy(() -> CurrentRun.read(new CurrentRunPointer(dir), dir))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("esb-bench:check goal runs first");
    }
}
