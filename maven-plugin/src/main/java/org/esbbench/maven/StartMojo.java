package org.esbbench.maven;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.esbbench.maven.management.ManagementAgentFlags;
import org.esbbench.report.run.RunLayout;

/**
 * Before the plans run: starts the echo backend (with the run's first delay) and the reference server (with its
 * heap, GC log and management agent on loopback) unless the target profile points elsewhere, waits for each health
 * check, sends one preflight request per scenario checked like any reply, then starts the run's monitor (CPU time
 * series; the server's GC over its management agent when the target profile gives one) and waits until it records.
 * Every process is registered in the run's processes.csv; this goal's shutdown hook stops them if the build ends
 * before the stop goal does.
 */
@Mojo(name = "start", defaultPhase = LifecyclePhase.PRE_INTEGRATION_TEST, threadSafe = true)
public class StartMojo extends CurrentRunMojo {

    /** The reference server's runnable jar. */
    @Parameter(defaultValue = "${project.basedir}/../reference-esb/target/reference-esb.jar", required = true)
    File serverJar;

    /** The echo backend's runnable jar (started here, restarted between delays by run). */
    @Parameter(defaultValue = "${project.basedir}/../backend-netty/target/backend-netty.jar", required = true)
    File backendJar;

    /**
     * How long the monitor may take to connect to the server's management agent. The server has passed its health
     * check and the preflight by then, so its agent answers at once: a connection that takes longer is a problem
     * to report now, not after the whole start timeout.
     */
    private static final Duration MONITOR_CONNECT_TIMEOUT = Duration.ofSeconds(20);
    /** The monitor JVM's own start-up, beside the connection. */
    private static final Duration MONITOR_START_UP = Duration.ofSeconds(30);

    /** Seconds each started process may take to answer its health check. */
    @Parameter(property = "startTimeout", defaultValue = "90")
    int startTimeout;

    @Override
    protected void doExecute(CurrentRun current) throws MojoExecutionException, MojoFailureException {
        RunLayout layout = current.layout();
        ProcessRegistry registry = current.processes();
        // Stays installed after this goal: the processes live on until the stop goal, and are stopped at the
        // JVM's end if the build never gets there.
        StopOnExit started = new StopOnExit(registry, "start");
        try {
            RunPlan plan = current.plan();
            TargetProfile profile = current.profile();
            if (profile.startsServers()) {
                ServerLauncher launcher = new ServerLauncher(root(), layout, Duration.ofSeconds(startTimeout), this::info);
                ManagedProcess backend = launcher.startBackend(backendJar.toPath(), profile.backendUrl(), plan.delays().get(0));
                register(registry, started, backend);
                launcher.awaitBackend(backend, profile.backendUrl());
                // the first heap of the run's list; the run goal restarts the server for each further one
                ManagedProcess server = launcher.startServer(serverJar.toPath(), profile, plan.heap(),
                        layout.serverGcLog(plan.variesHeap() ? plan.heap() : ""), plan.settings().wsSuite());
                register(registry, started, server);
                launcher.awaitServer(server, profile);
            } else {
                info("target '" + profile.name() + "' is external: nothing to start");
            }
            new Preflight(root(), profile, plan, this::info).run();
            startMonitor(layout, profile, registry, started);
        } catch (InvalidRunException e) {
            stopNow(started);
            throw new MojoFailureException(e.getMessage());
        } catch (IOException | RuntimeException e) {
            stopNow(started);
            throw new MojoExecutionException("could not start the run: " + e.getMessage(), e);
        }
    }

    /** The monitor: CPU time series always, the server's GC (and an external server's CPU) over its agent. */
    private void startMonitor(RunLayout layout, TargetProfile profile, ProcessRegistry registry, StopOnExit started)
            throws InvalidRunException, IOException {
        Optional<InetSocketAddress> agent = profile.managementAgent();
        Optional<String> url = agent.map(a -> ManagementAgentFlags.serviceUrl(a.getHostString(), a.getPort()));
        if (agent.isEmpty()) {
            info("target profile has no jmx=host:port: no GC figures" + (profile.startsServers() ? "" : " and no server CPU figures"));
        }
        ManagedProcess monitor = MonitorLauncher.start(MonitorLauncher.command(
                MonitorLauncher.classpath(getClass().getClassLoader()), layout, url, !profile.startsServers(),
                MONITOR_CONNECT_TIMEOUT), layout);
        register(registry, started, monitor);
        Duration took = MonitorLauncher.awaitRecording(monitor, MONITOR_CONNECT_TIMEOUT.plus(MONITOR_START_UP));
        info(monitor + " recording after " + took.toMillis() + " ms: CPU time series"
                + url.map(u -> ", the server's GC over " + u).orElse(""));
    }

    private static void register(ProcessRegistry registry, StopOnExit started, ManagedProcess process) throws IOException {
        started.add(process);
        registry.register(process);
    }

    private void stopNow(StopOnExit started) {
        started.stopNow(Duration.ofSeconds(10)).forEach(this::info);
        started.close();
    }
}
