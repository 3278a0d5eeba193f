package org.esbbench.report.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.esbbench.report.points.LoadSplit;
import org.esbbench.report.folder.EnginesFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFiguresEnginesTest {
    private static final long T = 1_800_000_000_000L;

    @TempDir
    Path runDir;

    /**
     * Two local engines on a 2-core machine, window [T, T + 10 s]: the client 2 s of CPU (10 %), engine-1 12 s (60 %),
     * engine-2 2 s (10 %), the machine 19 s (95 %). The generator is the client with both engines; engine-1 takes
     * the largest share of the busy machine.
     */
    @Test
    void localEnginesArePartOfTheGeneratorAndTheBusiestIsFlagged() throws IOException {
        generators("local", engine("engine-1", true, 0, 0), engine("engine-2", true, 0, 0));
        cpu("jmeter", 0, 2_000, "engine-1", 1_000, 13_000, "engine-2", 0, 2_000, "machine", 100_000, 119_000);

        WindowUsage row = RunFigures.read(runDir, 2, new SaturationCheck(90)).usage(5_000, T, T + 10_000, true);

        assertThat(row.clientCpuPercent()).isCloseTo(10, within(1e-9));
        assertThat(row.generatorCpuPercent()).as("client + local engines").isCloseTo(80, within(1e-9));
        assertThat(row.generatorMicrosPerSample()).as("several JMeters: no per-sample generator cost").isNull();
        assertThat(row.engines()).extracting(EngineUsage::id).containsExactly("engine-1", "engine-2");
        assertThat(row.engines().get(0).cpuPercent()).isCloseTo(60, within(1e-9));
        assertThat(row.engines().get(0).hostCpuPercent()).as("a local engine's host is the machine").isCloseTo(95, within(1e-9));
        assertThat(row.busiestEngineCpuPercent()).isCloseTo(60, within(1e-9));
        assertThat(row.busiestEngineHostCpuPercent()).isCloseTo(95, within(1e-9));
        assertThat(row.flags()).anySatisfy(f -> assertThat(f).startsWith("generator-saturated"))
                .contains("engine-saturated[engine-1]: host this machine 95% busy, engine 60%")
                .noneSatisfy(f -> assertThat(f).startsWith("engine-saturated[engine-2]"));
    }

    /**
     * Remote engines: engine-1 on a 4-core host with a PerfMon agent (its process 36 s of CPU in 10 s = 90 % of the
     * host, the host 38 s busy = 95 %), engine-2 without an agent. Only the client counts for this machine.
     */
    @Test
    void remoteEnginesHaveTheirHostsFiguresAndAnEngineWithoutAgentIsFlaggedUnknown() throws IOException {
        generators("remote", engine("engine-1", false, 4444, 4), engine("engine-2", false, 0, 4));
        cpu("jmeter", 0, 3_000, "engine-1", 0, 36_000, "engine-1.host", 500, 38_500, "machine", 0, 4_000);

        WindowUsage row = RunFigures.read(runDir, 2, new SaturationCheck(90)).usage(5_000, T, T + 10_000, true);

        assertThat(row.generatorCpuPercent()).as("the client alone: the engines ran elsewhere").isCloseTo(15, within(1e-9));
        assertThat(row.clientCpuPercent()).isCloseTo(15, within(1e-9));
        EngineUsage one = row.engines().get(0);
        assertThat(one.cpuPercent()).isCloseTo(90, within(1e-9));
        assertThat(one.hostCpuPercent()).isCloseTo(95, within(1e-9));
        assertThat(row.engines().get(1).cpuPercent()).isNull();
        assertThat(row.flags()).containsExactly(
                "engine-cpu-unknown[engine-2]: a remote engine without a PerfMon agent (generatorPerfmonPort=0): its CPU"
                        + " and its host's are not known",
                "engine-saturated[engine-1]: host 10.0.0.5 95% busy, engine 90%");
    }

    @Test
    void anEngineWhoseAgentGaveNoReadingsIsFlaggedUnknownAndAQuietHostIsNotSaturated() throws IOException {
        generators("remote", engine("engine-1", false, 4444, 4), engine("engine-2", false, 4444, 4));
        cpu("jmeter", 0, 3_000, "engine-1", 0, 4_000, "engine-1.host", 0, 8_000, "machine", 0, 4_000);

        WindowUsage row = RunFigures.read(runDir, 2, new SaturationCheck(90)).usage(5_000, T, T + 10_000, true);

        assertThat(row.engines().get(0).hostCpuPercent()).isCloseTo(20, within(1e-9));
        assertThat(row.flags()).containsExactly("engine-cpu-unknown[engine-2]: no PerfMon readings from 10.0.0.5:4444"
                + " over the window");
    }

    @Test
    void withoutGeneratorsFileThereIsNoClientAndNoEngine() throws IOException {
        cpu("jmeter", 0, 2_000, "machine", 0, 4_000);

        WindowUsage row = RunFigures.read(runDir, 2, new SaturationCheck(90)).usage(5_000, T, T + 10_000, true);

        assertThat(row.generatorCpuPercent()).isCloseTo(10, within(1e-9));
        assertThat(row.clientCpuPercent()).isNull();
        assertThat(row.engines()).isEmpty();
        assertThat(row.busiestEngineCpuPercent()).isNull();
    }

    private void generators(String kind, EnginesFile.Engine... engines) throws IOException {
        new EnginesFile(kind, true, "StrippedAsynch", "127.0.0.1", 0, LoadSplit.RULE, List.of(engines)).write(runDir);
    }

    private static EnginesFile.Engine engine(String id, boolean local, int perfmonPort, int cores) {
        return new EnginesFile.Engine(id, local ? "127.0.0.1" : "10.0.0.5", 1099, 1100, local, 4711, cores,
                "5.6.3", "17.0.15", "perf.reply." + id, 40, perfmonPort);
    }

    /** Rows at T and T + 10 s: name, cpuMs at T, cpuMs at T + 10 s, ... */
    private void cpu(Object... series) throws IOException {
        StringBuilder csv = new StringBuilder("epochMs,process,cpuMs\n");
        for (int i = 0; i < series.length; i += 3) {
            csv.append(T).append(',').append(series[i]).append(',').append(series[i + 1]).append('\n');
            csv.append(T + 10_000).append(',').append(series[i]).append(',').append(series[i + 2]).append('\n');
        }
        Files.writeString(runDir.resolve("cpu.csv"), csv);
    }
}
