package org.esbbench.report.usage;


import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.CpuList;
import org.esbbench.report.folder.EnginesFile;
import org.esbbench.report.folder.PerfMonAgentFile;
import org.esbbench.report.folder.RunLayout;

/**
 * The run's side figures, read once from {@code cpu.csv} (and {@code gc.csv}, and the PerfMon collector's
 * {@code logs/perfmon-*.csv} with {@code perfmon.properties}), and turned into one scenario
 * run's {@link WindowUsage} for its measurement window: CPU cost per message, CPU utilisations, GC figures and
 * the saturation flags. With JMeter engines ({@code generators.json}) also each engine's CPU and its host's
 * ({@code engine-k} and {@code engine-k.host} rows; a local engine's host is this machine), the client's CPU, and
 * the engines' own flags.
 */
public final class RunFigures {
    /** An external server's CPU time, sampled over JMX, when the target profile gives its JMX address. */
    public static final String SERVER_CPU_OVER_JMX = RunLayout.SERVER_CPU;
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
    /** The agent the run's host figures come from, when the run had one; null otherwise. */
    private final String hostAgent;
    private final Optional<EnginesFile> generators;
    private final Map<String, CpuSeries> engineCpu;
    private final Map<String, CpuSeries> engineHostCpu;
    /** Which CPUs each role had; shared for a run folder written before runs recorded it. */
    private final CpuLayout layout;
    /** Busy share of the server's cores, by the count of server cores of a point (0: the run's one set). */
    private final Map<Integer, CoreBusy> serverCores;
    private final CoreBusy harnessCores;
    /** A broker the profile starts runs on the server's CPUs: its CPU is the run's there, no neighbour's. */
    private final CpuSeries broker;
    /** The counters of the server's and JMeter's busiest threads (RunLayout.HOTTEST_THREAD). */
    private final CpuSeries serverHottest;
    private final CpuSeries generatorHottest;
    /** The monitor's and the build's own CPU: with JMeter's and the backend's, the run's on the harness's CPUs. */
    private final CpuSeries monitor;
    private final CpuSeries build;
    private final BoundCheck bound;
    private final ServerIdle idle;

    private RunFigures(CpuSeries server, GcSeries gc, CpuSeries backend, CpuSeries generator, CpuSeries machine, int cores,
                       SaturationCheck saturation, HostSeries host, OptionalInt hostCores, String hostAgent,
                       Optional<EnginesFile> generators, Map<String, CpuSeries> engineCpu,
                       Map<String, CpuSeries> engineHostCpu, CpuLayout layout, Map<Integer, CoreBusy> serverCores,
                       CoreBusy harnessCores, CpuSeries broker, CpuSeries serverHottest, CpuSeries generatorHottest,
                       CpuSeries monitor, CpuSeries build, ServerIdle idle) {
        this.server = server;
        this.gc = gc;
        this.backend = backend;
        this.generator = generator;
        this.machine = machine;
        this.cores = cores;
        this.saturation = saturation;
        this.host = host;
        this.hostCores = hostCores;
        this.hostAgent = hostAgent;
        this.generators = generators;
        this.engineCpu = engineCpu;
        this.engineHostCpu = engineHostCpu;
        this.layout = layout;
        this.serverCores = Map.copyOf(serverCores);
        this.harnessCores = harnessCores;
        this.broker = broker;
        this.serverHottest = serverHottest;
        this.generatorHottest = generatorHottest;
        this.monitor = monitor;
        this.build = build;
        this.bound = new BoundCheck(saturation.thresholdPercent());
        this.idle = idle;
    }

