package org.esbbench.maven.goals;

import org.esbbench.maven.checks.DiskEstimate;
import org.esbbench.maven.checks.MemoryEstimate;
import org.esbbench.maven.checks.ResumeCheck;
import org.esbbench.maven.engines.Generators;
import org.esbbench.maven.engines.GeneratorsCheck;
import org.esbbench.maven.parameters.Exclusion;
import org.esbbench.maven.parameters.ExplicitParameters;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.ParameterSources;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.parameters.RunTolerances;
import org.esbbench.maven.processes.Readiness;
import org.esbbench.maven.run.CurrentRun;
import org.esbbench.maven.run.RunFacts;
import org.esbbench.maven.run.RunPlanFiles;
import org.esbbench.maven.run.RunSizesFile;
import org.esbbench.maven.scenario.PlanProperties;
import org.esbbench.maven.scenario.ProgressLine;
import org.esbbench.maven.scenario.RunnablePlan;
import org.esbbench.maven.servers.TargetServers;
import org.esbbench.maven.targets.JmsProvider;
import org.esbbench.maven.targets.PerfMonTarget;
import org.esbbench.maven.targets.ProfileScenarios;
import org.esbbench.maven.targets.TargetProfile;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Set;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.maven.plans.PlanContract;
import org.esbbench.maven.plans.PlanReport;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.run.RawResults;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunSessions;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * First goal of a run, in the validate phase: checks every parameter, the target profile, the payload
 * size and the ports the run will bind, so that bad input fails in seconds, before anything is built or
 * started. Then it names the run, creates its results folder and writes the run plan ({@code run-plan.json}) every
 * later goal reads, and points the build's {@code current-run} at the folder.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VALIDATE, threadSafe = true)
public class CheckMojo extends RunParametersMojo {

    /** Build phases from which on the suite's run takes place. */
    private static final Set<String> RUN_PHASES = Set.of("integration-test", "post-integration-test", "verify",
            "install", "deploy");

    /** Version of JMeter the plans run on, for run.json. */
    @Parameter(property = "jmeter.version", defaultValue = "5.6.3")
    String jmeterVersion;

    /** Version of this suite, which is also the bundled reference server's. */
    @Parameter(defaultValue = "${project.version}", readonly = true)
    String suiteVersion;

    @Parameter(defaultValue = "${camel.version}", readonly = true)
    String camelVersion;

    @Parameter(defaultValue = "${artemis.version}", readonly = true)
    String artemisVersion;

    /**
     * A run to continue instead of planning a new one: its id (a folder under results/), a run folder's path, or
     * {@code latest} (the newest planned run). Only the scenario runs the folder does not hold complete are measured.
     */
    @Parameter(property = "resume", defaultValue = "")
    String resume;

