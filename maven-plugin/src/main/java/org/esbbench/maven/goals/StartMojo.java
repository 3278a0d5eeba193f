package org.esbbench.maven.goals;

import org.esbbench.maven.checks.Preflight;
import org.esbbench.maven.cores.RunCpus;
import org.esbbench.maven.checks.PreflightLog;
import org.esbbench.maven.engines.EngineFleet;
import org.esbbench.maven.engines.Engines;
import org.esbbench.maven.monitor.MonitorLauncher;
import org.esbbench.maven.monitor.PerfMonAgent;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.OnStarted;
import org.esbbench.maven.processes.ProcessRegistry;
import org.esbbench.maven.processes.StopOnExit;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.run.CurrentRun;
import org.esbbench.maven.scenario.TargetRestarts;
import org.esbbench.maven.servers.BrokerLauncher;
import org.esbbench.maven.servers.ChainWarmup;
import org.esbbench.maven.targets.ExternalBroker;
import org.esbbench.maven.servers.TargetServers;
import org.esbbench.maven.targets.JmsProvider;
import org.esbbench.maven.targets.TargetProfile;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.run.RunProgress;
import org.esbbench.report.folder.RunSessions;

/**
 * Before the plans run: starts the echo backend (with the run's first delay; unless the target profile says
 * backend=external) and the server: the reference server (with its heap, GC log and management agent on loopback)
 * for start=true, or the profile's server.command after its server.setup, none for a server that runs elsewhere;
 * waits for each health
 * check, sends one preflight request per scenario checked like any reply, then starts the run's monitor (CPU time
 * series; the server's GC over its management agent when the target profile gives one) and waits until it records.
 * With the profile's {@code perfmon=start} it also starts the PerfMon ServerAgent on this machine (or, with
 * {@code perfmon=host:port}, checks that the agent on the server's host answers).
 * Every process is registered in the run's processes.csv; this goal's shutdown hook stops them if the build ends
 * before the stop goal does.
 */
@Mojo(name = "start", defaultPhase = LifecyclePhase.PRE_INTEGRATION_TEST, threadSafe = true)
public class StartMojo extends CurrentRunMojo {

    /** Where the suite's build laid out the PerfMon ServerAgent (lib/, native/), for a profile's perfmon=start. */
    @Parameter(defaultValue = "${project.build.directory}/perfmon-agent", required = true)
    File perfmonAgentDir;

    @Override
    protected void doExecute(CurrentRun current) throws MojoExecutionException, MojoFailureException {
        RunLayout layout = current.layout();
        ProcessRegistry registry = current.processes();
        BuildLog log = new BuildLog(this::info, this::warn);
        // Stays installed after this goal: the processes live on until the stop goal, and are stopped at the
        // JVM's end if the build never gets there.
        StopOnExit started = new StopOnExit(registry, "start");
        OnStarted onStarted = OnStarted.registerIn(registry, started);
        try {
            RunParameters plan = current.plan();
            TargetProfile profile = current.profile();
            // A resumed run starts where it left off: at the first scenario run still to measure.
            Optional<RunParametersFile.ScenarioRun> first = RunProgress.of(layout, current.planFile()).firstPending();
            if (first.isEmpty()) {
                info("nothing to measure in run " + layout.runId() + ": every scenario run is complete, nothing started");
                started.close();
                return;
            }
            int session = RunSessions.current(layout);
            // Before anything starts: the build itself onto the harness's CPUs (what it starts unplaced inherits them).
            RunCpus.sweepStale();
            RunCpus.of(layout).enterBuild(this::info);
            // First: JMeter engines (-Dgenerators) fail in seconds, before servers start; generators.json is
            // written before the monitor starts, which reads it.
            startEngines(current, registry, started);
            startBroker(layout, profile, onStarted);
            TargetServers servers = new TargetServers(root(), layout, profile, Duration.ofSeconds(number("startTimeout")), this::info);
            startBackend(servers, first.get().point().delayMs(), onStarted);
            // The first pending point's heap and server cores; the run goal restarts the server for each further
            // one. From session 2 on, the GC log is one of the session's own.
            // How the server is profiled (-Dprofile) is known before it starts: a JVM the suite starts gets the agent.
            org.esbbench.maven.profiles.ProfilerChoice.decide(
                    org.esbbench.report.profiles.ProfileSettings.of(current.planFile().parameters()), profile, servers,
                    layout, log).ifPresent(p -> org.esbbench.maven.profiles.ProfilerLeftovers.removeAtExit(layout,
                    p.externalPid()));
            Point firstPoint = first.get().point();
            String heap = plan.variesHeap() ? firstPoint.heap() : plan.heap();
            startServer(servers, heap, firstPoint.serverCores(),
                    layout.serverGcLog(TargetRestarts.serverSetting(firstPoint), session), plan.settings().wsSuite(),
                    onStarted);
            PerfMonAgent.startOrCheck(root(), perfmonAgentDir.toPath(), layout, profile, onStarted, log);
            PreflightLog preflight = new PreflightLog(layout, log);
            preflight.accept("# session " + session);
            Preflight checked = new Preflight(root(), profile, plan, preflight);
            checked.run();
            new ChainWarmup(checked, plan.scenarios(), log).run(ChainWarmup.length(
                    current.planFile().parameters().get("chainWarmup"), current.planFile().warmupSeconds()));
            MonitorLauncher.startRecording(layout, profile, servers.startsServer(), onStarted, log);
        } catch (InvalidRunException e) {
            stopNow(started, layout);
            throw new MojoFailureException(e.getMessage());
        } catch (IOException | RuntimeException e) {
            stopNow(started, layout);
            throw new MojoExecutionException("could not start the run: " + e.getMessage(), e);
        }
    }

