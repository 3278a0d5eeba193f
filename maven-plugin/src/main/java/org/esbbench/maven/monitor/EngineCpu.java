package org.esbbench.maven.monitor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.esbbench.report.folder.EnginesFile;

/**
 * The CPU of the JMeter engines of a distributed run ({@code generators.json}), into the same series as the
 * server's: a local engine (started by the suite on this machine) is followed by its role {@code engine-k} in
 * {@code processes.csv} like the server and the backend are, so an engine restarted between points is followed too;
 * its host is this machine ({@code machine}). A remote engine's process CPU ({@code engine-k}) and its host's busy
 * time ({@code engine-k.host}) come from the PerfMon agent on its host, one {@link PerfMonStream} per agent; an engine
 * without an agent (port 0) has no series, and the analysis flags its CPU as unknown.
 */
final class EngineCpu {
    /** The row name of an engine's host's busy time. */
    static final String HOST_SUFFIX = org.esbbench.report.usage.RunFigures.ENGINE_HOST_SUFFIX;

    private EngineCpu() {
    }

    /**
     * Adds the engines' sources to {@code sampler}.
     *
     * @return the PerfMon streams it opened, for the caller to close
     */
    static List<PerfMonStream> watch(EnginesFile generators, CpuSampler sampler, FollowedProcesses processes) {
        Map<String, List<EnginesFile.Engine>> byAgent = new LinkedHashMap<>();
        for (EnginesFile.Engine e : generators.engines()) {
            if (e.local()) {
                String role = e.id();
                sampler.watch(role, CpuSource.ofProcess(() -> processes.current(role)));
            } else if (e.perfmonPort() > 0 && e.pid() > 0) {
                byAgent.computeIfAbsent(e.host() + ":" + e.perfmonPort(), k -> new ArrayList<>()).add(e);
            }
        }
        List<PerfMonStream> streams = new ArrayList<>();
        for (List<EnginesFile.Engine> onHost : byAgent.values()) {
            EnginesFile.Engine first = onHost.get(0);
            PerfMonStream stream = new PerfMonStream(first.host(), first.perfmonPort(),
                    onHost.stream().map(EnginesFile.Engine::pid).toList(), first.cores()).start();
            streams.add(stream);
            for (EnginesFile.Engine e : onHost) {
                sampler.watch(e.id(), CpuSource.ofPerfMon(stream, e.pid()));
                sampler.watch(e.id() + HOST_SUFFIX, CpuSource.ofPerfMonHost(stream));
            }
        }
        return streams;
    }
}
