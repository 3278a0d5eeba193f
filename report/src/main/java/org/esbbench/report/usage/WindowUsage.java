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
 * @param backendMicrosPerMessage   echo backend CPU time per message in the window (one backend request per message
 *                                  in every scenario), null when unknown
 * @param generatorMicrosPerSample  the load generator's (one local JMeter's) CPU time per sample in the window, null
 *                                  when unknown or the load came from JMeter engines
 * @param serverCoresBusyPercent    with the server on cores of its own: how busy those cores were (whoever ran on
 *                                  them), percent of the server's cores; null when shared or unknown
 * @param generatorCoresBusyPercent with the server on cores of its own: how busy the other cores were (the load
 *                                  generator, the backend, the monitor), percent of those cores; null when shared
 * @param netCpuMicrosPerMessage    the server's CPU per message net of what it costs idle (measured after the
 *                                  load) and of its JIT compiler threads' CPU in the window; null when unknown, or
 *                                  when what is left is below zero (not measurable at this rate: a flag says so)
 * @param jitMicrosPerMessage       the server's JIT compiler threads' CPU in the window per message (warm-up work
 *                                  a low rate spreads over minutes, part of the gross figure, not of the net)
 * @param netCpuSpreadMicros        how far the net figure may be off for the idle cost's own noise: half the range
 *                                  of the idle probe's one-second rates, times the window, per message
 */
public record WindowUsage(Double cpuMicrosPerMessage, Double serverCpuPercent, Double gcThroughputPercent,
                          Double heapAfterFullGcMb, Double generatorCpuPercent, Double backendCpuPercent,
                          Double machineCpuPercent, Double hostCpuPercent, Double hostMemoryPercent,
                          List<String> flags, Double clientCpuPercent, List<EngineUsage> engines,
                          Double backendMicrosPerMessage, Double generatorMicrosPerSample,
                          Double serverCoresBusyPercent, Double generatorCoresBusyPercent,
                          Double netCpuMicrosPerMessage, Double jitMicrosPerMessage, Double netCpuSpreadMicros) {
    /** Nothing known: results files summarised on their own, without the run's records. */
    public static final WindowUsage UNKNOWN = new WindowUsage(null, null, null, null, null, null, null, null, null,
            List.of());

    public WindowUsage {
        flags = List.copyOf(flags);
        engines = List.copyOf(engines);
    }

    /** The figures of a run, without the backend's and generator's CPU per message. */
    public WindowUsage(Double cpuMicrosPerMessage, Double serverCpuPercent, Double gcThroughputPercent,
                       Double heapAfterFullGcMb, Double generatorCpuPercent, Double backendCpuPercent,
                       Double machineCpuPercent, Double hostCpuPercent, Double hostMemoryPercent, List<String> flags,
                       Double clientCpuPercent, List<EngineUsage> engines) {
        this(cpuMicrosPerMessage, serverCpuPercent, gcThroughputPercent, heapAfterFullGcMb, generatorCpuPercent,
                backendCpuPercent, machineCpuPercent, hostCpuPercent, hostMemoryPercent, flags, clientCpuPercent,
                engines, null, null, null, null, null, null, null);
    }

    /** These figures with the backend's CPU per message and the generator's per sample. */
    public WindowUsage withPerMessage(Double backendMicros, Double generatorMicros) {
        return new WindowUsage(cpuMicrosPerMessage, serverCpuPercent, gcThroughputPercent, heapAfterFullGcMb,
                generatorCpuPercent, backendCpuPercent, machineCpuPercent, hostCpuPercent, hostMemoryPercent, flags,
                clientCpuPercent, engines, backendMicros, generatorMicros, serverCoresBusyPercent,
                generatorCoresBusyPercent, netCpuMicrosPerMessage, jitMicrosPerMessage, netCpuSpreadMicros);
    }

    /** These figures with the busy shares of the server's and the other cores and the net CPU per message. */
    public WindowUsage withCores(Double serverCores, Double generatorCores, Double netCpuMicros) {
        return new WindowUsage(cpuMicrosPerMessage, serverCpuPercent, gcThroughputPercent, heapAfterFullGcMb,
                generatorCpuPercent, backendCpuPercent, machineCpuPercent, hostCpuPercent, hostMemoryPercent, flags,
                clientCpuPercent, engines, backendMicrosPerMessage, generatorMicrosPerSample, serverCores,
                generatorCores, netCpuMicros, jitMicrosPerMessage, netCpuSpreadMicros);
    }

    /** These figures with the JIT's CPU per message and the net figure's spread. */
    public WindowUsage withJit(Double jitMicros, Double netSpreadMicros) {
        return new WindowUsage(cpuMicrosPerMessage, serverCpuPercent, gcThroughputPercent, heapAfterFullGcMb,
                generatorCpuPercent, backendCpuPercent, machineCpuPercent, hostCpuPercent, hostMemoryPercent, flags,
                clientCpuPercent, engines, backendMicrosPerMessage, generatorMicrosPerSample, serverCoresBusyPercent,
                generatorCoresBusyPercent, netCpuMicrosPerMessage, jitMicros, netSpreadMicros);
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
