package org.esbbench.maven.checks;

import org.esbbench.maven.cores.CpuPlanner;
import org.esbbench.maven.cores.ServerCpus;
import org.esbbench.maven.cores.UsersPerCore;
import org.esbbench.maven.engines.Engines;
import org.esbbench.maven.engines.EnginesCheck;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.ParameterSources;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.run.CurrentRunPointer;
import org.esbbench.maven.run.RunFacts;
import org.esbbench.maven.run.RecordedRun;
import org.esbbench.maven.servers.TargetServers;
import org.esbbench.maven.scenario.PlanProperties;
import org.esbbench.maven.targets.ProfileScenarios;
import org.esbbench.maven.targets.ServerDescription;
import org.esbbench.maven.targets.TargetProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.points.Point;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunSessions;

/**
 * A run check plans from the build's parameters: validated with the target profile before anything is built or
 * started, described with its estimates, and, in a build that measures, given its results folder and run parameters file
 * ({@code run-parameters.json}), which every later goal reads.
 */
public final class NewRun implements RunChecks.Run {

    /** What the check goal knows beside the parameters: the versions for run.json, the analysis's settings. */
    public record Settings(String target, String suiteVersion, String jmeterVersion, String camelVersion,
                           String artemisVersion, boolean dashboards, String dashboardHeap,
                           Map<String, String> explicit) {
    }

    private final Path root;
    private final TargetProfile profile;
    private final ParameterSources.Merged merged;
    private final Map<String, String> parameters;
    private final RunParameters plan;
    private final TargetServers servers;
    private final Engines generators;
    private final KeepResults keep;
    private final Settings settings;
    private final BuildLog log;
    private final CpuLayout cpus;
    private List<String> unchecked = List.of();

    private NewRun(Path root, TargetProfile profile, ParameterSources.Merged merged, Map<String, String> parameters,
                   RunParameters plan, TargetServers servers, Engines generators, KeepResults keep, Settings settings,
                   BuildLog log, CpuLayout cpus) {
        this.cpus = cpus;
        this.root = root;
        this.profile = profile;
        this.merged = merged;
        this.parameters = parameters;
        this.plan = plan;
        this.servers = servers;
        this.generators = generators;
        this.keep = keep;
        this.settings = settings;
        this.log = log;
    }

    /** Every parameter and the target profile's keys, checked before anything is built or started. */
    public static NewRun validate(Path root, TargetProfile profile, ParameterSources.Merged merged, Settings settings,
                                  BuildLog log) throws InvalidRunException {
        // -Dscenarios=all on a profile that lists its scenarios means those; then none outside them may run.
        Map<String, String> parameters = ProfileScenarios.select(merged.values(), profile, log::info);
        // Which CPUs the server and the rest get: a count this machine cannot give is refused here, before any load.
        // The profile's server.* keys tell whether the suite starts the server.
        boolean startsServer = new TargetServers(root, null, profile, Duration.ZERO, log::info).startsServer();
        CpuPlanner planner = CpuPlanner.forThisMachine();
        log.info("CPU topology: " + planner.topology().describe() + "; this build may use " + planner.usable().words());
        log.info("CPU placement: " + CpuPlanner.placement());
        CpuLayout cpus = planner.plan(parameters.getOrDefault("serverCpus", ""), startsServer,
                merged.fromMatrix("serverCpus"));
        parameters = recordServerCores(parameters, cpus);
        parameters = UsersPerCore.apply(parameters, cpus, merged.explicit("users"), log);
        RunParameters plan = RunParameters.parse(parameters, root, root.resolve("jmx"));
        ProfileScenarios.requireServed(plan.scenarios(), profile);
        // The profile's backend and server.* keys, before anything is built or started.
        TargetServers servers = new TargetServers(root, null, profile, Duration.ZERO, log::info);
        // A list of heaps needs a server the suite starts (and restarts per heap).
        plan.requireHeapsFit(servers.startsServer(), profile.name());
        PayloadSizes.require(plan);
        Engines generators = EnginesCheck.validate(parameters, plan, log::info);
        RunTolerances.validate(parameters, plan.planIds(), root.resolve(RunLayout.RESULTS), log::info);
        KeepResults keep = DiskEstimate.keepResults(parameters);
        org.esbbench.maven.profiles.ProfileCheck.check(parameters, profile, servers).ifPresent(log::info);
        return new NewRun(root, profile, merged, parameters, plan, servers, generators, keep, settings, log, cpus);
    }

