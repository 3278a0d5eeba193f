package org.esbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.esbbench.report.JtlFollower;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The progress line of a new and of a resumed run: which run of how many, and an ETA over what is left. */
class ProgressLineTest {
    @TempDir
    Path dir;

    /** direct and cbr-body at 1 and 2 users, 2 repeats: 8 scenario runs of 3 + 4 + 2 s each. */
    private static RunPlan plan() throws InvalidRunException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Map<String, String> parameters = new LinkedHashMap<>(RunPlan.DEFAULTS);
        parameters.putAll(Map.of("scenarios", "direct,cbr-body", "users", "1,2", "repeats", "2", "warmup", "3",
                "measurement", "4"));
        return RunPlan.parse(parameters, root, root.resolve("jmx"));
    }

    /** A results file whose first sample started 2 s ago: 2 s into the warm-up. */
    private JtlFollower twoSecondsIn() throws Exception {
        Path jtl = dir.resolve("run.csv");
        Files.writeString(jtl, "timeStamp,elapsed,label,responseCode,success,failureMessage\n"
                + (System.currentTimeMillis() - 2_000) + ",5,direct,200,true,\n");
        return new JtlFollower(jtl);
    }

    @Test
    void aNewRunCountsTheWholePlan() throws Exception {
        RunPlan plan = plan();
        String line = new ProgressLine(plan, System.nanoTime()).line(0, "direct", twoSecondsIn(), 0, 1);

        // 7 s left of this run, 7 more runs of 9 s.
        assertThat(line).startsWith("run 1 of 8: direct | warm-up 0:00:02 of 0:00:09").contains("ETA 0:01:10");
    }

    @Test
    void aResumedRunCountsItsPlaceInThePlanAndItsEtaOnlyOverThePendingRuns() throws Exception {
        RunPlan plan = plan();
        // 3 complete before this session, 5 to measure: the second of them is going on.
        String line = new ProgressLine(plan, 3, 5, System.nanoTime()).line(1, "direct", twoSecondsIn(), 0, 1);

        // 7 s left of this run, then 3 more runs of 9 s (not the 6 of the whole plan that come after run 5).
        assertThat(line).startsWith("run 5 of 8 (2 of 5 this session): direct").contains("ETA 0:00:34");
    }

    @Test
    void theEtaLearnsFromWhatThisSessionsRunsTook() throws Exception {
        ProgressLine progress = new ProgressLine(plan(), 3, 5, System.nanoTime());
        progress.runEnded(20);

        assertThat(progress.line(1, "direct", twoSecondsIn(), 0, 1)).contains("ETA 0:01:07");
    }
}
