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

    /** The plans, one per scenario: {@code <scenario>.jmx}. */
    @Parameter(defaultValue = "${project.basedir}/../jmx", required = true)
    java.io.File plans;

    /** Heap of each JMeter process in MB, fixed (-Xms = -Xmx) so that heap growth stays out of the timings. */
    @Parameter(property = "jmeter.heap", defaultValue = "2048")
    int jmeterHeapMb;

    /** Seconds between two progress lines. */
    @Parameter(property = "progressInterval", defaultValue = "30")
    int progressInterval;

    /** The plans' response timeout (ms): a JMeter run may end that much after its windows. */
    @Parameter(property = "responseTimeout", defaultValue = "30000")
    long responseTimeoutMs;

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
        List<String> cmd = JMeterCommand.of(jmeter, plans.toPath(), jmeterHeapMb, plan, profile, point, jtl, log,
                runDir.resolve(RunLayout.LOGS).resolve("perfmon-" + name + ".csv"));
        String label = String.format(Locale.ROOT, "%s, %d users, %s, delay %d ms, repeat %d of %d", point.scenario(),
                point.users(), Point.sizeLabel(point.sizeBytes()), point.delayMs(), repeat, plan.repeats());
        info("starting " + label);
        ManagedProcess process = ManagedProcess.start("jmeter", cmd, jmeter.home().resolve("bin"), runDir.resolve(RunLayout.LOGS)
                .resolve("jmeter-" + name + ".out"));
        ProcessRegistry.register(process, stateFile());
        RunMonitors.jmeterRunning(process.pid());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(
                plan.warmupSeconds() + plan.measurementSeconds() + 120 + responseTimeoutMs / 1000);
        JtlTail tail = new JtlTail(jtl);
        long samplesBefore = 0;
        long lastLine = System.nanoTime();
        try {
            ProcessHandle handle = ProcessHandle.of(process.pid()).orElseThrow();
            while (!handle.onExit().isDone()) {
                if (System.nanoTime() > deadline) {
                    process.stop(Duration.ofSeconds(10));
                    return label + ": JMeter did not end within its windows plus "
                            + (120 + responseTimeoutMs / 1000) + " s and was stopped (log " + log + ")";
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
