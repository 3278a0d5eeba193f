package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.parameters.RunnablePlan;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.esbbench.maven.parameters.InvalidRunException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What esb-bench:check does with the plans of a run: the contract of each, every violation named, opt-outs kept. */
class PlanChecksTest {

    private static final Path FIXTURES = Path.of("src/test/resources/plans").toAbsolutePath();
    private static final Path STANDARD = Path.of("..", "jmx").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private RunParameters run(String scenarios, Path... plans) throws Exception {
        List<String> files = new ArrayList<>();
        for (Path plan : plans) {
            files.add(plan.toString());
        }
        return RunParameters.parse(Map.of("scenarios", scenarios, "plans", String.join(",", files)), dir, STANDARD);
    }

    @Test
    void everyStandardPlanMeetsTheContract() throws Exception {
        List<String> log = new ArrayList<>();
        assertThat(PlanChecks.checkAll(run("all"), log::add)).isEmpty();
    }

    @Test
    void aPlanThatBreaksTheContractIsRefusedNamingThePlanTheElementAndTheFix() throws Exception {
        assertThatThrownBy(() -> PlanChecks.checkAll(run("direct", FIXTURES.resolve("hard-coded-host.jmx")), s -> { }))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("plan contract violation")
                .hasMessageContaining("plan hard-coded-host.jmx")
                .hasMessageContaining("HTTP Request")
                .hasMessageContaining("fix:");
    }

    @Test
    void aPlanThatOptsOutOfReplyChecksRunsAndIsNamed() throws Exception {
        Path optOut = FIXTURES.resolve("reply-check-opt-out.jmx");
        List<String> log = new ArrayList<>();
        String id = RunnablePlan.user(optOut).id();
        assertThat(PlanChecks.checkAll(run("none", optOut), log::add)).containsExactly(id);
        assertThat(log).anyMatch(l -> l.startsWith("warning:"));
    }

    @Test
    void aPlanTheBuildMakesLaterIsLeftToTheRunGoal() throws Exception {
        List<String> log = new ArrayList<>();
        assertThat(PlanChecks.checkAll(run("none", dir.resolve("target/made-later.jmx")), log::add)).isEmpty();
        assertThat(log).anyMatch(l -> l.contains("made by this build"));
    }
}
