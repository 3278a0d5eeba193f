package org.esbbench.report.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.CpuList;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose server had a core of its own: the busy share of each role's cores, the flag that says what bounded
 * each window, percentages of the machine from its recorded CPUs, and CPU per message net of the idle cost.
 */
class RunFiguresCoresTest {
    private static final SaturationCheck CHECK = new SaturationCheck(90);

    /** A cpu.csv counter that rises by a share of one CPU each second. */
    private record Counter(String name, double share) {
    }

    /** cpu.csv rows over 0..10 s, each second's in the counters' order. */
    private static String rows(List<Counter> counters) {
        StringBuilder s = new StringBuilder();
        for (int t = 0; t <= 10; t++) {
            long ms = t * 1000L;
            for (Counter c : counters) {
                s.append(ms).append(',').append(c.name()).append(',').append(Math.round(c.share() * ms)).append('\n');
            }
        }
        return s.toString();
    }

    /** cpu.csv over 0..10 s: the server's CPU 1 and the harness's CPU 0 busy at the given shares. */
    private static void cpu(Path dir, double serverCore, double harnessCore, double serverProcess) throws Exception {
        Files.writeString(dir.resolve(RunLayout.CPU), RunLayout.CPU_HEADER + "\n" + rows(List.of(
                new Counter("cpu1", serverCore), new Counter("cpu0", harnessCore),
                new Counter("machine", serverCore + harnessCore), new Counter("server", serverProcess),
                new Counter("jmeter", harnessCore * 0.8))));
        new CpuLayout(CpuLayout.Mode.ISOLATED, CpuLayout.Method.CPUSET, CpuList.parse("0-1"), CpuList.of(1),
                CpuList.of(0), true, "").write(dir);
    }

    @Test
    void aServerWhoseCoreIsFullIsTheLimit(@TempDir Path dir) throws Exception {
        cpu(dir, 0.97, 0.60, 0.95);
        WindowUsage u = RunFigures.read(dir, 1, CHECK).usage(10_000, 2_000, 8_000, true);

        assertThat(u.serverCoresBusyPercent()).isCloseTo(97.0, org.assertj.core.data.Offset.offset(0.5));
        assertThat(u.generatorCoresBusyPercent()).isCloseTo(60.0, org.assertj.core.data.Offset.offset(0.5));
        assertThat(u.flags()).singleElement().asString().startsWith("server-bound: the server's CPU 1 97% busy");
        // percent of the machine's two CPUs as recorded, not of the one core the analysing JVM was told of
        assertThat(u.serverCpuPercent()).isCloseTo(47.5, org.assertj.core.data.Offset.offset(0.5));
    }

    @Test
    void aNeighbourOnTheServersCpuIsFlaggedAndItsFullCoreNotCalledTheServers(@TempDir Path dir) throws Exception {
        // CPU 1 full, the server's own time half of it: a busy loop of someone else's took the other half.
        cpu(dir, 1.0, 0.50, 0.50);
        WindowUsage u = RunFigures.read(dir, 2, CHECK).usage(10_000, 2_000, 8_000, true);
        assertThat(u.flags()).hasSize(2);
        assertThat(u.flags().get(0)).startsWith("server-bound: the server's CPU 1 100% busy")
                .contains("not with the server alone: the figures are not the server's")
                .doesNotContain("the figures are the server's");
        assertThat(u.flags().get(1)).isEqualTo("server-cpus-shared: 50% of the server's CPU 1 went to processes outside"
                + " the run (busy 100%, the server's own 50%): the server competed for its cores");
    }

