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
        assertThat(row.backendMicrosPerMessage()).as("5 % of 2 cores over 10 s = 1 s of CPU, over 2,500 messages")
                .isCloseTo(400, within(1e-9));
        assertThat(row.generatorMicrosPerSample()).as("60 % of 2 cores over 10 s = 12 s of CPU, over 2,500 samples")
                .isCloseTo(4_800, within(1e-9));
        assertThat(row.gcThroughputPercent()).isCloseTo(99, within(1e-9));
        assertThat(row.heapAfterFullGcMb()).isCloseTo(64, within(1e-9));
        assertThat(row.flags()).extracting(f -> f.substring(0, f.indexOf(':')))
                .containsExactly("machine-saturated", "generator-saturated");
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

    /** A PerfMon collector file: CPU and memory readings (percent) each second from {@code from}. */
    private void perfmon(long from, double cpuPct, double memoryPct, int seconds) throws IOException {
        StringBuilder csv = new StringBuilder("timeStamp,elapsed,label,responseCode,responseMessage,threadName,"
                + "dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n");
        for (int i = 0; i <= seconds; i++) {
            csv.append(from + i * 1000L).append(',').append(Math.round(cpuPct * 1000)).append(",db1 CPU,,,,,true,,0,0,0,0,null,0,0,0\n");
            csv.append(from + i * 1000L).append(',').append(Math.round(memoryPct * 1000)).append(",db1 Memory,,,,,true,,0,0,0,0,null,0,0,0\n");
        }
        Files.createDirectories(runDir.resolve("logs"));
        Files.writeString(runDir.resolve("logs/perfmon-direct_u2_s1024_d0_r1.csv"), csv);
    }

    @Test
    void withoutServerCpuTheCpuPerMessageIsTheHostsAndFlaggedSo() throws IOException {
        // An external server without JMX: only the PerfMon agent of its 4-core host, at 50 % over the window.
        perfmon(T, 50, 30, 10);
        new org.esbbench.report.folder.PerfMonAgentFile("db1:4444", false, java.util.OptionalInt.of(4)).write(runDir);

        WindowUsage row = RunFigures.read(runDir, 2, new SaturationCheck(90)).usage(1_000, T, T + 10_000, true);

        assertThat(row.hostCpuPercent()).isCloseTo(50, within(1e-9));
        assertThat(row.hostMemoryPercent()).isCloseTo(30, within(1e-9));
        // 50 % of 4 cores for 10 s = 20 s of CPU over 1000 messages.
        assertThat(row.cpuMicrosPerMessage()).isCloseTo(20_000, within(1e-6));
        assertThat(row.serverCpuPercent()).isNull();
        assertThat(row.flags()).singleElement().asString().startsWith(RunFigures.HOST_LEVEL_CPU);
    }

    @Test
    void theServersOwnCpuWinsOverTheHostsAndTheHostsCoresMustBeKnown() throws IOException {
        perfmon(T, 50, 30, 10);
        Files.writeString(runDir.resolve("cpu.csv"), "epochMs,process,cpuMs\n%d,server,0\n%d,server,5000\n"
                .formatted(T, T + 10_000));

        WindowUsage own = RunFigures.read(runDir, 2, new SaturationCheck(90)).usage(1_000, T, T + 10_000, true);
        Files.delete(runDir.resolve("cpu.csv"));
        WindowUsage unknownCores = RunFigures.read(runDir, 2, new SaturationCheck(90)).usage(1_000, T, T + 10_000, true);

        assertThat(own.cpuMicrosPerMessage()).isCloseTo(5_000, within(1e-9));
        assertThat(own.hostCpuPercent()).isCloseTo(50, within(1e-9));
        assertThat(own.flags()).isEmpty();
        assertThat(unknownCores.cpuMicrosPerMessage()).isNull();
        assertThat(unknownCores.hostCpuPercent()).isCloseTo(50, within(1e-9));
    }

    @Test
    void aRunWithAPerfMonAgentButNoReadingsIsFlaggedNotLeftBlank() throws IOException {
        // The agent was started (perfmon=start) but the collector never reached it: no logs/perfmon-*.csv at all.
        new org.esbbench.report.folder.PerfMonAgentFile("127.0.0.1:4444", true, java.util.OptionalInt.of(2)).write(runDir);

        WindowUsage row = RunFigures.read(runDir, 2, new SaturationCheck(90)).usage(1_000, T, T + 10_000, true);

        assertThat(row.hostCpuPercent()).isNull();
        assertThat(row.hostMemoryPercent()).isNull();
        assertThat(row.flags()).singleElement().asString().startsWith(RunFigures.HOST_FIGURES_UNKNOWN + ": ")
                .contains("CPU and memory", "127.0.0.1:4444");
    }

    @Test
    void aWindowOutsideTheHostReadingsIsFlaggedAndOneWithThemIsNot() throws IOException {
        // Readings for [T, T + 10 s] only, from an agent given with -DperfmonHost (no perfmon.properties).
        perfmon(T, 50, 30, 10);
        RunFigures figures = RunFigures.read(runDir, 2, new SaturationCheck(90));

        WindowUsage covered = figures.usage(1_000, T, T + 10_000, true);
        WindowUsage later = figures.usage(1_000, T + 60_000, T + 70_000, true);

        assertThat(covered.flags()).isEmpty();
        assertThat(later.hostCpuPercent()).isNull();
        assertThat(later.flags()).singleElement().asString().startsWith(RunFigures.HOST_FIGURES_UNKNOWN + ": ")
                .contains("from db1");
    }

    @Test
    void aRunWithoutPerfMonHasNoHostFlag() throws IOException {
        WindowUsage row = RunFigures.read(runDir, 2, new SaturationCheck(90)).usage(1_000, T, T + 10_000, true);

        assertThat(row.flags()).noneMatch(f -> f.startsWith(RunFigures.HOST_FIGURES_UNKNOWN));
    }
}
