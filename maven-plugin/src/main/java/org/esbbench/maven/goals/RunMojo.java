package org.esbbench.maven.goals;

import org.esbbench.maven.checks.Preflight;
import org.esbbench.maven.engines.EngineFleet;
import org.esbbench.maven.engines.EngineWatch;
import org.esbbench.maven.engines.Generators;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.processes.BuildShutdown;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.ProcessRegistry;
import org.esbbench.maven.processes.StopOnExit;
import org.esbbench.maven.run.CurrentRun;
import org.esbbench.maven.scenario.AnalysisOnInterrupt;
import org.esbbench.maven.scenario.JMeterCommand;
import org.esbbench.maven.scenario.PlanProperties;
import org.esbbench.maven.scenario.ProgressLine;
import org.esbbench.maven.scenario.RunnablePlan;
import org.esbbench.maven.servers.CommandServerLauncher;
import org.esbbench.maven.servers.TargetDeath;
import org.esbbench.maven.servers.TargetServers;
import org.esbbench.maven.servers.TargetWatch;
import org.esbbench.maven.targets.PerfMonTarget;
import org.esbbench.maven.targets.TargetProfile;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.esbbench.maven.management.FullGc;
import org.esbbench.maven.management.JmxOptions;
import org.esbbench.maven.management.ManagementAgentFlags;
import org.esbbench.maven.management.ManagementConnection;
import org.esbbench.maven.plans.PlanContract;
import org.esbbench.maven.plans.PlanReport;
import org.esbbench.report.JtlFollower;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.points.Point;
import org.esbbench.report.usage.GcSeries;
import org.esbbench.report.run.RawResults;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.run.RunProgress;
import org.esbbench.report.folder.RunSessions;
import org.esbbench.report.folder.ScenarioRunJournal;

