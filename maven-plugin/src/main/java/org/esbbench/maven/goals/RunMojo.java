package org.esbbench.maven.goals;

import org.esbbench.maven.capacity.CapacityLoop;
import org.esbbench.maven.engines.EngineFleet;
import org.esbbench.maven.engines.Engines;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ProcessRegistry;
import org.esbbench.maven.processes.StopOnExit;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.run.CurrentRun;
import org.esbbench.maven.scenario.AnalysisOnInterrupt;
import org.esbbench.maven.scenario.MeasuredRun;
import org.esbbench.maven.scenario.MeasurementLoop;
import org.esbbench.maven.scenario.ScenarioRunner;
import org.esbbench.maven.scenario.TargetRestarts;
import org.esbbench.maven.servers.TargetServers;
import org.esbbench.maven.servers.TargetWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.esbbench.report.capacity.CapacitySettings;
import org.esbbench.report.run.AnalysisOptions;
import org.esbbench.report.run.AnalysisOptionsBuilder;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.run.RawResults;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.run.RunProgress;
import org.esbbench.report.folder.RunSessions;

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

    @Override
    protected void doExecute(CurrentRun current) throws MojoExecutionException, MojoFailureException {
        RunLayout layout = current.layout();
        ProcessRegistry registry = current.processes();
        BuildLog log = new BuildLog(this::info, this::warn);
        // Restarted backends and servers outlive this goal (the stop goal stops them): this hook is for a build that
        // ends first.
        StopOnExit restarted = new StopOnExit(registry, "run-restarted");
        AnalysisOnInterrupt onStop;
        try {
            onStop = new AnalysisOnInterrupt(layout, decimal("saturationThreshold"));
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
        try {
            MeasuredRun run = new MeasuredRun(root(), layout, registry, current.plan(), current.profile(), restarted);
            TargetServers servers = new TargetServers(root(), layout, run.profile(), Duration.ofSeconds(number("startTimeout")),
                    this::info);
            JMeterInstallation jmeter = JMeterInstallation.fromPluginConfig(jmeterConfig.toPath());
            Files.createDirectories(layout.dir().resolve(RunLayout.JTL));
            Files.createDirectories(layout.logs());
            RawResults raw = rawResults(layout);
            if (CapacitySettings.requested(current.planFile().parameters())) {
                searchCapacity(current, run, servers, jmeter, raw, log);
                return;
            }
            // Every run is a resume of its own plan: only what the folder does not hold complete is measured, in plan
            // order (for a new run, everything). Check moved the files of interrupted attempts aside.
            RunProgress done = RunProgress.of(layout, current.planFile());
            if (done.pending().isEmpty()) {
                info("nothing to measure: all " + done.total() + " scenario runs of run " + layout.runId()
                        + " are complete; the analysis reads the whole run");
                return;
            }
            // -Dgenerators: each scenario run is a JMeter client driving the engines the start goal probed.
            Engines generators = Engines.parse(current.planFile().parameters());
            Optional<EngineFleet> fleet = generators.distributed() ? Optional.of(
                    new EngineFleet(root(), layout, jmeter, generators, number("jmeter.heap"), this::info)) : Optional.empty();
            TargetWatch targets = new TargetWatch(registry);
            ScenarioRunner runner = new ScenarioRunner(run, jmeter, fleet, raw, targets, new ScenarioRunner.Settings(
                    number("jmeter.heap"), Duration.ofSeconds(number("progressInterval")), parameter("perfmonHost"),
                    number("perfmonPort")), log);
            TargetRestarts restarts = new TargetRestarts(run, servers, serverJar.toPath(), backendJar.toPath(),
                    RunSessions.current(layout), log);
            new MeasurementLoop(run, done, runner, restarts, targets, fleet, raw, log).run();
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

    /**
     * {@code -Dcapacity}: a search per point ({@link CapacityLoop}) instead of the measured points; its probes and
     * confirmation windows are analysed as they end, and the verify phase's analysis reports them.
     */
    private void searchCapacity(CurrentRun current, MeasuredRun run, TargetServers servers, JMeterInstallation jmeter,
                                RawResults raw, BuildLog log)
            throws IOException, InterruptedException, InvalidRunException, MojoFailureException {
        RunLayout layout = current.layout();
        if (Engines.parse(current.planFile().parameters()).distributed()) {
            throw new MojoFailureException("-Dcapacity runs its probes on one local JMeter: leave -Dgenerators out");
        }
        TargetWatch targets = new TargetWatch(current.processes());
        ScenarioRunner runner = new ScenarioRunner(run, jmeter, Optional.empty(), raw, targets, new ScenarioRunner.Settings(
                number("jmeter.heap"), Duration.ofSeconds(number("progressInterval")), parameter("perfmonHost"),
                number("perfmonPort")), log);
        TargetRestarts restarts = new TargetRestarts(run, servers, serverJar.toPath(), backendJar.toPath(),
                RunSessions.current(layout), log);
        Map<String, String> given = new HashMap<>();
        given.put(AnalysisOptionsBuilder.SATURATION_THRESHOLD, parameter(AnalysisOptionsBuilder.SATURATION_THRESHOLD));
        AnalysisOptions options;
        try {
            options = AnalysisOptionsBuilder.build(given, layout, AnalysisOptionsBuilder.MAVEN_PROPERTY);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException(e.getMessage());
        }
        CapacitySettings settings = CapacitySettings.of(current.planFile().parameters());
        List<String> problems = new CapacityLoop(run, runner, current.planFile(), options, settings, raw, restarts,
                targets, log).run();
        // The analysis (verify) still reports what was searched; the journal and the log say what stopped.
        problems.forEach(log::warn);
    }

    private RawResults rawResults(RunLayout layout) throws IOException, MojoFailureException {
        try {
            return new RawResults(layout, RawResults.choice(given("keepResults"), layout), this::info);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }
}