    @Test
    void theBrokerAProfileStartsOnTheServersCpusIsNoNeighbour(@TempDir Path dir) throws Exception {
        cpu(dir, 0.70, 0.50, 0.40);
        Files.writeString(dir.resolve(RunLayout.CPU), Files.readString(dir.resolve(RunLayout.CPU))
                + rows(List.of(new Counter("broker", 0.30))));
        WindowUsage u = RunFigures.read(dir, 2, CHECK).usage(10_000, 2_000, 8_000, true);
        assertThat(u.flags()).singleElement().asString().startsWith("load-bound: the server's CPU 1 70% busy");
        // without the broker's rows the same 30 % is someone else's
        cpu(dir, 0.70, 0.50, 0.40);
        assertThat(RunFigures.read(dir, 2, CHECK).usage(10_000, 2_000, 8_000, true).flags())
                .anySatisfy(f -> assertThat(f).startsWith("server-cpus-shared: 30% of the server's CPU 1"));
    }

    /**
     * 8 CPUs, the server on 4-7, the harness on 0-3, over 0..10 s: each CPU's busy share, the server's process and
     * its and JMeter's busiest-thread counters (null: no such row).
     */
    private static void eightCpus(Path dir, double[] cpuBusy, double serverProcess, Double serverThread,
                                  Double jmeterThread) throws Exception {
        List<Counter> counters = new ArrayList<>();
        for (int cpu = 0; cpu < 8; cpu++) {
            counters.add(new Counter("cpu" + cpu, cpuBusy[cpu]));
        }
        counters.add(new Counter("server", serverProcess));
        if (serverThread != null) {
            counters.add(new Counter("server.hottest-thread", serverThread));
        }
        if (jmeterThread != null) {
            counters.add(new Counter("jmeter.hottest-thread", jmeterThread));
        }
        Files.writeString(dir.resolve(RunLayout.CPU), RunLayout.CPU_HEADER + "\n" + rows(counters));
        new CpuLayout(CpuLayout.Mode.ISOLATED, CpuLayout.Method.CPUSET, CpuList.parse("0-7"), CpuList.parse("4-7"),
                CpuList.parse("0-3"), true, "").write(dir);
    }

    @Test
    void oneHotServerThreadOnEightCpusIsTheServersLimitNotLoadBound(@TempDir Path dir) throws Exception {
        // One event-loop thread at its limit, moved around the server's four CPUs by the scheduler: each CPU a
        // quarter busy, the average 25 %, the busiest thread 99 % of a CPU.
        eightCpus(dir, new double[] {0.3, 0.3, 0.3, 0.3, 0.25, 0.25, 0.25, 0.25}, 1.0, 0.99, 0.2);
        WindowUsage u = RunFigures.read(dir, 8, CHECK).usage(10_000, 2_000, 8_000, true);
        assertThat(u.serverCoresBusyPercent()).isCloseTo(25.0, org.assertj.core.data.Offset.offset(0.5));
        assertThat(u.flags()).singleElement().asString().isEqualTo("server-bound: the server's CPUs 4-7 25% busy, its"
                + " busiest thread 99% of a CPU, the load generator's CPUs 0-3 30% busy: the figures are the server's");
        // the same window without the thread counter (a run recorded before it) is read off the averages as before
        eightCpus(dir, new double[] {0.3, 0.3, 0.3, 0.3, 0.25, 0.25, 0.25, 0.25}, 1.0, null, null);
        assertThat(RunFigures.read(dir, 8, CHECK).usage(10_000, 2_000, 8_000, true).flags()).singleElement()
                .asString().startsWith("load-bound: ");
    }