/**
 * The run itself, in the integration-test phase: every point (scenario × users × size × delay), {@code repeats}
 * times, each as one headless JMeter process on the JMeter that jmeter-maven-plugin laid out. Repeats go
 * round the whole list of points rather than one point N times in a row, so a drift of the machine spreads
 * over all points instead of biasing one. Between two delays the echo backend restarts with the new delay; between
 * two heaps of a heap list (the outermost dimension of the points) the server restarts with the new heap, passes
 * its health check and the preflight again, and the monitor's GC recording follows it.
 * A progress line is printed at a steady interval; each JMeter is stopped if it outlives its windows by far.
 * How each scenario run ended goes into the run's journal ({@code scenario-runs.csv}), which the analysis reads.
 * Only the scenario runs the folder does not already hold complete ({@link RunProgress}) are measured, so a run
 * resumed with {@code -Dresume} picks up where its earlier build stopped.
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.INTEGRATION_TEST, threadSafe = true)
public class RunMojo extends CurrentRunMojo {

    /** How long the server's JVM may take to report the full collection asked for after each scenario run. */
    private static final Duration FULL_GC_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration MANAGEMENT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

    /** Heap of each JMeter process in MB, fixed (-Xms = -Xmx) so that heap growth stays out of the timings. */
    @Parameter(property = "jmeter.heap", defaultValue = "2048")
    int jmeterHeapMb;

    /** Seconds between two progress lines. */
    /** As the analyze goal's: for the analysis a stopped build still makes of what it measured. */
    @Parameter(property = "saturationThreshold", defaultValue = "90")
    double saturationThreshold;

    @Parameter(property = "progressInterval", defaultValue = "30")
    int progressInterval;

    /**
     * Host of a PerfMon agent whose CPU and memory the plans' collector records; empty: the target profile's
     * {@code perfmon} key, if any (this parameter overrides it).
     */
    @Parameter(property = "perfmonHost", defaultValue = "")
    String perfmonHost;

    @Parameter(property = "perfmonPort", defaultValue = "4444")
    int perfmonPort;

    /** jmeter-maven-plugin's record of where its configure goal laid JMeter out. */
    @Parameter(defaultValue = "${project.build.directory}/config.json", required = true)
    File jmeterConfig;

    /** The echo backend's runnable jar (restarted between delays). */
    @Parameter(defaultValue = "${project.basedir}/../backend-netty/target/backend-netty.jar", required = true)
    File backendJar;

    /** The reference server's runnable jar (restarted between heaps). */
    @Parameter(defaultValue = "${project.basedir}/../reference-esb/target/reference-esb.jar", required = true)
    File serverJar;

    /** How long a server stopped for a restart may take to end before it is killed. */
    private static final Duration SERVER_STOP_GRACE = Duration.ofSeconds(30);
    /** How long the monitor may take to record the GC of a restarted server before the run goes on without. */
    private static final Duration GC_RECORDING_AFTER_RESTART = Duration.ofSeconds(60);

    /** Seconds a restarted backend or server may take to answer its health check. */
    @Parameter(property = "startTimeout", defaultValue = "90")
    int startTimeout;

    /** The server and backend this run depends on; set by doExecute. */
    private TargetWatch targets;

    /** -DkeepResults of a resumed run that changes it; unset: the run plan's (check recorded it). */
    @Parameter(property = "keepResults")
    String keepResults;

    /** What becomes of each scenario run's results once its JMeter ended (-DkeepResults); set by doExecute. */
    private RawResults raw;

    @Override
    protected void doExecute(CurrentRun current) throws MojoExecutionException, MojoFailureException {
        RunLayout layout = current.layout();
        ProcessRegistry registry = current.processes();
        // Restarted backends and servers outlive this goal (the stop goal stops them): this hook is for a build that
        // ends first.
        StopOnExit restarted = new StopOnExit(registry, "run-restarted");
        AnalysisOnInterrupt onStop = new AnalysisOnInterrupt(layout, saturationThreshold);
        try {
            RunParameters plan = current.plan();
            TargetProfile profile = current.profile();
            TargetServers servers = new TargetServers(root(), layout, profile, Duration.ofSeconds(startTimeout), this::info);
            Optional<String> agent = profile.managementAgent().map(a -> serviceUrl(a));
            JmxOptions jmxOptions = profile.jmxOptions();
            JMeterInstallation jmeter = JMeterInstallation.fromPluginConfig(jmeterConfig.toPath());
            Files.createDirectories(layout.dir().resolve(RunLayout.JTL));
            Files.createDirectories(layout.logs());
            raw = rawResults(layout);
            // Every run is a resume of its own plan: only what the folder does not hold complete is measured, in plan
            // order (for a new run, everything). Check moved the files of interrupted attempts aside.
            RunProgress done = RunProgress.of(layout, current.planFile());
            List<RunParametersFile.ScenarioRun> pending = done.pending();
            if (pending.isEmpty()) {
                info("nothing to measure: all " + done.total() + " scenario runs of run " + layout.runId()
                        + " are complete; the analysis reads the whole run");
                return;
            }
            ProgressLine progress = new ProgressLine(plan, done.count(RunProgress.State.COMPLETE),
                    pending.stream().map(r -> r.point().heap()).toList(), System.nanoTime());
            // -Dgenerators: each scenario run is a JMeter client driving the engines the start goal probed.
            Generators generators = Generators.parse(current.planFile().parameters());
            EngineFleet fleet = generators.distributed()
                    ? new EngineFleet(root(), layout, jmeter, generators, jmeterHeapMb, this::info) : null;
            // The backend and the server were started at the first pending point's delay and heap ("" when the heap is
            // not varied: then no point ever asks for another one).
            long currentDelay = pending.get(0).point().delayMs();
            String currentHeap = pending.get(0).point().heap();
            int session = RunSessions.current(layout);
            int index = 0;
            int failed = 0;
            targets = new TargetWatch(registry);
            for (RunParametersFile.ScenarioRun next : pending) {
                Point point = next.point();
                int repeat = next.repeat();
                Optional<String> dead = targets.death();
                if (dead.isPresent()) {
                    // A dead server or backend: no point is started against it (TargetWatch says why not restarted).
                    TargetDeath.skipRest(layout, pending, pending.indexOf(next), dead.get(), this::warn);
                    failed++;
                    break;
                }
                if (!point.heap().equals(currentHeap) && servers.startsServer()) {
                    restartServer(plan, profile, servers, layout, registry, restarted, point.heap(), session);
                    currentHeap = point.heap();
                }
                if (point.delayMs() != currentDelay && servers.startsBackend()) {
                    restartBackend(servers, registry, restarted, point.delayMs());
                    currentDelay = point.delayMs();
                }
                if (fleet != null) {
                    fleet.restartLocal(false, registry, restarted);
                }
                long began = System.nanoTime();
                long startedAt = System.currentTimeMillis();
                Outcome outcome = runOne(jmeter, plan, profile, point, repeat, index++, layout, registry, progress,
                        fleet, restarted);
                progress.runEnded((System.nanoTime() - began) / 1e9);
                ScenarioRunJournal.append(layout.scenarioRuns(), new ScenarioRunJournal.Entry(
                        RunLayout.scenarioRunName(point, repeat), startedAt, System.currentTimeMillis(),
                        Optional.ofNullable(outcome.exitCode()), outcome.problem()));
                raw.afterScenarioRun(RunLayout.scenarioRunName(point, repeat));
                if (!outcome.problem().isEmpty()) {
                    failed++;
                    warn(outcome.problem());
                }
                Optional<String> deadAfter = targets.death();
                if (deadAfter.isPresent()) {
                    TargetDeath.skipRest(layout, pending, pending.indexOf(next) + 1, deadAfter.get(), this::warn);
                    break;
                }
                agent.ifPresent(a -> fullGc(a, jmxOptions));
            }
            if (failed > 0) {
                // The analysis still runs on what was recorded (verify phase); the journal names what went wrong.
                warn(failed + " scenario run(s) failed: see " + layout.scenarioRuns());
            }
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("the run failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("interrupted during the run", e);
        } catch (IllegalStateException shuttingDown) {
            // The build was stopped (SIGTERM, Ctrl-C): no guard can be added any more, so no further JMeter started.
            if (!"Shutdown in progress".equals(shuttingDown.getMessage())) {
                throw shuttingDown;
            }
            throw new MojoExecutionException("the build is being stopped: no further scenario run started; resume the"
                    + " run with -Dresume=" + current.layout().runId(), shuttingDown);
        } finally {
            onStop.close();
        }
    }

    private RawResults rawResults(RunLayout layout) throws IOException, MojoFailureException {
        try {
            return new RawResults(layout, RawResults.choice(keepResults, layout), this::info);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }

    private static String serviceUrl(InetSocketAddress agent) {
        return ManagementAgentFlags.serviceUrl(agent.getHostString(), agent.getPort());
    }

    /** How one scenario run ended: JMeter's exit code (null when it was stopped or never ran) and the problem or "". */
    private record Outcome(Integer exitCode, String problem) {
    }

    /** Runs one point once. */
    private Outcome runOne(JMeterInstallation jmeter, RunParameters plan, TargetProfile profile, Point point, int repeat,
                           int index, RunLayout layout, ProcessRegistry registry, ProgressLine progress,
                           EngineFleet fleet, StopOnExit restarted)
            throws IOException, InterruptedException, InvalidRunException {
        String name = RunLayout.scenarioRunName(point, repeat);
        Path jtl = layout.jtl(name);
        Path log = layout.jmeterLog(name);
        Files.deleteIfExists(jtl);
        String label = String.format(Locale.ROOT, "%s, %s, %s, delay %d ms%s, repeat %d of %d", point.scenario(),
                point.isOpen() ? point.rate() + " arrivals/s" : point.users() + " users",
                Point.sizeLabel(point.sizeBytes()), point.delayMs(),
                point.heap().isEmpty() ? "" : ", heap " + point.heap(), repeat, plan.repeats());
        RunnablePlan runnable = plan.plan(point.scenario());
        // The plan may have been saved from the GUI since check (or made by the build): its contract again, now.
        PlanReport contract = new PlanContract(PlanProperties.NAMES).check(runnable.file());
        if (!contract.passes()) {
            return new Outcome(null, label + ": plan contract violated, not run: " + String.join("; ", contract.violations()));
        }
        PerfMonAddress perfmon = perfmonAddress(profile);
        Map<String, String> properties = PlanProperties.of(plan, profile, runnable, point, PlanProperties.Files.of(
                root(), layout.perfmon(name), perfmon.host(), perfmon.port()));
        List<String> cmd = JMeterCommand.of(jmeter, jmeterHeapMb, runnable.file(), properties, jtl, log,
                root().resolve(JMeterCommand.RUN_INIT_SCRIPT), plan.loadSeconds());
        Path workDir = jmeter.home().resolve("bin");
        org.esbbench.report.folder.GeneratorsFile engines = fleet == null ? null : fleet.recorded();
        int stopPort = 0;
        if (fleet != null) {
            stopPort = EngineFleet.freeUdpPort();
            cmd = fleet.clientCommand(engines, runnable.file(), properties, jtl, log, stopPort);
            workDir = fleet.rmiDir();
        }
        EngineWatch watch = fleet == null ? null : fleet.watch(engines, registry, layout.jmeterOutput(name));
        info("starting " + label + (fleet == null ? "" : " on " + engines.engines().size() + " engine(s), users/rate "
                + PlanProperties.forEngines(properties, EngineFleet.addresses(engines)).get("esbbench.share."
                + (point.isOpen() ? "rate" : "users"))));
        long grace = 120 + plan.settings().responseTimeoutMs() / 1000;
        ManagedProcess process;
        // The guard first: in a build that is being stopped (SIGTERM) its hook cannot be added any more, and this
        // throws before a JMeter starts that nothing would stop.
        try (StopOnExit guard = new StopOnExit(registry, "run-jmeter")) {
            process = ManagedProcess.start("jmeter-" + name, cmd, workDir, layout.jmeterOutput(name));
            guard.add(process);
            registry.register(process);
            try {
                boolean ended = awaitEnd(process, plan.loadSeconds() + grace, label, index, progress, jtl, watch);
                if (!ended && watch != null && watch.failed()) {
                    // An engine was lost: stop this point, keep its samples aside, the run goes on.
                    Optional<Path> partial = fleet.abort(process, stopPort, jtl).map(p -> raw.partial(name, p));
                    registry.markStopped(process);
                    fleet.restartLocal(true, registry, restarted);
                    return new Outcome(null, label + ": " + watch.problem() + "; the point was stopped"
                            + partial.map(p -> " (its samples: " + layout.relative(p) + ")").orElse(""));
                }
                Optional<String> dead = ended || targets == null ? Optional.empty() : targets.death();
                if (dead.isPresent()) {
                    process.stop(Duration.ofSeconds(10));
                    return new Outcome(null, TargetDeath.during(dead.get(), name, label));
                }
                if (!ended) {
                    process.stop(Duration.ofSeconds(10));
                    return new Outcome(null, label + ": JMeter did not end within its windows plus " + grace
                            + " s and was stopped (log " + log + ")");
                }
            } finally {
                if (process.isAlive()) {
                    process.stop(Duration.ofSeconds(10));
                }
                registry.markStopped(process);
            }
        }
        Integer exit = process.exitCode();
        if (!Files.exists(jtl)) {
            return new Outcome(exit, label + ": JMeter wrote no results (exit " + exit + "; log " + log + ")");
        }
        if (exit != null && exit != 0) {
            return new Outcome(exit, label + ": JMeter exited with " + exit + (exit > 128 && exit < 160
                    ? " (" + ManagedProcess.describeExit(exit) + ")" : "") + (BuildShutdown.inProgress()
                    ? ": the build was interrupted and its shutdown hook stopped it" : "") + " (log " + log + ")");
        }
        return new Outcome(exit, "");
    }

    private record PerfMonAddress(String host, int port) {
    }

    /** The agent the plans' collector reads: -DperfmonHost if given, else the target profile's perfmon key. */
    private PerfMonAddress perfmonAddress(TargetProfile profile) throws InvalidRunException {
        if (perfmonHost != null && !perfmonHost.isBlank()) {
            return new PerfMonAddress(perfmonHost.trim(), perfmonPort);
        }
        return PerfMonTarget.of(profile).map(t -> new PerfMonAddress(t.host(), t.port()))
                .orElse(new PerfMonAddress("", perfmonPort));
    }

    /** Waits for JMeter to end, printing the progress line; false when it outlived {@code limitSeconds}. */
    private boolean awaitEnd(ManagedProcess process, long limitSeconds, String label, int index, ProgressLine progress,
                             Path jtl, EngineWatch watch) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(limitSeconds);
        ProcessHandle handle = ProcessHandle.of(process.pid()).orElse(null);
        if (handle == null) {
            return true;
        }
        JtlFollower follower = new JtlFollower(jtl);
        long samplesBefore = 0;
        long lastLine = System.nanoTime();
        while (!handle.onExit().isDone()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            if (watch != null && watch.failed()) {
                return false;
            }
            if (targets != null && targets.death().isPresent()) {
                return false;
            }
            try {
                // Every second: a lost engine, server or backend stops the point within seconds.
                handle.onExit().get(1, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                // still running
            } catch (ExecutionException e) {
                break;
            }
            long now = System.nanoTime();
            if (now - lastLine >= TimeUnit.SECONDS.toNanos(progressInterval) && Files.exists(jtl)) {
                try {
                    info(progress.line(index, label, follower, samplesBefore, (now - lastLine) / 1e9));
                } catch (IOException | RuntimeException e) {
                    info("progress unavailable: " + e.getMessage());
                }
                samplesBefore = follower.samples();
                lastLine = now;
            }
        }
        return true;
    }

    /**
     * Asks the server's JVM for a full collection over a short management connection, so that the heap footprint
     * after full GC is measured for every scenario run; the monitor records the collection.
     */
    private void fullGc(String agent, JmxOptions options) {
        try (ManagementConnection connection = ManagementConnection.connect(agent, options, MANAGEMENT_CONNECT_TIMEOUT)) {
            if (!FullGc.run(connection, FULL_GC_TIMEOUT)) {
                info("the server's JVM did not report the requested full GC within " + FULL_GC_TIMEOUT.toSeconds()
                        + " s (explicit GC disabled or concurrent?)");
            }
        } catch (IOException e) {
            warn("could not ask the server's JVM for a full GC: " + e.getMessage());
        } catch (SecurityException e) {
            // a read-only JMX role (jmx.user) may record GC but not invoke one
            warn("the server's JVM refused the full GC (" + e.getMessage() + "): give jmx.user readwrite access in the"
                    + " agent's access file for the heap after full GC");
        }
    }

    /**
     * Stops the running server and starts it again with {@code heap} (its GC log one of its own), waits for its
     * health check, runs the preflight of the run's scenarios against it and waits until the monitor records its GC.
     * The one place a server is restarted, so that a profile's own start command can be routed here.
     */
    void restartServer(RunParameters plan, TargetProfile profile, TargetServers servers, RunLayout layout,
                       ProcessRegistry registry, StopOnExit restarted, String heap, int session)
            throws IOException, InvalidRunException {
        long since = System.currentTimeMillis();
        // The server, then (server.pid=file:) the launcher that started it, each with the profile's stop signal.
        for (String name : List.of("server", CommandServerLauncher.LAUNCHER)) {
            Optional<ManagedProcess> old = registry.running(name);
            if (old.isPresent()) {
                info("stopping " + old.get() + " to restart the server with heap " + heap);
                if (!old.get().stop(SERVER_STOP_GRACE)) {
                    warn(old.get() + " did not stop within " + SERVER_STOP_GRACE.toSeconds() + " s and was killed");
                }
                registry.markStopped(old.get());
            }
        }
        servers.startServer(serverJar.toPath(), heap, layout.serverGcLog(heap, session), plan.settings().wsSuite(), server -> {
            restarted.add(server);
            registry.register(server);
        });
        new Preflight(root(), profile, plan, this::info).run();
        if (profile.managementAgent().isPresent()) {
            awaitGcRecording(layout, since);
        }
        info("server restarted with heap " + heap + " in " + (System.currentTimeMillis() - since) + " ms");
    }

    /**
     * Waits until gc.csv has a "recording started" row written after {@code sinceMs}: the monitor has connected to
     * the restarted server, so the next windows have GC figures. Without it, the run goes on and says so.
     */
    private void awaitGcRecording(RunLayout layout, long sinceMs) {
        long deadline = System.nanoTime() + GC_RECORDING_AFTER_RESTART.toNanos();
        while (System.nanoTime() < deadline) {
            if (GcSeries.recordingStartedSince(layout.gc(), sinceMs)) {
                return;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        warn("the monitor did not record the restarted server's GC within " + GC_RECORDING_AFTER_RESTART.toSeconds()
                + " s: the next points may have no GC figures (see the monitor's log)");
    }

    private void restartBackend(TargetServers servers, ProcessRegistry registry, StopOnExit restarted, long delayMs)
            throws IOException, InvalidRunException {
        Optional<ManagedProcess> old = registry.running("backend");
        if (old.isPresent()) {
            old.get().stop(Duration.ofSeconds(10));
            registry.markStopped(old.get());
        }
        servers.startBackend(backendJar.toPath(), delayMs, backend -> {
            restarted.add(backend);
            registry.register(backend);
        });
    }
}