    /**
     * The counts of server cores the run measures, as recorded for the later goals, whose points follow them: a
     * matrix's list (IBM's 1,2,4) becomes the counts this machine gives (1,2 of 1,2,4 on 4 CPUs; 1 on 2 CPUs).
     */
    private static Map<String, String> recordServerCores(Map<String, String> parameters, CpuLayout cpus) {
        // the planner has accepted the value: parsing it again cannot fail
        if (!(ServerCpus.parse(parameters.getOrDefault("serverCpus", "")) instanceof ServerCpus.Count)
                || !cpus.isolated()) {
            return parameters;
        }
        Map<String, String> recorded = new java.util.LinkedHashMap<>(parameters);
        recorded.put("serverCpus", cpus.variesServerCores() ? cpus.serverCoresText()
                : Integer.toString(cpus.server().size()));
        return recorded;
    }

    @Override
    public RunParameters plan() {
        return plan;
    }

    @Override
    public TargetProfile profile() {
        return profile;
    }

    @Override
    public TargetServers servers() {
        return servers;
    }

    @Override
    public void describe() throws InvalidRunException {
        unchecked = PlanChecks.checkAll(plan, log::info);
        merged.describe().forEach(log::info);
        java.util.Optional<String> capacity = org.esbbench.maven.capacity.CapacityPlan.summary(parameters, plan);
        log.info(capacity.orElse(RunSummary.summarise(plan)));
        log.info("CPUs: " + cpus.describe());
        cpus.notes().forEach(note -> log.info("CPUs: " + note));
        if (capacity.isEmpty()) {
            describeMemory();
        }
    }

    /** Memory the analysis will need, said before any load ({@link MemoryEstimate}). */
    private void describeMemory() throws InvalidRunException {
        long machineMb = MemoryEstimate.machineMb();
        long limitMb = MemoryEstimate.dashboardHeapLimitMb(settings.dashboardHeap(), machineMb);
        for (String line : MemoryEstimate.describe(plan, settings.dashboards(), limitMb, machineMb,
                Runtime.getRuntime().maxMemory() / (1024 * 1024))) {
            if (line.startsWith("WARNING: ")) {
                log.warn(line.substring("WARNING: ".length()));
            } else {
                log.info(line);
            }
        }
    }

    @Override
    public List<Point> toMeasure() {
        return plan.points().stream().flatMap(p -> Collections.nCopies(plan.repeats(), p).stream()).toList();
    }

    @Override
    public KeepResults keep() {
        return keep;
    }

    @Override
    public String what() {
        return "parameters";
    }

    @Override
    public boolean startsProcesses() {
        return true;
    }

    @Override
    public Engines generators() {
        return generators;
    }

    /** The run named, its results folder made, its run parameters file and first session written, the build pointed at it. */
    @Override
    public void prepare(CurrentRunPointer pointer) throws IOException {
        try {
            RunLayout layout = new RunLayout(newRunDir());
            String description = RunSummary.describe(plan, profile, parameters) + "; " + cpus.describe();
            String server = ServerDescription.of(profile, servers.startsServer(), settings.suiteVersion(),
                    settings.camelVersion(), settings.artemisVersion());
            RunFacts.Versions versions = new RunFacts.Versions(settings.suiteVersion(), settings.jmeterVersion(), server);
            Map<String, Object> facts = RunFacts.of(root, plan, profile, versions);
            merged.matrix().ifPresent(m -> facts.put("matrix", m.record(merged.overridden())));
            facts.put("cpus", cpus.record());
            cpus.write(layout.dir());
            RecordedRun.of(layout.runId(), Instant.now(), parameters, plan, profile, unchecked, description, facts)
                    .write(layout.runParameters());
            RunSessions.append(layout.sessions(), new RunSessions.Session(1, System.currentTimeMillis(), 0, 0,
                    plan.scenarioRuns(), ResumeCheck.describeExplicit(settings.explicit())));
            pointer.point(layout);
            log.info("run " + layout.runId() + ": " + description);
            log.info("plan parameters: " + PlanProperties.describeSettings(plan));
        } catch (IOException e) {
            throw new IOException("cannot create the run's results folder: " + e.getMessage(), e);
        }
    }

    private Path newRunDir() throws IOException {
        Path results = root.resolve(RunLayout.RESULTS);
        String base = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + settings.target();
        Path dir = results.resolve(base);
        for (int i = 2; Files.exists(dir); i++) {
            dir = results.resolve(base + "-" + i);
        }
        return Files.createDirectories(dir);
    }
}
