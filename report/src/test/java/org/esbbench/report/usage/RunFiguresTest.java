package org.esbbench.report.usage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RunFiguresTest {
    private static final long T = 1_800_000_000_000L;

    @TempDir
    Path runDir;

    @Test
    void cpuPerMessageUtilisationsGcFiguresAndFlagsOfOneWindow() throws IOException {
        // Window [T, T + 10 s] on a 2-core machine: the server uses 5 s of CPU (25 % of the machine), the backend
        // 1 s (5 %), JMeter 12 s (60 %), the machine 19 s in all (95 %): JMeter took more than the server.
        Files.writeString(runDir.resolve("cpu.csv"), """
                epochMs,process,cpuMs
                %d,server,1000
                %d,backend,500
                %d,jmeter,0
                %d,machine,100000
                %d,server,6000
                %d,backend,1500
                %d,jmeter,12000
                %d,machine,119000
                """.formatted(T, T, T, T, T + 10_000, T + 10_000, T + 10_000, T + 10_000));
        // 100 ms of pauses in the window, one full GC 2 s after it (the one the suite asks for) leaving 64 MiB.
        Files.writeString(runDir.resolve("gc.csv"), String.join(",", GcSeries.HEADER) + "\n"
                + (T - 5_000) + ",,recording started,x,0,0,0,false\n"
                + (T + 3_000) + ",G1 Young Generation,end of minor GC,G1 Evacuation Pause,60,200000000,100000000,false\n"
                + (T + 7_000) + ",G1 Young Generation,end of minor GC,G1 Evacuation Pause,40,200000000,100000000,false\n"
                + (T + 12_000) + ",G1 Old Generation,end of major GC,System.gc(),30,150000000," + 64 * 1024 * 1024 + ",false\n");

        WindowUsage row = RunFigures.read(runDir, 2, new SaturationCheck(90)).usage(2_500, T, T + 10_000, true);

        assertThat(row.cpuMicrosPerMessage()).isCloseTo(5_000_000.0 / 2_500, within(1e-9));
        assertThat(row.serverCpuPercent()).isCloseTo(25, within(1e-9));
        assertThat(row.backendCpuPercent()).isCloseTo(5, within(1e-9));
        assertThat(row.generatorCpuPercent()).isCloseTo(60, within(1e-9));
        assertThat(row.machineCpuPercent()).isCloseTo(95, within(1e-9));
        assertThat(row.gcThroughputPercent()).isCloseTo(99, within(1e-9));
        assertThat(row.heapAfterFullGcMb()).isCloseTo(64, within(1e-9));
        assertThat(row.flags()).singleElement().asString().startsWith("generator-saturated");
    }

    @Test
    void withoutRecordsTheServerSideFiguresAreUnknownNotZero() throws IOException {
        WindowUsage row = RunFigures.read(runDir, 2, new SaturationCheck(90)).usage(100, T, T + 10_000, true);

        assertThat(row.cpuMicrosPerMessage()).isNull();
        assertThat(row.gcThroughputPercent()).isNull();
        assertThat(row.heapAfterFullGcMb()).isNull();
        assertThat(row.machineCpuPercent()).isNull();
        assertThat(row.flags()).isEmpty();
        assertThat(row).isEqualTo(WindowUsage.UNKNOWN);
    }

    @Test
    void aPlanThatOptsOutOfReplyChecksIsFlaggedInEveryRow() throws IOException {
        WindowUsage row = RunFigures.read(runDir, 2, new SaturationCheck(90)).usage(100, T, T + 10_000, false);

        assertThat(row.flags()).singleElement().asString().startsWith(RunFigures.UNCHECKED_REPLIES).contains("replyCheck=none");
    }
}
