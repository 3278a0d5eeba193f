package org.esbbench.maven.monitor;

import org.esbbench.maven.processes.JvmCommand;
import org.esbbench.maven.processes.Deadline;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.management.ManagementAgentFlags;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.OnStarted;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.targets.TargetProfile;
import java.net.InetSocketAddress;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.usage.GcSeries;

/**
 * Starts the run's {@link RunMonitor} as a child JVM on the plugin's own classpath and waits until it records.
 */
public final class MonitorLauncher {
    /**
     * How long the monitor may take to connect to the server's management agent. The server has passed its health
     * check and the preflight by then, so its agent answers at once: a connection that takes longer is a problem
     * to report now, not after the whole start timeout.
     */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(20);
    /** The monitor JVM's own start-up, beside the connection. */
    private static final Duration START_UP = Duration.ofSeconds(30);
    static final String NAME = "monitor";
    /** Small and fixed: the monitor holds a few files and a connection; its own GC must stay out of the way. */
    static final List<String> JVM_FLAGS = List.of("-Xms32m", "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private MonitorLauncher() {
    }

    /**
     * The classpath this class was loaded from: the plugin's class realm (its jar and dependencies, which Maven
     * resolved for the plugin) in a build, the test classpath in a test.
     */
    public static List<Path> classpath(ClassLoader loader) {
        List<Path> paths = new ArrayList<>();
        if (loader instanceof URLClassLoader urls) {
            for (URL url : urls.getURLs()) {
                try {
                    paths.add(Path.of(url.toURI()));
                } catch (URISyntaxException | IllegalArgumentException e) {
                    // not a file: nothing the monitor could load from
                }
            }
        }
        if (paths.isEmpty()) {
            for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    paths.add(Path.of(entry));
                }
            }
        }
        return paths;
    }

    /**
     * @param managementUrl  the server's management agent, when the target profile gives one
     * @param externalServer the server is not a process of this run (its CPU time comes over the connection)
     */
    public static List<String> command(List<Path> classpath, RunLayout layout, Optional<String> managementUrl,
                                boolean externalServer, Duration connectTimeout) {
        return command(classpath, layout, managementUrl, Optional.empty(), externalServer, connectTimeout);
    }

    /**
     * @param profileFile the target profile whose {@code jmx.*} keys give credentials and TLS: the monitor reads them
     *                    itself, so that no password is ever on a command line (processes.csv records those)
     */
    public static List<String> command(List<Path> classpath, RunLayout layout, Optional<String> managementUrl,
                                Optional<Path> profileFile, boolean externalServer, Duration connectTimeout) {
        List<String> cmd = new ArrayList<>();
        cmd.add(JvmCommand.java());
        cmd.addAll(JVM_FLAGS);
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, classpath.stream().map(Path::toString).toList()));
        cmd.add(RunMonitor.class.getName());
        cmd.addAll(List.of("--run-dir", layout.dir().toString(),
                "--connect-timeout-seconds", Long.toString(connectTimeout.toSeconds())));
        managementUrl.ifPresent(url -> {
            cmd.addAll(List.of("--management-url", url));
            profileFile.ifPresent(f -> cmd.addAll(List.of("--jmx-profile", f.toAbsolutePath().toString())));
            if (externalServer) {
                cmd.add("--external-server");
            }
        });
        return cmd;
    }

    /**
     * The monitor of a run: CPU time series always, the server's GC (and an external server's CPU) over its
     * management agent when the profile gives one; started, handed to {@code onStarted}, and waited for until it
     * records.
     */
    public static ManagedProcess startRecording(RunLayout layout, TargetProfile profile, boolean serverIsLocal,
                                                OnStarted onStarted, BuildLog log) throws InvalidRunException, IOException {
        Optional<InetSocketAddress> agent = profile.managementAgent();
        Optional<String> url = agent.map(a -> ManagementAgentFlags.serviceUrl(a.getHostString(), a.getPort()));
        if (agent.isEmpty()) {
            log.info("target profile has no jmx=host:port: no GC figures" + (serverIsLocal ? "" : " and no server CPU figures"));
        }
        ManagedProcess monitor = start(command(classpath(MonitorLauncher.class.getClassLoader()), layout, url,
                profile.jmxOptions().plain() ? Optional.empty() : Optional.of(profile.file()), !serverIsLocal,
                CONNECT_TIMEOUT), layout);
        onStarted.accept(monitor);
        Duration took = awaitRecording(monitor, CONNECT_TIMEOUT.plus(START_UP));
        log.info(monitor + " recording after " + took.toMillis() + " ms: CPU time series"
                + url.map(u -> ", the server's GC over " + u).orElse(""));
        return monitor;
    }

    public static ManagedProcess start(List<String> command, RunLayout layout) throws IOException {
        return ManagedProcess.start(NAME, org.esbbench.maven.cores.RunCpus.of(layout).harness(command), layout.dir(),
                layout.processOutput(NAME));
    }

    /**
     * Waits until the monitor says it records ({@link RunMonitor#READY} in its log).
     *
     * @throws InvalidRunException naming its log when it exited (it could not connect to the server's management
     *                             agent) or did not get there within {@code timeout}
     */
    public static Duration awaitRecording(ManagedProcess monitor, Duration timeout) throws InvalidRunException {
        Deadline deadline = Deadline.in(timeout);
        boolean recording;
        try {
            recording = deadline.await(Duration.ofMillis(100), () -> {
                if (says(monitor, RunMonitor.READY)) {
                    return true;
                }
                if (!monitor.isAlive()) {
                    throw new InvalidRunException("the run's monitor could not start recording" + exit(monitor)
                            + "; its log " + monitor.log() + " ends with:\n" + monitor.logTail(20));
                }
                return false;
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InvalidRunException("interrupted while waiting for the run's monitor");
        }
        if (recording) {
            return deadline.elapsed();
        }
        throw new InvalidRunException("the run's monitor did not start recording within " + timeout.toSeconds()
                + " s; its log " + monitor.log() + " ends with:\n" + monitor.logTail(20));
    }

    /**
     * Waits until gc.csv has a "recording started" row written after {@code sinceMs}: the monitor has connected to
     * a restarted server, so the next windows have GC figures. False when it has not within {@code timeout}; true
     * also when the wait was interrupted (the build is ending: nothing to say about GC figures then).
     */
    public static boolean awaitGcRecordingSince(RunLayout layout, long sinceMs, Duration timeout) {
        try {
            return Deadline.until(timeout, Duration.ofMillis(200),
                    () -> GcSeries.recordingStartedSince(layout.gc(), sinceMs));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    private static boolean says(ManagedProcess monitor, String line) {
        try {
            return Files.exists(monitor.log()) && Files.readAllLines(monitor.log()).contains(line);
        } catch (IOException e) {
            return false;
        }
    }

    private static String exit(ManagedProcess monitor) {
        Integer code = monitor.exitCode();
        return code == null ? "" : " (exit " + code + ")";
    }
}
