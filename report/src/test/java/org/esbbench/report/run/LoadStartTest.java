package org.esbbench.report.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

class LoadStartTest {
    @TempDir
    Path dir;

    @Test
    void readsTheLoadStartTheSuitesHookPrints() throws IOException {
        // JMeter 5.6.3's non-GUI output with the hook's line (from a real run's logs/jmeter-NAME.out).
        Path out = Files.writeString(dir.resolve("jmeter-direct.out"), """
                Creating summariser <summary>
                Created the tree successfully using /work/main/jmx/soap-http.jmx
                Starting standalone test @ 2026 Nov 24 01:14:06 UTC (1795482846687)
                Waiting for possible Shutdown/StopTestNow/HeapDump/ThreadDump message on port 4445
                esb-bench: load started at 1795482847733 (the first thread group's start, 1046 ms after the test's start)
                summary =   4400 in 00:00:51 =   86.2/s Avg:   112 Min:     0 Max:  1677 Err:     0 (0.00%)
                """);

        assertThat(LoadStart.fromJMeterOutput(out)).isEqualTo(OptionalLong.of(1795482847733L));
    }

    @Test
    void isEmptyWithoutTheFileOrTheLine() throws IOException {
        assertThat(LoadStart.fromJMeterOutput(dir.resolve("missing.out"))).isEmpty();
        // A JMeter without the hook (a remote engine's client, an earlier version): only JMeter's own lines.
        Path out = Files.writeString(dir.resolve("other.out"),
                "Starting standalone test @ 2026 Nov 24 01:14:06 UTC (1795482846687)\n");
        assertThat(LoadStart.fromJMeterOutput(out)).isEmpty();
    }
}
