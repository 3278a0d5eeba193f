package org.esbbench.maven.servers;

import org.esbbench.maven.processes.OnStarted;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.targets.ProfileBackend;
import org.esbbench.maven.targets.ServerCommand;
import org.esbbench.maven.targets.TargetProfile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import org.esbbench.report.folder.RunLayout;

/**
 * What the suite starts for a target, decided by its profile: the echo backend (unless backend=external), and the
 * server: the bundled reference server (start=true), a server from the profile's server.command, or none (the
 * server runs elsewhere). The start goal starts both; the run goal restarts the backend between delays and may
 * restart the server between heaps ({@link #startServer}).
 */
public final class TargetServers {
    private final Path root;
    private final RunLayout layout;
    private final TargetProfile profile;
    private final Duration startTimeout;
    private final Consumer<String> log;
    private final ProfileBackend backend;
    private final Optional<ServerCommand> command;

    public TargetServers(Path root, RunLayout layout, TargetProfile profile, Duration startTimeout, Consumer<String> log)
            throws InvalidRunException {
        this.root = root;
        this.layout = layout;
        this.profile = profile;
        this.startTimeout = startTimeout;
        this.log = log;
        this.backend = ProfileBackend.of(profile);
        this.command = ServerCommand.of(profile, root);
    }

    /** True when the suite starts the server: the bundled one, or one from server.command. */
    public boolean startsServer() {
        return profile.startsServers() || command.isPresent();
    }

    public boolean startsBackend() {
        return backend.starts();
    }

    public ProfileBackend backend() {
        return backend;
    }

    public Optional<ServerCommand> command() {
        return command;
    }

    /** Starts the echo backend with {@code delayMs} on backend.bind and backend.url's port, and waits for it. */
    public ManagedProcess startBackend(Path jar, long delayMs, OnStarted onStarted) throws IOException, InvalidRunException {
        ServerLauncher launcher = launcher();
        ManagedProcess process = launcher.startBackend(jar, backend.bind(), backend.port(), delayMs);
        onStarted.accept(process);
        launcher.awaitBackendHealth(process, backend.healthUrl());
        return process;
    }

    /** Runs the profile's server.setup, if any (once per run, before the first start). */
    public void setupServer(String heap) throws IOException, InvalidRunException {
        if (command.isPresent()) {
            commandLauncher(command.get()).setup(heap);
        }
    }

    /**
     * Starts the server at {@code heap} (the reference server, and a server.command with ${jvm.flags}, log GC to {@code gcLog}) and waits until it is ready; empty when the suite does not start the
     * target's server, on the server's CPUs for {@code serverCores} cores when the run varies the count (0: the run's
     * one set). The seam for a restart per heap or count: stop the registered server, then call this again.
     */
    public Optional<ManagedProcess> startServer(Path serverJar, String heap, int serverCores, Path gcLog, String wsSuite,
                                                OnStarted onStarted) throws IOException, InvalidRunException {
        if (profile.startsServers()) {
            ServerLauncher launcher = launcher();
            ManagedProcess server = launcher.startServer(serverJar, profile, heap, serverCores, gcLog, wsSuite);
            onStarted.accept(server);
            launcher.awaitServer(server, profile);
            return Optional.of(server);
        }
        if (command.isPresent()) {
            return Optional.of(commandLauncher(command.get()).start(heap, serverCores, gcLog, onStarted));
        }
        return Optional.empty();
    }

    private ServerLauncher launcher() {
        return new ServerLauncher(root, layout, startTimeout, log);
    }

    private CommandServerLauncher commandLauncher(ServerCommand server) {
        return new CommandServerLauncher(root, layout, profile, server, startTimeout, log);
    }
}