    public static RunFigures read(Path runDir, int cores, SaturationCheck saturation) throws IOException {
        Path cpu = runDir.resolve(RunLayout.CPU);
        CpuSeries server = Files.exists(runDir.resolve(SERVER_CPU_OVER_JMX))
                ? CpuSeries.read(runDir.resolve(SERVER_CPU_OVER_JMX), "server") : CpuSeries.read(cpu, "server");
        Optional<EnginesFile> generators = EnginesFile.read(runDir);
        Map<String, CpuSeries> engineCpu = new LinkedHashMap<>();
        Map<String, CpuSeries> engineHostCpu = new LinkedHashMap<>();
        for (EnginesFile.Engine e : generators.map(EnginesFile::engines).orElse(List.of())) {
            engineCpu.put(e.id(), CpuSeries.read(cpu, e.id()));
            engineHostCpu.put(e.id(), CpuSeries.read(cpu, e.id() + ENGINE_HOST_SUFFIX));
        }
        Optional<PerfMonAgentFile> agent = PerfMonAgentFile.read(runDir);
        HostSeries host = HostSeries.readAll(runDir.resolve(RunLayout.LOGS));
        // Host figures are expected when the start goal recorded an agent (the profile's perfmon key), or when a
        // collector wrote readings at all (-DperfmonHost): then a window without them is flagged, never left blank.
        String hostAgent = agent.map(PerfMonAgentFile::address).filter(a -> !a.isEmpty())
                .orElse(agent.isPresent() || !host.isEmpty() ? host.host() : null);
        // Percentages of the machine are of all its CPUs, as check recorded them: never the CPUs the analysing JVM
        // happens to be allowed.
        CpuLayout layout = CpuLayout.read(runDir).orElse(CpuLayout.shared(CpuList.firstN(cores), true, ""));
        return new RunFigures(server, GcSeries.read(runDir.resolve(RunLayout.GC)), CpuSeries.read(cpu, "backend"),
                CpuSeries.read(cpu, "jmeter"), CpuSeries.read(cpu, "machine"), layout.machine().size(), saturation, host,
                agent.map(PerfMonAgentFile::cores).orElse(OptionalInt.empty()), hostAgent,
                generators, engineCpu, engineHostCpu, layout, serverCoreBusy(cpu, layout),
                CoreBusy.read(cpu, layout.harness()), CpuSeries.read(cpu, "broker"),
                CpuSeries.read(cpu, "server" + RunLayout.HOTTEST_THREAD),
                CpuSeries.read(cpu, "jmeter" + RunLayout.HOTTEST_THREAD), CpuSeries.read(cpu, RunLayout.MONITOR_CPU),
                CpuSeries.read(cpu, RunLayout.BUILD_CPU), ServerIdle.read(runDir));
    }

    /** The busy share of the server's cores for the run's one set (0) and for each count of cores it varies. */
    private static Map<Integer, CoreBusy> serverCoreBusy(Path cpu, CpuLayout layout) throws IOException {
        Map<Integer, CoreBusy> busy = new LinkedHashMap<>();
        busy.put(0, CoreBusy.read(cpu, layout.server()));
        for (int cores : layout.serverCores()) {
            busy.put(cores, CoreBusy.read(cpu, layout.serverFor(cores)));
        }
        return busy;
    }

    /** The cpu.csv row name of a remote engine's host's busy time is the engine's id with this suffix. */
    public static final String ENGINE_HOST_SUFFIX = ".host";
    /** Flag of an engine whose CPU is not known (a remote engine without a PerfMon agent, or without readings). */
    public static final String ENGINE_CPU_UNKNOWN = "engine-cpu-unknown";

    /**
     * Flag of a CPU per message taken from the PerfMon agent's host CPU: the whole host's CPU time (the server
     * and anything else running there), used when neither JMX nor /proc gave the server's own.
     */
    public static final String HOST_LEVEL_CPU = "cpu-per-msg-host-level";

    /**
     * Flag of a window without the server host's CPU or memory although the run had a PerfMon agent: the collector
     * did not reach the agent or wrote its readings elsewhere, so the host columns are empty for a reason.
     */
    public static final String HOST_FIGURES_UNKNOWN = "host-figures-unknown";

    /** Flag of a scenario run whose plan opts out of reply checks: its replies were not verified. */
    public static final String UNCHECKED_REPLIES = "unchecked-replies";

    /**
     * The usage figures of one scenario run's measurement window [from, to] (epoch ms).
     *
     * @param samples        the window's samples, for the CPU time per message
     * @param repliesChecked false when the plan opts out of reply checks: flagged
     */
    public WindowUsage usage(long samples, long from, long to, boolean repliesChecked) {
        return usage(samples, from, to, repliesChecked, 0);
    }

