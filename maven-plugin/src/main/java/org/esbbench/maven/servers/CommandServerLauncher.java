package org.esbbench.maven.servers;

import org.esbbench.maven.processes.OnStarted;
import org.esbbench.maven.management.AgentJar;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.Deadline;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.ProcessGroup;
import org.esbbench.maven.processes.Readiness;
import org.esbbench.maven.targets.Placeholders;
import org.esbbench.maven.targets.ServerCommand;
import org.esbbench.maven.targets.TargetProfile;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.esbbench.report.folder.RunLayout;

/**
 * Runs a server the way its target profile says ({@link ServerCommand}): the setup script, then the start command
 * in the run's server folder ({@code results/<run>/server/}, the ${work} placeholder), then the wait for its health
 * check, then the process that is the server (the started one, or the pid from the server.pid file).
 */
public final class CommandServerLauncher {
    /** Installing a server (apt-get) may take minutes; a setup that hangs must still end. */
    static final Duration SETUP_TIMEOUT = Duration.ofMinutes(15);
    /** The name of the process a server.pid=file: command starts, when it is not the server itself. */
    public static final String LAUNCHER = "launcher";
    /** How long a launcher's server.pid=file: may take to name a live process once the server is ready. */
    private static final Duration PID_FILE_TIMEOUT = Duration.ofSeconds(10);


    private final Path root;
    private final RunLayout layout;
    private final TargetProfile profile;
    private final ServerCommand server;
    private final Duration startTimeout;
    private final Consumer<String> log;

    CommandServerLauncher(Path root, RunLayout layout, TargetProfile profile, ServerCommand server, Duration startTimeout,
                          Consumer<String> log) {
        this.root = root;
        this.layout = layout;
        this.profile = profile;
        this.server = server;
        this.startTimeout = startTimeout;
        this.log = log;
    }

    /** The run's server folder, ${work}: the server's files (nginx's prefix, its logs and temporary files). */
    Path work() {
        return layout.serverWork();
    }

    /** The placeholders for a start at {@code heap}; the GC log is the run's for that heap (session 1's name). */
    Placeholders placeholders(String heap) throws InvalidRunException {
        return placeholders(heap, layout.serverGcLog(heap));
    }

    Placeholders placeholders(String heap, Path gcLog) throws InvalidRunException {
        return ServerCommand.placeholders(profile, root, work(), heap, gcLog);
    }

