package org.esbbench.maven.scenario;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.esbbench.report.samples.JtlFollower;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The progress line of a new and of a resumed run: which run of how many, and an ETA over what is left. */
class ProgressLineTest {
    @TempDir
    Path dir;

    /** direct and cbr-body at 1 and 2 users, 2 repeats: 8 scenario runs of 3 + 4 + 2 s each. */
    private static RunParameters plan() throws InvalidRunException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Map<String, String> parameters = new LinkedHashMap<>(RunParameters.DEFAULTS);
        parameters.putAll(Map.of("scenarios", "direct,cbr-body", "users", "1,2", "repeats", "2", "warmup", "3",
                "measurement", "4"));
        return RunParameters.parse(parameters, root, root.resolve("jmx"));
    }

    /** A results file whose first sample started 2 s ago: 2 s into the warm-up. */
    private JtlFollower twoSecondsIn() throws Exception {
        Path jtl = dir.resolve("run.csv");
        Files.writeString(jtl, "timeStamp,elapsed,label,responseCode,success,failureMessage\n"
                + (System.currentTimeMillis() - 2_000) + ",5,direct,200,true,\n");
        return new JtlFollower(jtl);
    }

    /** Seconds into the scenario run as the line says (2, or 3 on a slow machine). */
    private static int inRun(String line) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("warm-up 0:00:(\\d\\d) of").matcher(line);
        assertThat(m.find()).as(line).isTrue();
        return Integer.parseInt(m.group(1));
    }

    @Test
    void aNewRunCountsTheWholePlan() throws Exception {
        RunParameters plan = plan();
        String line = new ProgressLine(plan, System.nanoTime()).line(0, "direct", twoSecondsIn(), 0, 1);

        // The rest of this run, then 7 more runs of 9 s.
        assertThat(line).startsWith("run 1 of 8: direct | warm-up 0:00:0");
        assertThat(line).contains("ETA " + ProgressLine.formatDuration(9 - inRun(line) + 7 * 9));
    }

    @Test
    void aResumedRunCountsItsPlaceInThePlanAndItsEtaOnlyOverThePendingRuns() throws Exception {
        RunParameters plan = plan();
        // 3 complete before this session, 5 to measure: the second of them is going on.
        String line = new ProgressLine(plan, 3, 5, System.nanoTime()).line(1, "direct", twoSecondsIn(), 0, 1);

        // The rest of this run, then the 3 runs left of this session (8 planned - 2nd of the session - 1 would be 6).
        assertThat(line).startsWith("run 5 of 8 (2 of 5 this session): direct")
                .contains("ETA " + ProgressLine.formatDuration(9 - inRun(line) + 3 * 9));
    }

    @Test
    void serverRestartsStillAheadCountInTheEta() throws Exception {
        // 4 runs left in this session: 256m, 256m, 512m, 512m: one restart ahead of the 1st.
        String line = new ProgressLine(plan(), 4, List.of("256m", "256m", "512m", "512m"), System.nanoTime())
                .line(0, "direct", twoSecondsIn(), 0, 1);

        assertThat(line).startsWith("run 5 of 8 (1 of 4 this session)")
                .contains("ETA " + ProgressLine.formatDuration(9 - inRun(line) + 3 * 9 + RunParameters.RESTART_SECONDS_ESTIMATE));
    }

    @Test
    void theEtaLearnsFromWhatThisSessionsRunsTook() throws Exception {
        ProgressLine progress = new ProgressLine(plan(), 3, 5, System.nanoTime());
        progress.runEnded(20);

        String line = progress.line(1, "direct", twoSecondsIn(), 0, 1);

        // 3 more runs at the 20 s the ended one took, not at the planned 9 s.
        assertThat(line).contains("ETA " + ProgressLine.formatDuration(9 - inRun(line) + 3 * 20));
    }
}
