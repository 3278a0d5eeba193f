package org.esbbench.report.usage;


import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.esbbench.report.run.PerfMonAgentFile;

/**
 * The run's side figures, read once from {@code cpu.csv} (and {@code gc.csv}, and the PerfMon collector's
 * {@code logs/perfmon-*.csv} with {@code perfmon.properties}), and turned into one scenario
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
    private final HostSeries host;
    private final OptionalInt hostCores;

    private RunFigures(CpuSeries server, GcSeries gc, CpuSeries backend, CpuSeries generator, CpuSeries machine, int cores,
                       SaturationCheck saturation, HostSeries host, OptionalInt hostCores) {
        this.server = server;
        this.gc = gc;
        this.backend = backend;
        this.generator = generator;
        this.machine = machine;
        this.cores = cores;
        this.saturation = saturation;
        this.host = host;
        this.hostCores = hostCores;
    }

    public static RunFigures read(Path runDir, int cores, SaturationCheck saturation) throws IOException {
        Path cpu = runDir.resolve(org.esbbench.report.run.RunLayout.CPU);
        CpuSeries server = Files.exists(runDir.resolve(SERVER_CPU_OVER_JMX))
                ? CpuSeries.read(runDir.resolve(SERVER_CPU_OVER_JMX), "server") : CpuSeries.read(cpu, "server");
        return new RunFigures(server, GcSeries.read(runDir.resolve(org.esbbench.report.run.RunLayout.GC)), CpuSeries.read(cpu, "backend"),
                CpuSeries.read(cpu, "jmeter"), CpuSeries.read(cpu, "machine"), cores, saturation,
                HostSeries.readAll(runDir.resolve(org.esbbench.report.run.RunLayout.LOGS)),
                PerfMonAgentFile.read(runDir).map(PerfMonAgentFile::cores).orElse(OptionalInt.empty()));
    }

    /**
     * Flag of a CPU per message taken from the PerfMon agent's host CPU: the whole host's CPU time (the server
     * and anything else running there), used when neither JMX nor /proc gave the server's own.
     */
    public static final String HOST_LEVEL_CPU = "cpu-per-msg-host-level";

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
        Double hostCpuPct = value(host.meanCpuPercent(from, to));
        Double hostMemoryPct = value(host.meanMemoryPercent(from, to));
        List<String> flags = new ArrayList<>(saturation.flags(serverPct, backendPct, generatorPct, machinePct));
        if (cpuPerMessage == null && hostCpuPct != null && hostCores.isPresent() && samples > 0) {
            cpuPerMessage = hostCpuPct / 100 * hostCores.getAsInt() * windowMs * 1000 / samples;
            flags.add(HOST_LEVEL_CPU + ": CPU per msg is the PerfMon host's whole CPU (" + hostCores.getAsInt()
                    + " cores), no server CPU from JMX or /proc");
        }
        if (!repliesChecked) {
            flags.add(UNCHECKED_REPLIES + ": the plan opts out of reply checks (replyCheck=none)");
        }
        return new WindowUsage(cpuPerMessage, serverPct, value(gc.gcThroughputPercent(from, to)),
                value(gc.heapAfterFullGcMb(from, to, FULL_GC_SLACK_MS)), generatorPct, backendPct, machinePct,
                hostCpuPct, hostMemoryPct, flags);
    }

    /** CPU ms over a window as percent of the whole machine (all cores). */
    private Double utilisation(Double cpuMs, long windowMs) {
        return cpuMs == null ? null : 100.0 * cpuMs / ((double) windowMs * cores);
    }

    private static Double value(OptionalDouble d) {
        return d.isPresent() ? d.getAsDouble() : null;
    }
}