    /** Runs server.setup, if any, and fails with its output's end unless it exits 0. */
    void setup(String heap) throws InvalidRunException, IOException {
        Optional<List<String>> cmd = server.setupCommand(placeholders(heap), root);
        if (cmd.isEmpty()) {
            return;
        }
        Path out = layout.processOutput("server-setup");
        Files.createDirectories(out.toAbsolutePath().getParent());
        log.accept("setting up the server: " + String.join(" ", cmd.get()));
        Process p = new ProcessBuilder(cmd.get()).directory(root.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile())).start();
        p.getOutputStream().close();
        try {
            if (!p.waitFor(SETUP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new InvalidRunException("server.setup " + String.join(" ", cmd.get()) + " did not end within "
                        + SETUP_TIMEOUT.toMinutes() + " min; its output " + out + " ends with:\n" + tail(out));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new InvalidRunException("interrupted during server.setup");
        }
        if (p.exitValue() != 0) {
            throw new InvalidRunException("server.setup " + String.join(" ", cmd.get()) + " exited with " + p.exitValue()
                    + "; its output " + out + " ends with:\n" + tail(out));
        }
        tail(out).lines().filter(l -> !l.isBlank()).forEach(l -> log.accept("setup: " + l));
    }

    private static String tail(Path file) {
        try {
            List<String> all = Files.readAllLines(file);
            return String.join(System.lineSeparator(), all.subList(Math.max(0, all.size() - 10), all.size()));
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    /**
     * Starts the server at {@code heap}, on the run's server CPUs for {@code serverCores} (0: the run's one set): its
     * start command, the wait for its health check (or its port), then the
     * server's process (with the profile's stop signal). Each process is handed to {@code onStarted} (to register)
     * as soon as it is known: the started one at once (named {@value #LAUNCHER} with server.pid=file:), the one
     * from the pid file once the server is ready (the stop goal stops the newest first).
     */
    ManagedProcess start(String heap, int serverCores, Path gcLog, OnStarted onStarted)
            throws InvalidRunException, IOException {
        Readiness.requireFreePort("server of target '" + profile.name() + "'", profile.host(), profile.port());
        Files.createDirectories(work());
        // With -Dprofile, a JVM that takes the suite's flags gets async-profiler's library as an agent from its start.
        Placeholders values = placeholders(heap, gcLog).withJvmFlags(
                org.esbbench.maven.profiles.ProfilerPlan.serverJvmFlags(layout));
        if (server.usesManagement() && profile.managementAgent().isPresent()) {
            java.net.InetSocketAddress jmx = profile.managementAgent().orElseThrow();
            Readiness.requireFreePort("management connector (jmx=) of target '" + profile.name() + "'",
                    jmx.getHostString(), jmx.getPort());
            org.esbbench.maven.management.AgentJar.writeTo(work()); // what ${management} names
        }
        List<String> cmd = server.startCommand(values, root);
        Optional<Path> pidFile = server.pidFile(values, root);
        pidFile.ifPresent(f -> {
            try {
                Files.deleteIfExists(f); // a stale pid from an earlier start must not be taken for this one's
            } catch (IOException e) {
                // reading it will fail clearly if it is wrong
            }
        });
        log.accept("starting the server of target '" + profile.name() + "' on " + profile.host() + ":" + profile.port()
                + ": " + String.join(" ", cmd));
        // In a process group of its own: whatever the command starts (workers, a launcher's daemon) is stopped with
        // it, also what its death orphans.
        // On the server's CPUs: the whole group (workers, a launcher's daemon) inherits them.
        ManagedProcess started = ManagedProcess.startInOwnGroup(pidFile.isPresent() ? LAUNCHER : "server",
                org.esbbench.maven.cores.RunCpus.of(layout).server(serverCores, cmd), work(),
                layout.processOutput("server")).stoppedWith(server.stop());
        onStarted.accept(started);
        try {
            Duration took = awaitReady(started, values, pidFile.isPresent());
            if (pidFile.isEmpty()) {
                log.accept(started + " ready after " + took.toMillis() + " ms");
                return started;
            }
            ManagedProcess fromFile = fromPidFile(pidFile.get(), cmd, started);
            onStarted.accept(fromFile);
            log.accept(fromFile + " (from " + pidFile.get() + ") ready after " + took.toMillis() + " ms");
            return fromFile;
        } catch (InvalidRunException | RuntimeException e) {
            started.stop(Duration.ofSeconds(10));
            throw e;
        }
    }

    private ManagedProcess fromPidFile(Path file, List<String> cmd, ManagedProcess launcher) throws InvalidRunException {
        AtomicReference<String> problem = new AtomicReference<>("missing");
        AtomicReference<ManagedProcess> found = new AtomicReference<>();
        try {
            Deadline.until(PID_FILE_TIMEOUT, Duration.ofMillis(200), () -> {
                try {
                    if (Files.isRegularFile(file)) {
                        long pid = Long.parseLong(Files.readString(file).trim());
                        attach(pid, cmd, launcher).ifPresent(found::set);
                        if (found.get() != null) {
                            return true;
                        }
                        problem.set("pid " + pid + " is not running");
                    }
                } catch (IOException | NumberFormatException e) {
                    problem.set("unreadable (" + e.getMessage() + ")");
                }
                return false;
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (found.get() != null) {
            return found.get();
        }
        throw new InvalidRunException("server.pid=file:" + file + ": " + problem.get() + " after the server became ready");
    }

    /** The live process {@code pid} as the run's server, in its group: the launcher's, or one a daemon made (setsid). */
    private Optional<ManagedProcess> attach(long pid, List<String> cmd, ManagedProcess launcher) {
        Optional<ProcessHandle> h = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (h.isEmpty()) {
            return Optional.empty();
        }
        long started = h.get().info().startInstant().map(i -> i.toEpochMilli()).orElse(System.currentTimeMillis());
        return ManagedProcess.attach("server", pid, started, layout.processOutput("server"), cmd)
                .map(attached -> attached.stoppedWith(server.stop()).inGroup(ProcessGroup.ofStarted(pid, started,
                        launcher.group().map(g -> java.util.OptionalLong.of(g.id()))
                                .orElse(java.util.OptionalLong.empty()))));
    }

    /**
     * Polls server.health (2xx) or, without one, a TCP connection to host:port, until it answers, the started
     * process fails, or the start timeout passes. A launcher (server.pid=file:) may end with status 0 meanwhile.
     */
    private Duration awaitReady(ManagedProcess started, Placeholders values, boolean launcher) throws InvalidRunException {
        Optional<URI> health = server.healthUrl(values);
        String what = health.map(URI::toString).orElse("a TCP connection to " + profile.host() + ":" + profile.port());
        return Readiness.await(started, what, startTimeout, launcher, health.isPresent()
                ? Readiness.httpStatus(health.get(), 2) : Readiness.tcpAccepts(profile.host(), profile.port()));
    }
}
