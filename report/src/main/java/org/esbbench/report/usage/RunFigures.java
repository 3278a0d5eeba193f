package org.esbbench.report.usage;

import org.esbbench.report.Statistics;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.RepeatRow;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The run's side figures, read once from {@code cpu.csv} (and {@code gc.csv}), and turned into one scenario
 * run's {@link RepeatRow} for its measurement window: CPU cost per message, CPU utilisations, GC figures and
 * the saturation flags.
 */
public final class RunFigures {
    /** An external server's CPU time, sampled over JMX, when the target profile gives its JMX address. */
    public static final String SERVER_CPU_OVER_JMX = "server-cpu.csv";
    /** How long after a scenario run's window the full GC the suite asks for may end and still count for it. */
    public static final long FULL_GC_SLACK_MS = 60_000;

    private final CpuSeries server;
    private final GcSeries gc;
    private final CpuSeries backend;
    private final CpuSeries generator;
    private final CpuSeries machine;
    private final int cores;
    private final SaturationCheck saturation;

    private RunFigures(CpuSeries server, GcSeries gc, CpuSeries backend, CpuSeries generator, CpuSeries machine, int cores,
                       SaturationCheck saturation) {
        this.server = server;
        this.gc = gc;
        this.backend = backend;
        this.generator = generator;
        this.machine = machine;
        this.cores = cores;
        this.saturation = saturation;
    }

    public static RunFigures read(Path runDir, int cores, SaturationCheck saturation) throws IOException {
        Path cpu = runDir.resolve("cpu.csv");
        CpuSeries server = Files.exists(runDir.resolve(SERVER_CPU_OVER_JMX))
                ? CpuSeries.read(runDir.resolve(SERVER_CPU_OVER_JMX), "server") : CpuSeries.read(cpu, "server");
        return new RunFigures(server, GcSeries.read(runDir.resolve("gc.csv")), CpuSeries.read(cpu, "backend"),
                CpuSeries.read(cpu, "jmeter"), CpuSeries.read(cpu, "machine"), cores, saturation);
    }

    /** Flag of a scenario run whose plan opts out of reply checks: its replies were not verified. */
    public static final String UNCHECKED_REPLIES = "unchecked-replies";

    public RepeatRow row(Point point, int repeat, Statistics m, long from, long to, String dashboard, boolean repliesChecked) {
        long windowMs = Math.max(1, to - from);
        Double serverCpuMs = value(server.cpuMillisBetween(from, to));
        Double cpuPerMessage = serverCpuMs == null || m.samples() == 0 ? null : serverCpuMs * 1000 / m.samples();
        Double serverPct = utilisation(serverCpuMs, windowMs);
        Double backendPct = utilisation(value(backend.cpuMillisBetween(from, to)), windowMs);
        Double generatorPct = utilisation(value(generator.cpuMillisBetween(from, to)), windowMs);
        Double machinePct = utilisation(value(machine.cpuMillisBetween(from, to)), windowMs);
        List<String> flags = new ArrayList<>(saturation.flags(serverPct, backendPct, generatorPct, machinePct));
        if (!repliesChecked) {
            flags.add(UNCHECKED_REPLIES + ": the plan opts out of reply checks (replyCheck=none)");
        }
        return new RepeatRow(point, repeat, m.samples(), m.errors(), m.incorrect(), m.throughputPerSecond(),
                m.meanMillis(), m.stdDevMillis(), m.minMillis(), m.maxMillis(), m.p50Millis(), m.p90Millis(),
                m.p95Millis(), m.p99Millis(), cpuPerMessage, serverPct,
                value(gc.gcThroughputPercent(from, to)), value(gc.heapAfterFullGcMb(from, to, FULL_GC_SLACK_MS)),
                generatorPct, backendPct,
                machinePct, String.join("; ", flags), dashboard);
    }

    /** CPU ms over a window as percent of the whole machine (all cores). */
    private Double utilisation(Double cpuMs, long windowMs) {
        return cpuMs == null ? null : 100.0 * cpuMs / ((double) windowMs * cores);
    }

    private static Double value(OptionalDouble d) {
        return d.isPresent() ? d.getAsDouble() : null;
    }
}
