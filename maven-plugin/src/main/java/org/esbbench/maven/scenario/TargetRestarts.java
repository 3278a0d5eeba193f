package org.esbbench.maven.scenario;

import org.esbbench.maven.servers.CommandServerLauncher;
import org.esbbench.maven.servers.TargetServers;
import org.esbbench.maven.checks.Preflight;
import org.esbbench.maven.monitor.MonitorLauncher;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.report.points.Point;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Between two points of a run: the server restarted with another heap, the echo backend with another delay. The
 * one place a server is restarted, so that a profile's own start command can be routed here.
 */
public final class TargetRestarts {
    /** How long a server stopped for a restart may take to end before it is killed. */
    private static final Duration SERVER_STOP_GRACE = Duration.ofSeconds(30);
    /** How long the monitor may take to record the GC of a restarted server before the run goes on without. */
    private static final Duration GC_RECORDING_AFTER_RESTART = Duration.ofSeconds(60);

    private final MeasuredRun run;
    private final TargetServers servers;
    private final Path serverJar;
    private final Path backendJar;
    private final int session;
    private final BuildLog log;

    public TargetRestarts(MeasuredRun run, TargetServers servers, Path serverJar, Path backendJar, int session,
                          BuildLog log) {
        this.run = run;
        this.servers = servers;
        this.serverJar = serverJar;
        this.backendJar = backendJar;
        this.session = session;
        this.log = log;
    }

    public boolean restartsServer() {
        return servers.startsServer();
    }

    public boolean restartsBackend() {
        return servers.startsBackend();
    }

    /**
     * What the server is started with for {@code point}, as a key: its heap and its count of server cores when the run
     * varies them ("512m", "c2", "512m-c2", "" when neither is varied). A change of key is a server restart; the key
     * names the server's GC log of that setting.
     */
    public static String serverSetting(Point point) {
        String cores = point.serverCores() == 0 ? "" : "c" + point.serverCores();
        return point.heap() + (point.heap().isEmpty() || cores.isEmpty() ? "" : "-") + cores;
    }

    /**
     * Stops the running server and starts it again at {@code point}'s heap and count of server cores (its GC log one
     * of its own), waits for its health check, runs the preflight of the run's scenarios against it and waits until
     * the monitor records its GC.
     */
    public void restartServer(Point point) throws IOException, InvalidRunException {
        String heap = run.plan().variesHeap() ? point.heap() : run.plan().heap();
        String setting = "heap " + heap + (point.serverCores() == 0 ? "" : ", " + point.serverCoresLabel());
        // the server about to be stopped, warm after its points: its idle cost, for them
        Optional<ManagedProcess> running = run.registry().running("server");
        if (running.isPresent()) {
            org.esbbench.maven.cores.ServerIdleProbe.measure(run.layout(),
                    ProcessHandle.of(running.get().pid()), log);
        }
        long since = System.currentTimeMillis();
        // The server, then (server.pid=file:) the launcher that started it, each with the profile's stop signal.
        for (String name : List.of("server", CommandServerLauncher.LAUNCHER)) {
            Optional<ManagedProcess> old = run.registry().running(name);
            if (old.isPresent()) {
                log.info("stopping " + old.get() + " to restart the server with " + setting);
                if (!old.get().stop(SERVER_STOP_GRACE)) {
                    log.warn(old.get() + " did not stop within " + SERVER_STOP_GRACE.toSeconds() + " s and was killed");
                }
                run.registry().markStopped(old.get());
            }
        }
        servers.startServer(serverJar, heap, point.serverCores(), run.layout().serverGcLog(serverSetting(point), session),
                run.plan().settings().wsSuite(), run.onRestarted());
        Preflight preflight = new Preflight(run.root(), run.profile(), run.plan(), log::info);
        preflight.run();
        // Restarted, the server is cold again: the same warm-up as at the run's start.
        new org.esbbench.maven.servers.ChainWarmup(preflight, run.plan().scenarios(), log).run(
                org.esbbench.maven.servers.ChainWarmup.length(org.esbbench.report.folder.RunParametersFile.read(
                        run.layout().runParametersFile()).parameters().get("chainWarmup"), run.plan().warmupSeconds()));
        if (run.profile().managementAgent().isPresent()
                && !MonitorLauncher.awaitGcRecordingSince(run.layout(), since, GC_RECORDING_AFTER_RESTART)) {
            log.warn("the monitor did not record the restarted server's GC within "
                    + GC_RECORDING_AFTER_RESTART.toSeconds()
                    + " s: the next points may have no GC figures (see the monitor's log)");
        }
        log.info("server restarted with " + setting + " in " + (System.currentTimeMillis() - since) + " ms");
    }

    /** Stops the running echo backend and starts it again with {@code delayMs}. */
    public void restartBackend(long delayMs) throws IOException, InvalidRunException {
        Optional<ManagedProcess> old = run.registry().running("backend");
        if (old.isPresent()) {
            old.get().stop(Duration.ofSeconds(10));
            run.registry().markStopped(old.get());
        }
        servers.startBackend(backendJar, delayMs, run.onRestarted());
    }
}
