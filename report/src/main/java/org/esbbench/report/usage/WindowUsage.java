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
 * @param generatorCpuPercent load generator (JMeter) CPU utilisation, percent of the machine
 * @param backendCpuPercent   echo backend CPU utilisation, percent of the machine
 * @param machineCpuPercent   the whole machine's CPU utilisation
 * @param hostCpuPercent      the server's host CPU utilisation (all its cores) as the PerfMon agent reported it
 * @param hostMemoryPercent   share of the server's host memory in use, as the PerfMon agent reported it
 * @param flags               saturation and other warnings
 */
public record WindowUsage(Double cpuMicrosPerMessage, Double serverCpuPercent, Double gcThroughputPercent,
                          Double heapAfterFullGcMb, Double generatorCpuPercent, Double backendCpuPercent,
                          Double machineCpuPercent, Double hostCpuPercent, Double hostMemoryPercent,
                          List<String> flags) {
    /** Nothing known: results files summarised on their own, without the run's records. */
    public static final WindowUsage UNKNOWN = new WindowUsage(null, null, null, null, null, null, null, null, null,
            List.of());

    public WindowUsage {
        flags = List.copyOf(flags);
    }
}
