package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.scenario.ProgressLine;
import org.esbbench.maven.targets.TargetProfile;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The line check prints about the run: the number of scenario runs and the time, restarts between heaps included. */
class RunSummaryTest {
    @TempDir
    Path root;

    private final TargetProfile reference = new TargetProfile("reference", Path.of("reference.properties"), new Properties());

    @Test
    void aHeapListAddsItsHeapsRestartsAndTheirTime() throws Exception {
        RunParameters plan = RunParameters.parse(Map.of("scenarios", "direct,jms", "users", "2", "heap", "256m,512m",
                "warmup", "3", "measurement", "4"), root, root.resolve("jmx"));

        String line = RunSummary.describe(plan, reference);

        // 4 scenario runs of 3 + 4 + 2 s of load, and one restart of about 15 s
        assertThat(line).contains("server heap 256m, 512m;", "4 scenario runs and 1 server restart(s)",
                "about " + ProgressLine.formatDuration(4 * 9 + RunParameters.RESTART_SECONDS_ESTIMATE));
    }

    @Test
    void oneHeapSaysNothingOfHeaps() throws Exception {
        RunParameters plan = RunParameters.parse(Map.of("scenarios", "direct", "users", "2", "warmup", "3", "measurement", "4"),
                root, root.resolve("jmx"));

        assertThat(RunSummary.describe(plan, reference)).contains("1 scenario runs, target reference")
                .doesNotContain("heap", "restart");
    }

    @Test
    void theSummaryLineCountsPlansPointsAndRepeats() throws Exception {
        RunParameters plan = RunParameters.parse(Map.of("scenarios", "direct,cbr-body,xslt", "users", "100,200,500,1000",
                "size", "500,1000,10000,100000", "warmup", "120", "measurement", "240"), root, root.resolve("jmx"));

        assertThat(RunSummary.summarise(plan))
                .isEqualTo("48 scenario runs (3 plans × 16 points × 1 repeat), about 4:49:36 of load");
    }

    @Test
    void theSummaryLineSaysWhatExclusionsAndHeapRestartsCost() throws Exception {
        RunParameters plan = RunParameters.parse(Map.of("scenarios", "direct,ws-security", "users", "2", "size", "1024,102400",
                "heap", "256m,512m", "repeats", "2", "warmup", "3", "measurement", "4",
                "exclude", "ws-security@102400"), root, root.resolve("jmx"));

        // 2 plans x 4 points (2 heaps x 2 sizes) x 2 repeats = 16, less 2 points x 2 repeats; 3 restarts
        assertThat(RunSummary.summarise(plan)).isEqualTo("12 scenario runs (2 plans × 4 points × 2 repeats, less 4"
                + " excluded (ws-security@102400)), about " + ProgressLine.formatDuration(12 * 9 + 3 * 15)
                + " (load, and about 15 s for each of 3 server restart(s))");
    }
}
