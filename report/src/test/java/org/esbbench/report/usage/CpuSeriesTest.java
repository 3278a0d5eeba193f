package org.esbbench.report.usage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CpuSeriesTest {
    @TempDir
    Path dir;

    @Test
    void interpolatesTheCpuTimeOfOneProcessBetweenTwoInstants() throws IOException {
        Path csv = Files.writeString(dir.resolve("cpu.csv"), """
                epochMs,process,cpuMs
                1000,server,100
                1000,backend,5
                2000,server,600
                2000,backend,9
                3000,server,1600
                """);
        CpuSeries server = CpuSeries.read(csv, "server");

        assertThat(server.cpuMillisBetween(1000, 3000).getAsDouble()).isEqualTo(1500.0);
        assertThat(server.cpuMillisBetween(1500, 2500).getAsDouble()).isCloseTo(250 + 500, within(1e-9));
        assertThat(CpuSeries.read(csv, "backend").cpuMillisBetween(1000, 2000).getAsDouble()).isEqualTo(4.0);
    }

    @Test
    void isEmptyWhereTheSeriesDoesNotCoverTheWindow() throws IOException {
        Path csv = Files.writeString(dir.resolve("cpu.csv"), "epochMs,process,cpuMs\n1000,server,100\n2000,server,200\n");
        assertThat(CpuSeries.read(csv, "server").cpuMillisBetween(500, 1500)).isEmpty();
        assertThat(CpuSeries.read(csv, "server").cpuMillisBetween(1500, 2500)).isEmpty();
        assertThat(CpuSeries.read(dir.resolve("missing.csv"), "server").cpuMillisBetween(1000, 2000)).isEmpty();
    }
}
