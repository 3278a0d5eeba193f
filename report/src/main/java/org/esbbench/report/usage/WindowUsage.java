package org.esbbench.report.usage;

import java.util.List;

/**
 * The CPU and GC figures of one scenario run's measurement window, each {@code null} when unknown (no records,
 * an external server without a JMX address), and the flags they raise.
 *
 * @param cpuMicrosPerMessage server CPU time per message in the window
 * @param serverCpuPercent    server CPU utilisation, percent of the whole machine (all cores)
 * @param gcThroughputPercent share of the window the server's JVM was not paused for GC
 * @param heapAfterFullGcMb   average heap in use after the full GCs in the window (MB)
 * @param generatorCpuPercent load generator CPU utilisation, percent of the machine: the one JMeter, or with JMeter
 *                            engines the client and the engines that ran on this machine
 * @param backendCpuPercent   echo backend CPU utilisation, percent of the machine
 * @param machineCpuPercent   the whole machine's CPU utilisation
 * @param hostCpuPercent      the server's host CPU utilisation (all its cores) as the PerfMon agent reported it
 * @param hostMemoryPercent   share of the server's host memory in use, as the PerfMon agent reported it
 * @param flags               saturation and other warnings
 * @param clientCpuPercent    with JMeter engines: the client's CPU, percent of the machine; null without engines
 * @param engines             with JMeter engines: each engine's CPU, in engine order; empty without engines
 */
public record WindowUsage(Double cpuMicrosPerMessage, Double serverCpuPercent, Double gcThroughputPercent,
                          Double heapAfterFullGcMb, Double generatorCpuPercent, Double backendCpuPercent,
                          Double machineCpuPercent, Double hostCpuPercent, Double hostMemoryPercent,
                          List<String> flags, Double clientCpuPercent, List<EngineUsage> engines) {
    /** Nothing known: results files summarised on their own, without the run's records. */
    public static final WindowUsage UNKNOWN = new WindowUsage(null, null, null, null, null, null, null, null, null,
            List.of());

    public WindowUsage {
        flags = List.copyOf(flags);
        engines = List.copyOf(engines);
    }

    /** The figures of a run whose load came from one local JMeter (no engines). */
    public WindowUsage(Double cpuMicrosPerMessage, Double serverCpuPercent, Double gcThroughputPercent,
                       Double heapAfterFullGcMb, Double generatorCpuPercent, Double backendCpuPercent,
                       Double machineCpuPercent, Double hostCpuPercent, Double hostMemoryPercent, List<String> flags) {
        this(cpuMicrosPerMessage, serverCpuPercent, gcThroughputPercent, heapAfterFullGcMb, generatorCpuPercent,
                backendCpuPercent, machineCpuPercent, hostCpuPercent, hostMemoryPercent, flags, null, List.of());
    }

    /** The busiest engine's CPU (percent of its host); null without engines or when none is known. */
    public Double busiestEngineCpuPercent() {
        return engines.stream().map(EngineUsage::cpuPercent).filter(java.util.Objects::nonNull)
                .max(Double::compare).orElse(null);
    }

    /** The busiest engine host's CPU; null without engines or when none is known. */
    public Double busiestEngineHostCpuPercent() {
        return engines.stream().map(EngineUsage::hostCpuPercent).filter(java.util.Objects::nonNull)
                .max(Double::compare).orElse(null);
    }
}
