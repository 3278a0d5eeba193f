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
    void readsTheTestStartJMeterPrintsForAStandaloneTest() throws IOException {
        // The lines JMeter 5.6.3 prints in non-GUI mode (from a real run's logs/jmeter-NAME.out).
        Path out = Files.writeString(dir.resolve("jmeter-direct.out"), """
                WARN StatusConsoleListener The use of package scanning to locate plugins is deprecated
                Creating summariser <summary>
                Created the tree successfully using /work/main/jmx/soap-http.jmx
                Starting standalone test @ 2026 Nov 24 01:14:06 UTC (1795482846687)
                Waiting for possible Shutdown/StopTestNow/HeapDump/ThreadDump message on port 4445
                summary =   4400 in 00:00:51 =   86.2/s Avg:   112 Min:     0 Max:  1677 Err:     0 (0.00%)
                Tidying up ...    @ 2026 Nov 24 01:14:58 UTC (1795482898774)
                """);

        assertThat(LoadStart.fromJMeterOutput(out)).isEqualTo(OptionalLong.of(1795482846687L));
    }

    @Test
    void readsTheClientsLineOfADistributedTest() throws IOException {
        Path out = Files.writeString(dir.resolve("jmeter-x.out"), """
                Configuring remote engine: 127.0.0.1:50001
                Starting distributed test with remote engines: [127.0.0.1:50001, 127.0.0.1:50003] @ 2026 Nov 24 01:14:06 UTC (1795482846001)
                Remote engines have been started:[127.0.0.1:50001, 127.0.0.1:50003]
                """);

        assertThat(LoadStart.fromJMeterOutput(out)).isEqualTo(OptionalLong.of(1795482846001L));
    }

    @Test
    void isEmptyWithoutTheFileOrTheLine() throws IOException {
        assertThat(LoadStart.fromJMeterOutput(dir.resolve("missing.out"))).isEmpty();
        Path out = Files.writeString(dir.resolve("other.out"), "Tidying up ...    @ 2026 Nov 24 01:14:58 UTC (1795482898774)\n");
        assertThat(LoadStart.fromJMeterOutput(out)).isEmpty();
    }
}
