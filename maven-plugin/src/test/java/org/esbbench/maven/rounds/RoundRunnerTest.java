package org.esbbench.maven.rounds;

import org.esbbench.maven.run.BuildLog;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundRecord.TargetRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RoundRunnerTest {
    @TempDir
    Path dir;

    private final List<String> steps = new ArrayList<>();
    private final List<String> said = new ArrayList<>();

    @Test
    void aResumedRoundGoesOnAtItsFirstUnfinishedRunResumingItsFolderAndAFailedRunDoesNotStopTheRound() throws Exception {
        List<TargetRun> runs = RoundOrder.of(List.of("a", "b"), 2, Map.of("a", List.of("direct"), "b", List.of("direct")));
        RoundRecord record = new RoundRecord("r1", "now", List.of("a", "b"), 2, List.of("direct"), Map.of(),
                Map.of("a", List.of("direct"), "b", List.of("direct")), Map.of("a", List.of(), "b", List.of()), runs);
        // The first run ended; the second was stopped in the middle of its run folder "run-b1".
        record = record.with(0, runs.get(0).started("run-a1").ended(RoundRecord.State.DONE, null))
                .with(1, runs.get(1).started("run-b1"));
        record.write(dir);
        List<Path> reported = new ArrayList<>();

        List<String> failed = new RoundRunner(dir, new RoundRunner.Steps() {
            private int made;

            @Override
            public String check(TargetRun run, String resume) {
                steps.add("check " + run.label() + (resume == null ? "" : " resume " + resume));
                return resume != null ? resume : "run-new" + (++made);
            }

            @Override
            public void measure(TargetRun run) throws RoundRunner.StepFailure {
                steps.add("measure " + run.runId());
                if (run.runId().equals("run-new1")) {
                    throw new RoundRunner.StepFailure("2 incorrect replies", null);
                }
            }
        }, reported::add, new BuildLog(said::add, said::add), () -> false).run();

        assertThat(steps).containsExactly("check iteration 1, b resume run-b1", "measure run-b1",
                "check iteration 2, b", "measure run-new1", "check iteration 2, a", "measure run-new2");
        RoundRecord after = RoundRecord.read(dir);
        assertThat(after.runs()).extracting(r -> r.runId() + ":" + r.state()).containsExactly("run-a1:DONE",
                "run-b1:DONE", "run-new1:FAILED", "run-new2:DONE");
        assertThat(after.runs().get(2).failure()).isEqualTo("2 incorrect replies");
        assertThat(failed).containsExactly("iteration 2, b (run run-new1): 2 incorrect replies");
        assertThat(reported).containsExactly(dir);
    }

    @Test
    void aBuildStoppedDuringATargetRunLeavesItUnfinishedForTheResumeAndStartsNoFurtherRun() throws Exception {
        List<TargetRun> runs = RoundOrder.of(List.of("a", "b"), 1, Map.of("a", List.of("direct"), "b", List.of("direct")));
        new RoundRecord("r2", "now", List.of("a", "b"), 1, List.of("direct"), Map.of(), Map.of(), Map.of(), runs).write(dir);
        boolean[] stopping = {false};

        RoundRunner runner = new RoundRunner(dir, new RoundRunner.Steps() {
            @Override
            public String check(TargetRun run, String resume) {
                steps.add("check " + run.target());
                return "run-" + run.target();
            }

            @Override
            public void measure(TargetRun run) throws RoundRunner.StepFailure {
                stopping[0] = true; // Ctrl-C: the run goal gives up with a failure
                throw new RoundRunner.StepFailure("the build is being stopped", null);
            }
        }, d -> steps.add("report"), new BuildLog(said::add, said::add), () -> stopping[0]);

        assertThatThrownBy(runner::run).isInstanceOf(RoundRunner.Stopped.class)
                .hasMessage("the build is being stopped during iteration 1, a (run run-a): resume the round with"
                        + " -Dresume=round-r2");
        assertThat(steps).containsExactly("check a");
        assertThat(RoundRecord.read(dir).runs()).extracting(r -> r.runId() + ":" + r.state())
                .containsExactly("run-a:RUNNING", "null:PENDING");
    }
}
