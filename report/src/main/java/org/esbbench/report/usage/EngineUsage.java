package org.esbbench.report.usage;

/**
 * One JMeter engine's CPU over a scenario run's measurement window, each {@code null} when unknown (a remote engine
 * without a PerfMon agent, a gap in the readings).
 *
 * @param id             engine-1..N
 * @param local          the engine ran on this machine (its host is the machine)
 * @param cpuPercent     the engine process's CPU, percent of its host (all its cores)
 * @param hostCpuPercent its host's busy CPU, percent of all its cores (this machine's for a local engine)
 */
public record EngineUsage(String id, boolean local, Double cpuPercent, Double hostCpuPercent) {
}
