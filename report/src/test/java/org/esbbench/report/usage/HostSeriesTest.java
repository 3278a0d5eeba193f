package org.esbbench.report.usage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class HostSeriesTest {
    /** Written by JMeter 5.6.3's PerfMon collector (plugins 2.1) from the 2.2.2 agent on loopback, 5 s. */
    static Path recorded() throws URISyntaxException {
        return Path.of(HostSeriesTest.class.getResource("/perfmon/perfmon-recorded.csv").toURI());
    }

    static final long FIRST = 1795443018982L;
    static final long LAST = 1795443022988L; // the last memory reading came 1 ms after the CPU one

    @TempDir
    Path dir;

    @Test
    void readsTheCollectorsCpuAndMemoryScaledBackFromElapsed() throws Exception {
        HostSeries series = HostSeries.read(List.of(recorded()));

        assertThat(series.host()).isEqualTo("127.0.0.1");
        assertThat(series.cpu(FIRST, LAST)).extracting(HostSeries.Reading::percent)
                .containsExactly(95.959, 98.0, 97.979, 92.0, 80.904);
        // "Memory used:unit=mb", a metric the plans do not ask for, is left out rather than mixed in.
        assertThat(series.memory(FIRST, LAST)).extracting(HostSeries.Reading::percent)
                .containsExactly(2.376, 2.61, 2.643, 2.806, 2.807);
    }

    @Test
    void theWindowsMeanUsesTheReadingsTakenAfterItsStartUpToItsEnd() throws Exception {
        HostSeries series = HostSeries.read(List.of(recorded()));

        // The reading at the window's start describes the second before it.
        assertThat(series.meanCpuPercent(FIRST, LAST).getAsDouble())
                .isCloseTo((98.0 + 97.979 + 92.0 + 80.904) / 4, within(1e-9));
        assertThat(series.meanMemoryPercent(FIRST, LAST).getAsDouble())
                .isCloseTo((2.61 + 2.643 + 2.806 + 2.807) / 4, within(1e-9));
        assertThat(series.meanCpuPercent(LAST + 1, LAST + 10_000)).isEmpty();
    }

    @Test
    void aRunsFilesAreMergedInTimeOrderAndOtherLogsIgnored() throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        String header = Files.readAllLines(recorded()).get(0);
        Files.writeString(logs.resolve("perfmon-b_r1.csv"), header + "\n2000,50000,h CPU,,,,,true,,0,0,0,0,null,0,0,0\n");
        Files.writeString(logs.resolve("perfmon-a_r1.csv"), header + "\n1000,10000,h CPU,,,,,true,,0,0,0,0,null,0,0,0\n"
                + "1000,40000,h Memory,,,,,true,,0,0,0,0,null,0,0,0\n"
                + "1500,99"); // cut short when JMeter was stopped
        Files.writeString(logs.resolve("jmeter-a_r1.log"), "not a series");

        HostSeries series = HostSeries.readAll(logs);

        assertThat(series.cpu(0, 3000)).extracting(HostSeries.Reading::epochMs).containsExactly(1000L, 2000L);
        assertThat(series.meanCpuPercent(0, 3000).getAsDouble()).isCloseTo(30, within(1e-9));
        assertThat(series.meanMemoryPercent(0, 3000).getAsDouble()).isCloseTo(40, within(1e-9));
    }

    @Test
    void withoutFilesThereIsNoReading() throws IOException {
        HostSeries series = HostSeries.readAll(dir.resolve("logs"));

        assertThat(series.isEmpty()).isTrue();
        assertThat(series.meanCpuPercent(0, Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void theCollectorsErrorRowsAreNoReadings() throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        String header = Files.readAllLines(recorded()).get(0);
        Files.writeString(logs.resolve("perfmon-a_r1.csv"), header + "\n"
                + "1000,50000,h CPU,,,,,true,,0,0,0,0,null,0,0,0\n"
                + "2000,-1000,h CPU,,cannot read the metric,,,false,,0,0,0,0,null,0,0,0\n"
                + "2000,-1000,java.net.ConnectException: Connection refused,,java.net.ConnectException: Connection refused,,,false,,0,0,0,0,null,0,0,0\n");

        HostSeries series = HostSeries.readAll(logs);

        assertThat(series.cpu(0, 3000)).extracting(HostSeries.Reading::percent).containsExactly(50.0);
        assertThat(series.meanMemoryPercent(0, 3000)).isEmpty();
    }
}