    @Test
    void oneFullCpuOrOneHotJMeterThreadIsNamed(@TempDir Path dir) throws Exception {
        // The server's CPU 7 full, the others idle: the average 25 %, the busiest CPU 100 %.
        eightCpus(dir, new double[] {0.2, 0.2, 0.2, 0.2, 0, 0, 0, 1.0}, 1.0, 0.5, 0.3);
        assertThat(RunFigures.read(dir, 8, CHECK).usage(10_000, 2_000, 8_000, true).flags()).singleElement().asString()
                .startsWith("server-bound: the server's CPUs 4-7 25% busy, its CPU 7 100% busy, ");
        // JMeter's scheduler thread at its limit while its four CPUs average 30 %: the generator's limit.
        eightCpus(dir, new double[] {0.3, 0.3, 0.3, 0.3, 0.2, 0.2, 0.2, 0.2}, 0.8, 0.3, 0.97);
        assertThat(RunFigures.read(dir, 8, CHECK).usage(10_000, 2_000, 8_000, true).flags()).singleElement().asString()
                .isEqualTo("generator-bound: the load generator's CPUs 0-3 30% busy, its busiest thread 97% of a CPU,"
                        + " the server's CPUs 4-7 20% busy: the throughput is a lower bound of the server's");
    }

    /** Replaces cpu.csv's JMeter rows by the harness's processes: JMeter 40 %, backend 10 %, monitor 2 %, build 3 %. */
    private static void harnessProcesses(Path dir) throws Exception {
        Files.writeString(dir.resolve(RunLayout.CPU), Files.readString(dir.resolve(RunLayout.CPU))
                .replaceAll("(?m)^.*,jmeter,.*\n", "") + rows(List.of(new Counter("jmeter", 0.40),
                        new Counter("backend", 0.10), new Counter("monitor", 0.02), new Counter("build", 0.03))));
    }

    @Test
    void aNeighbourOnTheGeneratorsCpuIsFlaggedOnlyBeyondWhatTheRunsOwnProcessesTookThere(@TempDir Path dir)
            throws Exception {
        // CPU 0 (the harness) 90 % busy, the run's processes there 55 % of it.
        cpu(dir, 0.40, 0.90, 0.38);
        harnessProcesses(dir);
        assertThat(RunFigures.read(dir, 2, CHECK).usage(10_000, 2_000, 8_000, true).flags())
                .anySatisfy(f -> assertThat(f).isEqualTo("generator-cpus-shared: 35% of the load generator's CPU 0"
                        + " went to processes outside the run (busy 90%, the run's own there 55%)"));
        // CPU 0 as busy as the run's processes account for: nothing to flag
        cpu(dir, 0.40, 0.55, 0.38);
        harnessProcesses(dir);
        assertThat(RunFigures.read(dir, 2, CHECK).usage(10_000, 2_000, 8_000, true).flags())
                .noneSatisfy(f -> assertThat(f).startsWith("generator-cpus-shared"));
    }

    @Test
    void aFullGeneratorCoreMakesTheThroughputALowerBound(@TempDir Path dir) throws Exception {
        cpu(dir, 0.40, 0.95, 0.38);
        WindowUsage u = RunFigures.read(dir, 2, CHECK).usage(10_000, 2_000, 8_000, true);
        assertThat(u.flags()).singleElement().asString().startsWith("generator-bound: the load generator's CPU 0 95% busy")
                .contains("lower bound");
    }

    @Test
    void neitherFullIsTheLoadsBound(@TempDir Path dir) throws Exception {
        cpu(dir, 0.40, 0.50, 0.38);
        WindowUsage u = RunFigures.read(dir, 2, CHECK).usage(10_000, 2_000, 8_000, true);
        assertThat(u.flags()).singleElement().asString().startsWith("load-bound: ");
    }

