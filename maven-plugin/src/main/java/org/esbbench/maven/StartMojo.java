package org.esbbench.maven;

import org.esbbench.report.usage.CpuSeries;
import org.esbbench.report.usage.GcCollectors;
import org.esbbench.report.usage.GcSeries;
import org.esbbench.report.usage.RunFigures;
import org.esbbench.report.usage.SaturationCheck;
import java.io.IOException;
import java.net.URI;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Before the plans run: starts the echo backend (with the run's delay) and the reference server (with its
 * heap, GC log and JMX on loopback) unless the target profile points elsewhere, waits for each health
 * check, sends one preflight request per scenario checked like any reply, then starts the CPU sampler and,
 * when the target profile gives a JMX address, the GC recorder. Every started process is registered so that
 * it is stopped even when the build fails.
 */
@Mojo(name = "start", defaultPhase = LifecyclePhase.PRE_INTEGRATION_TEST, threadSafe = true)
public class StartMojo extends AbstractRunMojo {

    /** The reference server's runnable jar. */
    @Parameter(defaultValue = "${project.basedir}/../reference-esb/target/reference-esb.jar", required = true)
    java.io.File serverJar;

    @Override
    void execute(CurrentRun current) throws MojoExecutionException, MojoFailureException {
        RunPlan plan = current.plan();
        TargetProfile profile = current.profile();
        Properties run = current.record();
        Path runDir = current.dir();
        ServerLauncher launcher = new ServerLauncher(root(), runDir, Duration.ofSeconds(startTimeout), this::info);
        try {
            List<ManagedProcess> started = new ArrayList<>();
            if (profile.startsServers()) {
                ManagedProcess backend = launcher.startBackend(backendJar.toPath(), profile.backendUrl(), plan.delays().get(0));
                ProcessRegistry.register(backend, stateFile());
                started.add(backend);
                launcher.awaitBackend(backend, profile.backendUrl());
                ManagedProcess server = launcher.startServer(serverJar.toPath(), profile, plan.heap(), plan.settings().wsSuite());
                ProcessRegistry.register(server, stateFile());
                started.add(server);
                launcher.awaitServer(server, profile);
                for (ManagedProcess p : started) {
                    run.setProperty("process." + p.name() + ".pid", Long.toString(p.pid()));
                    run.setProperty("process." + p.name() + ".command", String.join(" ", p.command()));
                }
            } else {
                info("target '" + profile.name() + "' is external: nothing to start");
            }
            new Preflight(root(), profile, plan, this::info).run();
            run.setProperty("preflight", "passed");
            run.setProperty("startedAt", Long.toString(System.currentTimeMillis()));
            writeRun(run);
            RunMonitors.start(runDir, started);
            recordGc(profile, runDir);
        } catch (InvalidRunException e) {
            stopQuietly();
            throw new MojoFailureException(e.getMessage());
        } catch (IOException | RuntimeException e) {
            stopQuietly();
            throw new MojoExecutionException("could not start the run: " + e.getMessage(), e);
        }
    }

    /** Connects the GC recorder to the server's JMX address, when the target profile gives one. */
    private void recordGc(TargetProfile profile, Path runDir) throws InvalidRunException, IOException {
        Optional<InetSocketAddress> jmx = profile.jmx();
        if (jmx.isEmpty()) {
            info("target profile has no jmx=host:port: no GC figures" + (profile.startsServers() ? "" : " and no server CPU figures"));
            return;
        }
        String url = JmxFlags.serviceUrl(jmx.get().getHostString(), jmx.get().getPort());
        GcRecorder recorder;
        try {
            recorder = GcRecorder.connect(url, Duration.ofSeconds(startTimeout), runDir.resolve("gc.csv"), this::info);
        } catch (IOException e) {
            throw new InvalidRunException("cannot connect to the server's JMX at " + url + ": " + e.getMessage());
        }
        if (!profile.startsServers()) {
            // An external server: its CPU time comes over JMX, into a file of its own beside cpu.csv.
            recorder.sampleCpu(runDir.resolve(RunFigures.SERVER_CPU_OVER_JMX), "server", Duration.ofMillis(250));
        }
        RunMonitors.recordGc(recorder);
        info("recording the server's GC over JMX at " + jmx.get().getHostString() + ":" + jmx.get().getPort());
    }

    private void stopQuietly() {
        try {
            ProcessRegistry.stopAll(stateFile(), Duration.ofSeconds(10)).forEach(this::info);
        } catch (IOException e) {
            getLog().warn("[esb-bench] could not stop every process: " + e.getMessage());
        }
    }

    static URI health(URI base, String path) {
        return base.resolve(path);
    }
}