    @Override
    protected void doExecute() throws MojoExecutionException, MojoFailureException {
        if (resume != null && !resume.isBlank()) {
            resumeRun();
            return;
        }
        TargetProfile profile = targetProfile();
        ParameterSources.Merged merged;
        Map<String, String> parameters;
        RunParameters plan;
        TargetServers servers;
        Generators generators;
        KeepResults keep;
        try {
            merged = mergedParameters();
            // -Dscenarios=all on a profile that lists its scenarios means those; then none outside them may run.
            parameters = ProfileScenarios.select(merged.values(), profile, this::info);
            plan = RunParameters.parse(parameters, root(), root().resolve("jmx"));
            ProfileScenarios.requireServed(plan.scenarios(), profile);
            // The profile's backend and server.* keys, before anything is built or started.
            servers = new TargetServers(root(), null, profile, java.time.Duration.ZERO, this::info);
            // A list of heaps needs a server the suite starts (and restarts per heap).
            plan.requireHeapsFit(servers.startsServer(), profile.name());
            requirePayload(plan);
            generators = GeneratorsCheck.validate(parameters, plan, this::info);
            RunTolerances.validate(parameters, this::info);
            keep = DiskEstimate.keepResults(parameters);
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
        List<String> unchecked = checkPlans(plan, this::info);
        merged.describe().forEach(this::info);
        info(summarise(plan));
        describeMemory(plan);
        describeDisk(plan.points().stream().flatMap(p -> java.util.Collections.nCopies(plan.repeats(), p).stream())
                .toList(), plan.loadSeconds(), keep);
        writeRunSizes(plan);
        if (session.getGoals().stream().noneMatch(RUN_PHASES::contains)) {
            info("parameters valid; no run in this build (it ends before integration-test)");
            return;
        }
        requireReady(plan, profile, servers);
        requireGenerators(generators, profile);
        try {
            RunLayout layout = new RunLayout(newRunDir());
            String description = describe(plan, profile);
            String server = profile.startsServers()
                    ? "reference-esb " + suiteVersion + " (Apache Camel " + camelVersion + (JmsProvider.of(profile).embeddedIn(profile)
                            ? ", ActiveMQ Artemis " + artemisVersion + ")" : "; JMS broker at " + JmsProvider.of(profile) + ")")
                    : servers.startsServer() ? profile.properties().getProperty("description", "a server")
                            + ", started from target profile " + profile.name() + " (server.command)"
                    : "external (target profile " + profile.name() + ")";
            RunFacts.Versions versions = new RunFacts.Versions(suiteVersion, jmeterVersion, server);
            Map<String, Object> facts = RunFacts.of(root(), plan, profile, versions);
            merged.matrix().ifPresent(m -> facts.put("matrix", m.record(merged.overridden())));
            RunPlanFiles.of(layout.runId(), Instant.now(), parameters, plan, profile, unchecked, description, facts)
                    .write(layout.runPlan());
            RunSessions.append(layout.sessions(), new RunSessions.Session(1, System.currentTimeMillis(), 0, 0,
                    plan.scenarioRuns(), ResumeCheck.describeExplicit(ExplicitParameters.of(session.getUserProperties()))));
            currentRunPointer().point(layout);
            info("run " + layout.runId() + ": " + description);
            info("plan parameters: " + PlanProperties.describeSettings(plan));
        } catch (IOException e) {
            throw new MojoExecutionException("cannot create the run's results folder: " + e.getMessage(), e);
        }
    }

    /** Whether the analysis will make JMeter's dashboards (the analyze goal's -Ddashboards), for the memory estimate. */
    @Parameter(property = "dashboards", defaultValue = "true")
    boolean dashboards;

    /** The most heap a dashboard's JMeter may get (e.g. 6g); default half the machine's memory ({@link MemoryEstimate}). */
    @Parameter(property = "dashboardHeap", defaultValue = "")
    String dashboardHeap;

    /** Memory the analysis will need, said before any load ({@link MemoryEstimate}). */
    private void describeMemory(RunParameters plan) throws MojoFailureException {
        long machineMb = MemoryEstimate.machineMb();
        long limitMb;
        try {
            limitMb = MemoryEstimate.dashboardHeapLimitMb(dashboardHeap, machineMb);
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
        for (String line : MemoryEstimate.describe(plan, dashboards, limitMb, machineMb,
                Runtime.getRuntime().maxMemory() / (1024 * 1024))) {
            if (line.startsWith("WARNING: ")) {
                warn(line.substring("WARNING: ".length()));
            } else {
                info(line);
            }
        }
    }

    /** Where check reads the free disk from ({@link DiskEstimate}); a test gives a small one. */
    DiskEstimate.FreeSpace freeSpace = DiskEstimate.FreeSpace.FILE_STORE;

    /** The disk the scenario runs to measure will need under results/, and the refusal when it cannot fit. */
    private void describeDisk(List<org.esbbench.report.points.Point> scenarioRuns, long loadSeconds, KeepResults keep)
            throws MojoFailureException {
        try {
            info(DiskEstimate.check(DiskEstimate.of(scenarioRuns, loadSeconds, dashboards, keep),
                    root().resolve("results"), freeSpace));
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }

    /**
     * {@code -Dresume}: the stored plan instead of the build's parameters, checked against what the build gives
     * explicitly ({@link ResumeCheck}); in a build that measures, the folder is prepared for the new session and
     * becomes the build's current run. A build that ends before integration-test only checks.
     */
    private void resumeRun() throws MojoExecutionException, MojoFailureException {
        ResumeCheck check = new ResumeCheck(root(), this::info);
        Map<String, String> explicit = ExplicitParameters.of(session.getUserProperties());
        ResumeCheck.Resumed resumed;
        RunParameters plan;
        TargetProfile profile;
        TargetServers servers;
        try {
            resumed = check.check(resume.strip(), explicit);
            CurrentRun current = new CurrentRun(resumed.layout(), resumed.planFile(), root());
            plan = current.plan();
            profile = current.profile();
            servers = new TargetServers(root(), null, profile, java.time.Duration.ZERO, this::info);
            requirePayload(plan);
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
        info(ResumeCheck.describe(resumed, plan.loadSeconds()));
        try {
            // not a measurement parameter: a resumed run may keep its results otherwise than planned
            describeDisk(resumed.progress().pending().stream().map(r -> r.point()).toList(), plan.loadSeconds(),
                    RawResults.choice(session.getUserProperties().getProperty(RawResults.PARAMETER), resumed.layout()));
        } catch (IllegalArgumentException | IOException e) {
            throw new MojoFailureException(e.getMessage());
        }
        writeRunSizes(plan);
        if (session.getGoals().stream().noneMatch(RUN_PHASES::contains)) {
            info("resume valid; no run in this build (it ends before integration-test)");
            return;
        }
        if (!resumed.progress().pending().isEmpty()) {
            requireReady(plan, profile, servers);
            try {
                requireGenerators(Generators.parse(resumed.planFile().parameters()), profile);
            } catch (InvalidRunException e) {
                throw new MojoFailureException(e.getMessage());
            }
        }
        try {
            check.prepare(resumed, ResumeCheck.describeExplicit(explicit));
            currentRunPointer().point(resumed.layout());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot prepare run " + resumed.layout().runId() + " for its new session: "
                    + e.getMessage(), e);
        }
    }

    /** What must hold before anything starts: the target's port, the payloads, and every port the run will bind free. */
    private void requireReady(RunParameters plan, TargetProfile profile, TargetServers servers) throws MojoFailureException {
        try {
            profile.port();
            // A malformed perfmon key, or the port of an agent to start already taken, fails here, before anything starts.
            Optional<PerfMonTarget> perfmon = PerfMonTarget.of(profile);
            if (perfmon.isPresent() && perfmon.get().start()) {
                Readiness.requireFreePort("PerfMon agent", perfmon.get().host(), perfmon.get().port());
            }
            if (!servers.startsBackend() && plan.delays().size() > 1) {
                throw new InvalidRunException("-Ddelay=" + RunParameters.describe(plan.delays()).replace(" ", "") + ": a list of delays needs the echo backend the suite"
                        + " starts (it restarts it between delays); target '" + profile.name() + "' says backend=external");
            }
            if (servers.startsBackend()) {
                Readiness.requireFreePort("echo backend", servers.backend().localHost(), servers.backend().port());
            }
            if (servers.command().isPresent()) {
                Readiness.requireFreePort("server of target '" + profile.name() + "'", profile.host(), profile.port());
            }
            if (profile.startsServers()) {
                Readiness.requireFreePort("reference server", profile.host(), profile.port());
                URI broker = profile.jmsProviderUrl();
                Readiness.requireFreePort("embedded JMS broker", broker.getHost(), broker.getPort());
                if (profile.managementAgent().isPresent()) {
                    Readiness.requireFreePort("reference server's management agent (JMX)", "127.0.0.1",
                            profile.managementAgent().get().getPort());
                }
            }
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }

    /** -Dgenerators: remote engines reachable and the target reachable from them; the RMI keystore made. */
    private void requireGenerators(Generators generators, TargetProfile profile)
            throws MojoExecutionException, MojoFailureException {
        try {
            GeneratorsCheck.prepare(generators, profile, root(), this::info);
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot prepare the JMeter engines' RMI keystore: " + e.getMessage(), e);
        }
    }

    /**
     * Every build, a resumed one too: the payload generation (generate-resources) makes the payloads and
     * ws-security pools of the run's sizes.
     */
    private void writeRunSizes(RunParameters plan) throws MojoExecutionException {
        try {
            RunSizesFile.write(workDir.toPath(), plan);
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write the run's payload sizes: " + e.getMessage(), e);
        }
    }

    /** A skipped check leaves no payload sizes of an earlier build for the payload generation. */
    @Override
    protected void skipped() throws MojoExecutionException {
        try {
            RunSizesFile.forget(workDir.toPath());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot remove " + workDir + "/" + RunSizesFile.NAME + ": " + e.getMessage(), e);
        }
    }

    /** One line that says what the run measures, how many scenario runs and server restarts, and how long. */
    static String describe(RunParameters plan, TargetProfile profile) {
        return "plans " + String.join(", ", plan.planIds()) + "; " + describeLoad(plan) + "; size "
                + RunParameters.describe(plan.sizes()) + " B; delay " + RunParameters.describe(plan.delays()) + " ms; "
                + (plan.variesHeap() ? "server heap " + RunParameters.describe(plan.heaps()) + "; " : "")
                + plan.repeats() + " repeat(s); warm-up " + plan.warmupSeconds() + " s, measurement "
                + plan.measurementSeconds() + " s per scenario run; " + plan.scenarioRuns() + " scenario runs"
                + (plan.variesHeap() ? " and " + plan.serverRestarts() + " server restart(s) (one per heap and repeat)" : "")
                + ", target " + profile.name() + "; about " + ProgressLine.formatDuration(plan.estimatedSeconds())
                + (plan.variesHeap() ? " (load, and about " + RunParameters.RESTART_SECONDS_ESTIMATE + " s per restart)" : " of load");
    }

    /**
     * The line check prints in every build, before anything is made: how many scenario runs and how long, e.g.
     * {@code 48 scenario runs (3 plans × 16 points × 1 repeat), about 4:49:36 of load}.
     */
    public static String summarise(RunParameters plan) {
        int plans = plan.plans().size();
        int excluded = plan.excludedPoints();
        return plan.scenarioRuns() + " scenario runs (" + plans + (plans == 1 ? " plan × " : " plans × ")
                + plan.pointsPerPlan() + (plan.pointsPerPlan() == 1 ? " point × " : " points × ")
                + plan.repeats() + (plan.repeats() == 1 ? " repeat" : " repeats")
                + (excluded > 0 ? ", less " + excluded * plan.repeats() + " excluded (" + plan.exclusions().stream()
                        .map(Exclusion::toString).collect(java.util.stream.Collectors.joining(", ")) + ")" : "")
                + "), about " + ProgressLine.formatDuration(plan.estimatedSeconds())
                + (plan.variesHeap() ? " (load, and about " + RunParameters.RESTART_SECONDS_ESTIMATE + " s for each of "
                        + plan.serverRestarts() + " server restart(s))" : " of load");
    }

    /** "users 1, 2" or "rate 50/s" or both: the load levels of each model the run measures. */
    static String describeLoad(RunParameters plan) {
        List<String> parts = new java.util.ArrayList<>();
        if (plan.models().contains(RunParameters.LoadModel.CLOSED)) {
            parts.add("closed model, users " + RunParameters.describe(plan.users()));
        }
        if (plan.models().contains(RunParameters.LoadModel.OPEN)) {
            parts.add("open model, rate " + RunParameters.describe(plan.rates()) + " arrivals/s");
        }
        return String.join("; ", parts);
    }

    /**
     * The plan contract of every plan that will run: each violation is listed, then the check fails, naming the
     * plan, the element and the fix. Returns the ids of the plans that opt out of reply checks (the summary flags
     * them). A plan the build makes later (under target/) is checked by the run goal when it gets there.
     */
    static List<String> checkPlans(RunParameters plan, java.util.function.Consumer<String> log) throws MojoFailureException {
        PlanContract contract = new PlanContract(PlanProperties.NAMES);
        List<String> violations = new java.util.ArrayList<>();
        List<String> unchecked = new java.util.ArrayList<>();
        // One report per file: soap-http.jmx serves six scenarios and is read once.
        java.util.Map<Path, PlanReport> reports = new java.util.HashMap<>();
        for (RunnablePlan p : plan.plans()) {
            if (!Files.exists(p.file())) {
                log.accept("plan " + p.file() + " does not exist yet (made by this build): it is checked before it runs");
                continue;
            }
            PlanReport report = reports.get(p.file());
            if (report == null) {
                report = contract.check(p.file());
                reports.put(p.file(), report);
                report.warnings().forEach(w -> log.accept("warning: " + w));
                violations.addAll(report.violations());
            }
            if (report.replyCheckOptOut()) {
                unchecked.add(p.id());
            }
        }
        if (!violations.isEmpty()) {
            throw new MojoFailureException(violations.size() + " plan contract violation(s):\n  "
                    + String.join("\n  ", violations) + "\n(the plan contract: README.md, section Authoring plans)");
        }
        return unchecked;
    }

    /** Any size the generator can reach is fine; below the smallest possible envelope there is no payload. */
    private static void requirePayload(RunParameters plan) throws InvalidRunException {
        for (int size : plan.sizes()) {
            try {
                Payloads.soap(size);
                if (plan.scenarios().contains(Scenario.REST) || plan.plans().stream().anyMatch(p -> !p.isStandard())) {
                    Payloads.json(size);
                }
            } catch (IllegalArgumentException e) {
                throw new InvalidRunException("-Dsize=" + describeSizes(plan) + ": " + size + " B has no payload ("
                        + e.getMessage()
                        + "); standard sizes: " + java.util.Arrays.toString(Payloads.STANDARD_SIZES));
            }
        }
    }

    private static String describeSizes(RunParameters plan) {
        return plan.sizes().stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(","));
    }

    private Path newRunDir() throws IOException {
        Path results = root().resolve("results");
        String base = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + target();
        Path dir = results.resolve(base);
        for (int i = 2; Files.exists(dir); i++) {
            dir = results.resolve(base + "-" + i);
        }
        return Files.createDirectories(dir);
    }
}