    @Test
    void withCoresAsADimensionEachPointIsJudgedOnItsOwnCountsCpus(@TempDir Path dir) throws Exception {
        // 4 CPUs, server counts 1 and 2 (CPUs 3, then 2-3), the harness on 0-1. CPU 3 full, CPU 2 idle, 0-1 half busy.
        Files.writeString(dir.resolve(RunLayout.CPU), RunLayout.CPU_HEADER + "\n" + rows(List.of(
                new Counter("cpu3", 0.98), new Counter("cpu2", 0.02), new Counter("cpu1", 0.5), new Counter("cpu0", 0.5),
                new Counter("server", 0.97))));
        CpuLayout layout = new CpuLayout(CpuLayout.Mode.ISOLATED, CpuLayout.Method.CPUSET, CpuList.parse("0-3"),
                CpuList.parse("2-3"), CpuList.parse("0-1"), true, "", java.util.List.of(2, 1));
        layout.write(dir);
        assertThat(CpuLayout.read(dir)).as("written and read back").contains(layout);
        RunFigures figures = RunFigures.read(dir, 4, CHECK);

        WindowUsage one = figures.usage(10_000, 2_000, 8_000, true, 1);
        assertThat(one.serverCoresBusyPercent()).isCloseTo(98.0, org.assertj.core.data.Offset.offset(0.5));
        assertThat(one.flags()).singleElement().asString().startsWith("server-bound: the server's CPU 3 98% busy");
        WindowUsage two = figures.usage(10_000, 2_000, 8_000, true, 2);
        assertThat(two.serverCoresBusyPercent()).isCloseTo(50.0, org.assertj.core.data.Offset.offset(0.5));
        // Their average is half, but CPU 3 is full: a role whose busiest CPU is at its limit is bound there (before
        // the busiest CPU counted, this read load-bound).
        assertThat(two.flags()).singleElement().asString()
                .startsWith("server-bound: the server's CPUs 2-3 50% busy, its CPU 3 98% busy, ");
    }

    @Test
    void cpuPerMessageNetOfTheIdleCostAndAMostlyIdleServerFlagged(@TempDir Path dir) throws Exception {
        // The server spends 120 ms/s in the window (2-8 s) and 100 ms/s idle (the probe after it, 9-10 s).
        Path csv = dir.resolve(RunLayout.CPU);
        StringBuilder s = new StringBuilder(RunLayout.CPU_HEADER + "\n");
        for (int t = 0; t <= 10; t++) {
            long ms = t * 1000L;
            s.append(ms).append(",server,").append(t <= 8 ? ms * 12 / 100 : 960 + (ms - 8000) / 10).append('\n');
        }
        Files.writeString(csv, s);
        Files.writeString(dir.resolve(RunLayout.SERVER_IDLE), RunLayout.SERVER_IDLE_HEADER + "\n9000,10000\n");
        WindowUsage u = RunFigures.read(dir, 2, CHECK).usage(100, 2_000, 8_000, true);

        assertThat(u.cpuMicrosPerMessage()).isCloseTo(7200.0, org.assertj.core.data.Offset.offset(1.0));
        assertThat(u.netCpuMicrosPerMessage()).isCloseTo(1200.0, org.assertj.core.data.Offset.offset(1.0));
        assertThat(u.flags()).anySatisfy(f -> assertThat(f).startsWith("server-mostly-idle: 83% of the server's CPU"));
    }

    /** cpu.csv with the server at {@code serverMsPerS} and its JIT at {@code jitMsPerS} over 0-10 s. */
    private static void serverAndJit(Path dir, long serverMsPerS, long jitMsPerS) throws IOException {
        StringBuilder s = new StringBuilder(RunLayout.CPU_HEADER + "\n");
        for (int t = 0; t <= 10; t++) {
            s.append(t * 1000L).append(",server,").append(t * serverMsPerS).append('\n');
            s.append(t * 1000L).append(",server").append(RunLayout.JIT).append(',').append(t * jitMsPerS).append('\n');
        }
        Files.writeString(dir.resolve(RunLayout.CPU), s);
    }

