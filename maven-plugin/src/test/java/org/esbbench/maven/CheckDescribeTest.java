package org.esbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The line check prints about the run: the number of scenario runs and the time, restarts between heaps included. */
class CheckDescribeTest {
    @TempDir
    Path root;

    private final TargetProfile reference = new TargetProfile("reference", Path.of("reference.properties"), new Properties());

    @Test
    void aHeapListAddsItsHeapsRestartsAndTheirTime() throws Exception {
        RunPlan plan = RunPlan.parse(Map.of("scenarios", "direct,jms", "users", "2", "heap", "256m,512m",
                "warmup", "3", "measurement", "4"), root, root.resolve("jmx"));

        String line = CheckMojo.describe(plan, reference);

        // 4 scenario runs of 3 + 4 + 2 s of load, and one restart of about 15 s
        assertThat(line).contains("server heap 256m, 512m;", "4 scenario runs and 1 server restart(s)",
                "about " + ProgressLine.formatDuration(4 * 9 + RunPlan.RESTART_SECONDS_ESTIMATE));
    }

    @Test
    void oneHeapSaysNothingOfHeaps() throws Exception {
        RunPlan plan = RunPlan.parse(Map.of("scenarios", "direct", "users", "2", "warmup", "3", "measurement", "4"),
                root, root.resolve("jmx"));

        assertThat(CheckMojo.describe(plan, reference)).contains("1 scenario runs, target reference")
                .doesNotContain("heap", "restart");
    }
}