    /** The run's JMeter engines (-Dgenerators): local ones started, all probed, recorded in generators.json. */
    private void startEngines(CurrentRun current, ProcessRegistry registry, StopOnExit started)
            throws IOException, InvalidRunException {
        Engines generators = Engines.parse(current.planFile().parameters());
        if (!generators.distributed()) {
            return;
        }
        new EngineFleet(root(), current.layout(), JMeterInstallation.fromPluginConfig(jmeterConfig.toPath()), generators,
                number("jmeter.heap"), this::info).startAndProbe(registry, started);
    }

    /** The echo backend with the first pending point's delay, unless the profile says backend=external. */
    private void startBackend(TargetServers servers, long delayMs, OnStarted onStarted)
            throws IOException, InvalidRunException {
        if (servers.startsBackend()) {
            servers.startBackend(backendJar.toPath(), delayMs, onStarted);
        } else {
            info("target profile says backend=external: the server calls " + servers.backend().url() + ", not started here");
        }
    }

    /**
     * The target's server, when the suite starts it (the bundled reference server, or the profile's server.command
     * after its server.setup) at {@code heap}, on its CPUs for {@code serverCores} (0: the run's one set); the seam
     * for starting it again at another heap or count of cores.
     */
    private void startServer(TargetServers servers, String heap, int serverCores, Path gcLog, String wsSuite,
                             OnStarted onStarted) throws IOException, InvalidRunException {
        if (!servers.startsServer()) {
            info("target's server is external: not started here");
            return;
        }
        servers.setupServer(heap);
        servers.startServer(serverJar.toPath(), heap, serverCores, gcLog, wsSuite, onStarted);
    }

    /** The profile's own JMS broker (broker.command), before the server that connects to it; none without one. */
    private void startBroker(RunLayout layout, TargetProfile profile, OnStarted onStarted)
            throws IOException, InvalidRunException {
        Optional<ExternalBroker> broker = ExternalBroker.of(profile);
        if (broker.isEmpty()) {
            return;
        }
        BrokerLauncher launcher = new BrokerLauncher(root(), layout, Duration.ofSeconds(number("startTimeout")), this::info);
        ManagedProcess process = launcher.start(broker.get(), JmsProvider.of(profile));
        onStarted.accept(process);
        launcher.await(process, broker.get());
    }

    private void stopNow(StopOnExit started, RunLayout layout) {
        started.stopNow(Duration.ofSeconds(10)).forEach(this::info);
        started.close();
        try {
            RunCpus.of(layout).release(this::info);
        } catch (IOException | RuntimeException e) {
            info("could not release the run's CPUs: " + e.getMessage());
        }
        try {
            org.esbbench.maven.profiles.ProfilerLeftovers.remove(layout).forEach(this::info);
        } catch (IOException | RuntimeException e) {
            info("could not remove the profiler's files: " + e.getMessage());
        }
    }
}