    /**
     * The usage figures of a window of a point measured on {@code serverCores} server cores (0 when the run does not
     * vary the count): what bounded it is read off those cores.
     */
    public WindowUsage usage(long samples, long from, long to, boolean repliesChecked, int serverCores) {
        long windowMs = Math.max(1, to - from);
        Double serverCpuMs = value(server.cpuMillisBetween(from, to));
        Double cpuPerMessage = serverCpuMs == null || samples == 0 ? null : serverCpuMs * 1000 / samples;
        Double serverPct = utilisation(serverCpuMs, windowMs);
        Double backendCpuMs = value(backend.cpuMillisBetween(from, to));
        Double generatorCpuMs = value(generator.cpuMillisBetween(from, to));
        Double backendPct = utilisation(backendCpuMs, windowMs);
        Double generatorPct = utilisation(generatorCpuMs, windowMs);
        Double machinePct = utilisation(value(machine.cpuMillisBetween(from, to)), windowMs);
        Double hostCpuPct = value(host.meanCpuPercent(from, to));
        Double hostMemoryPct = value(host.meanMemoryPercent(from, to));
        Double clientPct = null;
        List<EngineUsage> engines = new ArrayList<>();
        List<String> engineFlags = new ArrayList<>();
        if (generators.isPresent()) {
            clientPct = generatorPct;
            engines = engineUsage(from, to, machinePct);
            // the load generator's share of this machine: the client and the engines that ran here
            generatorPct = sum(clientPct, engines.stream().filter(EngineUsage::local).map(EngineUsage::cpuPercent).toList());
            engineFlags = engineFlags(engines, serverPct, backendPct, clientPct, machinePct);
        }
        Double serverCoresPct = null;
        Double harnessCoresPct = null;
        List<String> flags = new ArrayList<>();
        if (layout.isolated()) {
            // The server on cores of its own: what bounded the point is read off each role's cores.
            // a count the layout does not know (a folder edited by hand) falls back to the run's one set
            int cores = layout.serverCores().contains(serverCores) ? serverCores : 0;
            CpuList serverCpus = layout.serverFor(cores);
            CoreBusy busy = this.serverCores.get(cores);
            serverCoresPct = busy == null ? null : value(busy.percentBetween(from, to));
            harnessCoresPct = value(harnessCores.percentBetween(from, to));
            Double ownMs = serverCpuMs == null ? null : sum(serverCpuMs, java.util.Arrays.asList(
                    value(broker.cpuMillisBetween(from, to))));
            BoundCheck.Hot serverHot = BoundCheck.Hot.hotter(busy == null ? null : busy.busiest(from, to).orElse(null),
                    hottestThread(serverHottest, from, to));
            BoundCheck.Hot harnessHot = BoundCheck.Hot.hotter(harnessCores.busiest(from, to).orElse(null),
                    hottestThread(generatorHottest, from, to));
            flags.addAll(bound.flags(serverCpus, layout.harness(), serverCoresPct,
                    percentOf(ownMs, windowMs, serverCpus.size()), harnessCoresPct, serverHot, harnessHot));
            if (generators.isEmpty()) {
                // JMeter, the backend, the monitor and the build: everything of the run on the harness's CPUs (a run
                // on engines has more, not all of them here, and is not judged).
                Double harnessOwnMs = all(generatorCpuMs, backendCpuMs, value(monitor.cpuMillisBetween(from, to)),
                        value(build.cpuMillisBetween(from, to)));
                BoundCheck.generatorShared(layout.harness(), harnessCoresPct,
                        percentOf(harnessOwnMs, windowMs, layout.harness().size())).ifPresent(flags::add);
            }
        } else {
            flags.addAll(saturation.flags(serverPct, backendPct, generatorPct, machinePct));
        }
        ServerIdle.Net net = idle.net(serverCpuMs, from, to, samples, server);
        flags.addAll(net.flags());
        flags.addAll(engineFlags);
        if (cpuPerMessage == null && hostCpuPct != null && hostCores.isPresent() && samples > 0) {
            cpuPerMessage = hostCpuPct / 100 * hostCores.getAsInt() * windowMs * 1000 / samples;
            flags.add(HOST_LEVEL_CPU + ": CPU per msg is the PerfMon host's whole CPU (" + hostCores.getAsInt()
                    + " cores), no server CPU from JMX or /proc");
        }
        hostFlag(hostCpuPct, hostMemoryPct).ifPresent(flags::add);
        if (!repliesChecked) {
            flags.add(UNCHECKED_REPLIES + ": the plan opts out of reply checks (replyCheck=none)");
        }
        // With engines the samples come from several JMeters, some on other hosts: no per-sample generator cost.
        Double generatorPerSample = generators.isPresent() ? null : perMessage(generatorCpuMs, samples);
        return new WindowUsage(cpuPerMessage, serverPct, value(gc.gcThroughputPercent(from, to)),
                value(gc.heapAfterFullGcMb(from, to, FULL_GC_SLACK_MS)), generatorPct, backendPct, machinePct,
                hostCpuPct, hostMemoryPct, flags, clientPct, engines)
                .withPerMessage(perMessage(backendCpuMs, samples), generatorPerSample)
                .withCores(serverCoresPct, harnessCoresPct, net.netMicros())
                .withJit(net.jitMicros(), net.spreadMicros());
    }

    /** The sum of CPU times that are all known; null when one is not. */
    private static Double all(Double... cpuMs) {
        double total = 0;
        for (Double d : cpuMs) {
            if (d == null) {
                return null;
            }
            total += d;
        }
        return total;
    }

    /** The busiest thread's share of one CPU over [from, to], from its counter; null without readings there. */
    private static BoundCheck.Hot hottestThread(CpuSeries counter, long from, long to) {
        Double ms = value(counter.cpuMillisBetween(from, to));
        return ms == null ? null : new BoundCheck.Hot("busiest thread", 100.0 * ms / Math.max(1, to - from));
    }

