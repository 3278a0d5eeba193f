package org.esbbench.maven;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.points.Point;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.esbbench.maven.plans.PlanContract;
import org.esbbench.maven.plans.PlanReport;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The run itself, in the integration-test phase: every point (scenario × users × size × delay), {@code repeats}
 * times, each as one headless JMeter process on the JMeter that jmeter-maven-plugin laid out. Repeats go
 * round the whole list of points rather than one point N times in a row, so a drift of the machine spreads
 * over all points instead of biasing one. Between two delays the echo backend restarts with the new delay.
 * A progress line is printed at a steady interval; each JMeter is stopped if it outlives its windows by far.
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.INTEGRATION_TEST, threadSafe = true)
public class RunMojo extends AbstractRunMojo {

    /** Heap of each JMeter process in MB, fixed (-Xms = -Xmx) so that heap growth stays out of the timings. */
    @Parameter(property = "jmeter.heap", defaultValue = "2048")
    int jmeterHeapMb;

    /** Seconds between two progress lines. */
    @Parameter(property = "progressInterval", defaultValue = "30")
    int progressInterval;

    /** Host of a PerfMon agent whose CPU and memory the plans' collector records; empty: none. */
    @Parameter(property = "perfmonHost", defaultValue = "")
    String perfmonHost;

    @Parameter(property = "perfmonPort", defaultValue = "4444")
    int perfmonPort;

    @Override
    void execute(CurrentRun current) throws MojoExecutionException, MojoFailureException {
        RunPlan plan = current.plan();
        TargetProfile profile = current.profile();
        Properties run = current.record();
        Path runDir = current.dir();
        try {
            JMeterInstallation jmeter = JMeterInstallation.fromPluginConfig(jmeterConfig.toPath());
            Files.createDirectories(runDir.resolve(RunLayout.JTL));
            Files.createDirectories(runDir.resolve(RunLayout.LOGS));
            List<String> failed = new ArrayList<>();
            ProgressLine progress = new ProgressLine(plan, System.nanoTime());
            long currentDelay = plan.delays().get(0);
            int index = 0;
            for (int repeat = 1; repeat <= plan.repeats(); repeat++) {
                for (Point point : plan.points()) {
                    if (point.delayMs() != currentDelay && profile.startsServers()) {
                        restartBackend(profile, runDir, point.delayMs());
                        currentDelay = point.delayMs();
                    }
                    long began = System.nanoTime();
                    String problem = runOne(jmeter, plan, profile, point, repeat, index++, runDir, progress);
                    progress.runEnded((System.nanoTime() - began) / 1e9);
                    if (problem != null) {
                        failed.add(problem);
                        getLog().warn("[esb-bench] " + problem);
                    }
                    RunMonitors.afterScenarioRun(this::info);
                }
            }
            run.setProperty("ranAt", Long.toString(System.currentTimeMillis()));
            if (!failed.isEmpty()) {
                // The analysis still runs on what was recorded (verify phase); this names what went wrong.
                run.setProperty("runProblems", String.join("; ", failed));
            }
            writeRun(run);
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("the run failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("interrupted during the run", e);
        }
    }

    /** Runs one point once; returns null when JMeter ended normally, else what went wrong. */
    private String runOne(JMeterInstallation jmeter, RunPlan plan, TargetProfile profile, Point point, int repeat,
                          int index, Path runDir, ProgressLine progress)
            throws IOException, InterruptedException, InvalidRunException {
        String name = RunLayout.runName(point, repeat);
        Path jtl = runDir.resolve(RunLayout.JTL).resolve(name + ".csv");
        Path log = runDir.resolve(RunLayout.LOGS).resolve("jmeter-" + name + ".log");
        Files.deleteIfExists(jtl);
        String label = String.format(Locale.ROOT, "%s, %s, %s, delay %d ms, repeat %d of %d", point.scenario(),
                point.isOpen() ? point.rate() + " arrivals/s" : point.users() + " users",
                Point.sizeLabel(point.sizeBytes()), point.delayMs(), repeat, plan.repeats());
        RunnablePlan runnable = plan.plan(point.scenario());
        // The plan may have been saved from the GUI since check (or made by the build): its contract again, now.
        PlanReport contract = new PlanContract(PlanProperties.NAMES).check(runnable.file());
        if (!contract.passes()) {
            return label + ": plan contract violated, not run: " + String.join("; ", contract.violations());
        }
        Map<String, String> properties = PlanProperties.of(plan, profile, runnable, point, PlanProperties.Files.of(
                root(), runDir.resolve(RunLayout.LOGS).resolve("perfmon-" + name + ".csv"), perfmonHost, perfmonPort));
        List<String> cmd = JMeterCommand.of(jmeter, jmeterHeapMb, runnable.file(), properties, jtl, log);
        info("starting " + label);
        ManagedProcess process = ManagedProcess.start("jmeter", cmd, jmeter.home().resolve("bin"), runDir.resolve(RunLayout.LOGS)
                .resolve("jmeter-" + name + ".out"));
        ProcessRegistry.register(process, stateFile());
        RunMonitors.jmeterRunning(process.pid());
        long grace = 120 + plan.settings().responseTimeoutMs() / 1000;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(plan.loadSeconds() + grace);
        JtlTail tail = new JtlTail(jtl);
        long samplesBefore = 0;
        long lastLine = System.nanoTime();
        try {
            ProcessHandle handle = ProcessHandle.of(process.pid()).orElseThrow();
            while (!handle.onExit().isDone()) {
                if (System.nanoTime() > deadline) {
                    process.stop(Duration.ofSeconds(10));
                    return label + ": JMeter did not end within its windows plus " + grace
                            + " s and was stopped (log " + log + ")";
                }
                try {
                    handle.onExit().get(Math.min(progressInterval, 5), TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    // still running
                } catch (java.util.concurrent.ExecutionException e) {
                    break;
                }
                long now = System.nanoTime();
                if (now - lastLine >= TimeUnit.SECONDS.toNanos(progressInterval) && Files.exists(jtl)) {
                    try {
                        info(progress.line(index, label, tail, samplesBefore, (now - lastLine) / 1e9));
                    } catch (IOException | RuntimeException e) {
                        info("progress unavailable: " + e.getMessage());
                    }
                    samplesBefore = tail.samples();
                    lastLine = now;
                }
            }
        } finally {
            RunMonitors.jmeterRunning(-1);
            if (process.isAlive()) {
                process.stop(Duration.ofSeconds(10));
            }
            ProcessRegistry.unregister(process, stateFile());
        }
        Integer exit = process.exitCode();
        if (!Files.exists(jtl)) {
            return label + ": JMeter wrote no results (exit " + exit + "; log " + log + ")";
        }
        if (exit != null && exit != 0) {
            return label + ": JMeter exited with " + exit + " (log " + log + ")";
        }
        return null;
    }

    private void restartBackend(TargetProfile profile, Path runDir, long delayMs) throws IOException, InvalidRunException {
        ManagedProcess old = ProcessRegistry.named("backend").orElse(null);
        if (old != null) {
            old.stop(Duration.ofSeconds(10));
        }
        ServerLauncher launcher = new ServerLauncher(root(), runDir, Duration.ofSeconds(startTimeout), this::info);
        ManagedProcess backend = launcher.startBackend(backendJar.toPath(), profile.backendUrl(), delayMs);
        ProcessRegistry.replace(old, backend, stateFile());
        launcher.awaitBackend(backend, profile.backendUrl());
        RunMonitors.backendRestarted(backend.pid());
    }
}