    @Test
    void theNetFigureLeavesOutTheJitAndTheIdleCostMeasuredToTheNanosecondWithItsSpread(@TempDir Path dir)
            throws Exception {
        // 30 ms/s in the window, 12 of them compiling; the probe (measured by the build): 5 s, 30 ms, 5 of it JIT,
        // its 1 s rates within ±0.8 ms/s. 20 messages a second over 6 s.
        serverAndJit(dir, 30, 12);
        Files.writeString(dir.resolve(RunLayout.SERVER_IDLE), RunLayout.SERVER_IDLE_HEADER
                + "\n9000,14000,30.000,5.000,0.800\n");
        WindowUsage u = RunFigures.read(dir, 2, CHECK).usage(120, 2_000, 8_000, true);

        assertThat(u.cpuMicrosPerMessage()).isCloseTo(1500.0, org.assertj.core.data.Offset.offset(0.1));
        assertThat(u.jitMicrosPerMessage()).isCloseTo(600.0, org.assertj.core.data.Offset.offset(0.1));
        // (180 - 72 - 5 ms/s x 6 s) / 120 = 650 µs; the spread (0.8 ms/s x 6 s + a 10 ms tick) / 120 = 123.3 µs
        assertThat(u.netCpuMicrosPerMessage()).isCloseTo(650.0, org.assertj.core.data.Offset.offset(0.1));
        assertThat(u.netCpuSpreadMicros()).isCloseTo(123.3, org.assertj.core.data.Offset.offset(0.1));
    }

    @Test
    void theThreadsRunTimeReadWithTheJitIsWhatTheNetFigureIsOf(@TempDir Path dir) throws Exception {
        // The process's ticks say 30 ms/s; the threads' run time, read at the same instants as the JIT's, 27 ms/s.
        serverAndJit(dir, 30, 12);
        StringBuilder rows = new StringBuilder(Files.readString(dir.resolve(RunLayout.CPU)));
        for (int t = 0; t <= 10; t++) {
            rows.append(t * 1000L).append(",server").append(RunLayout.RUN_TIME).append(',').append(t * 27L).append('\n');
        }
        Files.writeString(dir.resolve(RunLayout.CPU), rows);
        Files.writeString(dir.resolve(RunLayout.SERVER_IDLE), RunLayout.SERVER_IDLE_HEADER
                + "\n9000,14000,30.000,5.000,0.800\n");
        WindowUsage u = RunFigures.read(dir, 2, CHECK).usage(120, 2_000, 8_000, true);

        assertThat(u.cpuMicrosPerMessage()).as("gross: the process's").isCloseTo(1500.0, org.assertj.core.data.Offset.offset(0.1));
        // (162 - 72 - 30) / 120 = 500 µs
        assertThat(u.netCpuMicrosPerMessage()).isCloseTo(500.0, org.assertj.core.data.Offset.offset(0.1));
    }

    @Test
    void aNetFigureBelowZeroIsNotMeasurableRatherThanZero(@TempDir Path dir) throws Exception {
        // 4 ms/s in the window, none compiling, against 6 ms/s idle
        serverAndJit(dir, 4, 0);
        Files.writeString(dir.resolve(RunLayout.SERVER_IDLE), RunLayout.SERVER_IDLE_HEADER
                + "\n9000,14000,30.000,0.000,0.500\n");
        WindowUsage u = RunFigures.read(dir, 2, CHECK).usage(120, 2_000, 8_000, true);

        assertThat(u.netCpuMicrosPerMessage()).isNull();
        assertThat(u.flags()).anySatisfy(f -> assertThat(f).startsWith("net-cpu-not-measurable: not measurable at"
                + " this rate: the server's CPU in the window (24 ms) net of its JIT's (0 ms) is below what it spends"
                + " idle over as long (36 ms)"));
    }

    @Test
    void aRunWithoutALayoutSharedTheMachineAndKeepsTheSaturationFlags(@TempDir Path dir) throws Exception {
        cpu(dir, 0.97, 0.97, 0.95);
        Files.delete(dir.resolve(CpuLayout.FILE));
        WindowUsage u = RunFigures.read(dir, 2, CHECK).usage(10_000, 2_000, 8_000, true);
        assertThat(u.serverCoresBusyPercent()).isNull();
        assertThat(u.flags()).anySatisfy(f -> assertThat(f).startsWith("machine-saturated"));
    }
}