    /** The flag of a window that lacks host CPU or memory readings although the run had a PerfMon agent. */
    private Optional<String> hostFlag(Double hostCpuPct, Double hostMemoryPct) {
        if (hostAgent == null || (hostCpuPct != null && hostMemoryPct != null)) {
            return Optional.empty();
        }
        String missing = hostCpuPct == null && hostMemoryPct == null ? "CPU and memory"
                : hostCpuPct == null ? "CPU" : "memory";
        return Optional.of(HOST_FIGURES_UNKNOWN + ": no PerfMon host " + missing + " readings"
                + (hostAgent.isEmpty() ? "" : " from " + hostAgent) + " over the window (see the scenario run's"
                + " " + RunLayout.LOGS + "/perfmon-*.csv and JMeter log)");
    }

    /** Each engine's CPU and its host's over [from, to]; a local engine's host is this machine. */
    private List<EngineUsage> engineUsage(long from, long to, Double machinePct) {
        long windowMs = Math.max(1, to - from);
        List<EngineUsage> engines = new ArrayList<>();
        for (EnginesFile.Engine e : generators.orElseThrow().engines()) {
            Double cpuMs = value(engineCpu.get(e.id()).cpuMillisBetween(from, to));
            if (e.local()) {
                engines.add(new EngineUsage(e.id(), true, utilisation(cpuMs, windowMs), machinePct));
            } else {
                Double hostMs = value(engineHostCpu.get(e.id()).cpuMillisBetween(from, to));
                engines.add(new EngineUsage(e.id(), false, percentOf(cpuMs, windowMs, e.cores()),
                        percentOf(hostMs, windowMs, e.cores())));
            }
        }
        return engines;
    }

    /**
     * The saturation rule applied to every host an engine ran on (this machine for local engines and the client,
     * each remote host for its engines), and a flag for each engine whose CPU is unknown.
     */
    private List<String> engineFlags(List<EngineUsage> engines, Double serverPct, Double backendPct, Double clientPct,
                                     Double machinePct) {
        List<String> flags = new ArrayList<>();
        Map<String, Double> here = new LinkedHashMap<>();
        putKnown(here, "server", serverPct);
        putKnown(here, "backend", backendPct);
        putKnown(here, "client", clientPct);
        Map<String, Map<String, Double>> remoteShares = new LinkedHashMap<>();
        Map<String, Double> remoteBusy = new LinkedHashMap<>();
        for (int i = 0; i < engines.size(); i++) {
            EngineUsage u = engines.get(i);
            EnginesFile.Engine e = generators.orElseThrow().engines().get(i);
            if (u.local()) {
                putKnown(here, u.id(), u.cpuPercent());
                continue;
            }
            if (u.cpuPercent() == null) {
                flags.add(ENGINE_CPU_UNKNOWN + "[" + u.id() + "]: " + (e.perfmonPort() > 0
                        ? String.format(Locale.ROOT, "no PerfMon readings from %s:%d over the window", e.host(),
                        e.perfmonPort())
                        : "a remote engine without a PerfMon agent (generatorPerfmonPort=0): its CPU and its host's"
                        + " are not known"));
                continue;
            }
            remoteShares.computeIfAbsent(e.host(), h -> new LinkedHashMap<>()).put(u.id(), u.cpuPercent());
            if (u.hostCpuPercent() != null) {
                remoteBusy.put(e.host(), u.hostCpuPercent());
            }
        }
        flags.addAll(saturation.hostFlags("this machine", machinePct, here));
        remoteShares.forEach((host, shares) -> flags.addAll(saturation.hostFlags(host, remoteBusy.get(host), shares)));
        return flags;
    }

    private static void putKnown(Map<String, Double> shares, String name, Double pct) {
        if (pct != null) {
            shares.put(name, pct);
        }
    }

    /** The known values added up; null when none is known. */
    private static Double sum(Double first, List<Double> more) {
        Double total = first;
        for (Double d : more) {
            if (d != null) {
                total = total == null ? d : total + d;
            }
        }
        return total;
    }

    /** CPU ms over a window as percent of a host's cores; null when either is unknown. */
    private static Double percentOf(Double cpuMs, long windowMs, int cores) {
        return cpuMs == null || cores <= 0 ? null : 100.0 * cpuMs / ((double) windowMs * cores);
    }

    /** CPU ms over a window as percent of the whole machine (all cores). */
    /** CPU µs per message of the window; null when the CPU time is unknown or there were no samples. */
    private static Double perMessage(Double cpuMs, long samples) {
        return cpuMs == null || samples == 0 ? null : cpuMs * 1000 / samples;
    }

    private Double utilisation(Double cpuMs, long windowMs) {
        return cpuMs == null ? null : 100.0 * cpuMs / ((double) windowMs * cores);
    }

    private static Double value(OptionalDouble d) {
        return d.isPresent() ? d.getAsDouble() : null;
    }
}
