package org.esbbench.report.usage;


import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The run's side figures, read once from {@code cpu.csv} (and {@code gc.csv}), and turned into one scenario
 * run's {@link WindowUsage} for its measurement window: CPU cost per message, CPU utilisations, GC figures and
 * the saturation flags.
 */
public final class RunFigures {
    /** An external server's CPU time, sampled over JMX, when the target profile gives its JMX address. */
    public static final String SERVER_CPU_OVER_JMX = org.esbbench.report.run.RunLayout.SERVER_CPU;
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
        Path cpu = runDir.resolve(org.esbbench.report.run.RunLayout.CPU);
        CpuSeries server = Files.exists(runDir.resolve(SERVER_CPU_OVER_JMX))
                ? CpuSeries.read(runDir.resolve(SERVER_CPU_OVER_JMX), "server") : CpuSeries.read(cpu, "server");
        return new RunFigures(server, GcSeries.read(runDir.resolve(org.esbbench.report.run.RunLayout.GC)), CpuSeries.read(cpu, "backend"),
                CpuSeries.read(cpu, "jmeter"), CpuSeries.read(cpu, "machine"), cores, saturation);
    }

    /** Flag of a scenario run whose plan opts out of reply checks: its replies were not verified. */
    public static final String UNCHECKED_REPLIES = "unchecked-replies";

    /**
     * The usage figures of one scenario run's measurement window [from, to] (epoch ms).
     *
     * @param samples        the window's samples, for the CPU time per message
     * @param repliesChecked false when the plan opts out of reply checks: flagged
     */
    public WindowUsage usage(long samples, long from, long to, boolean repliesChecked) {
        long windowMs = Math.max(1, to - from);
        Double serverCpuMs = value(server.cpuMillisBetween(from, to));
        Double cpuPerMessage = serverCpuMs == null || samples == 0 ? null : serverCpuMs * 1000 / samples;
        Double serverPct = utilisation(serverCpuMs, windowMs);
        Double backendPct = utilisation(value(backend.cpuMillisBetween(from, to)), windowMs);
        Double generatorPct = utilisation(value(generator.cpuMillisBetween(from, to)), windowMs);
        Double machinePct = utilisation(value(machine.cpuMillisBetween(from, to)), windowMs);
        List<String> flags = new ArrayList<>(saturation.flags(serverPct, backendPct, generatorPct, machinePct));
        if (!repliesChecked) {
            flags.add(UNCHECKED_REPLIES + ": the plan opts out of reply checks (replyCheck=none)");
        }
        return new WindowUsage(cpuPerMessage, serverPct, value(gc.gcThroughputPercent(from, to)),
                value(gc.heapAfterFullGcMb(from, to, FULL_GC_SLACK_MS)), generatorPct, backendPct, machinePct, flags);
    }

    /** CPU ms over a window as percent of the whole machine (all cores). */
    private Double utilisation(Double cpuMs, long windowMs) {
        return cpuMs == null ? null : 100.0 * cpuMs / ((double) windowMs * cores);
    }

    private static Double value(OptionalDouble d) {
        return d.isPresent() ? d.getAsDouble() : null;
    }
}
