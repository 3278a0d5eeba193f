package org.esbbench.maven.servers;

import org.esbbench.maven.cores.RunCpus;
import org.esbbench.maven.processes.JvmCommand;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.Readiness;
import org.esbbench.maven.targets.JmsProvider;
import org.esbbench.maven.targets.TargetProfile;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.esbbench.maven.management.AgentJar;
import org.esbbench.maven.management.ManagementAgentFlags;
import org.esbbench.report.folder.RunLayout;

/**
 * Builds the command lines of the processes a run starts and brings them up: the Netty echo backend and
 * the reference server. JVM flags are explicit and recorded in run.json, so a result can be reproduced.
 */
public final class ServerLauncher {
    /** The backend is not what is measured; a fixed, modest heap keeps its GC out of the way. */
    static final List<String> BACKEND_JVM_FLAGS = List.of("-Xms256m", "-Xmx256m", "-XX:+UseParallelGC");

    private final Path root;
    private final RunLayout layout;
    private final Duration startTimeout;
    private final Consumer<String> log;

    ServerLauncher(Path root, RunLayout layout, Duration startTimeout, Consumer<String> log) {
        this.root = root;
        this.layout = layout;
        this.startTimeout = startTimeout;
        this.log = log;
    }

    /** The echo backend bound to {@code bind} (a target profile's backend.bind) on {@code port}. */
    ManagedProcess startBackend(Path jar, String bind, int port, long pointDelayMs) throws IOException, InvalidRunException {
        requireJar(jar, "backend-netty");
        long delayMs = BackendDrill.delayMs(layout, pointDelayMs); // -DbackendAddedDelay: drills and tests only
        Readiness.requireFreePort("echo backend", bind, port);
        List<String> cmd = new ArrayList<>();
        cmd.add(JvmCommand.java());
        cmd.addAll(BACKEND_JVM_FLAGS);
        cmd.addAll(List.of("-jar", jar.toString(),
                "--port", Integer.toString(port),
                "--bind", bind,
                "--delay-ms", Long.toString(delayMs)));
        cmd.addAll(BackendDrill.arguments(layout)); // -DbackendFailPercent: drills and tests only
        log.accept("starting the echo backend on " + bind + ":" + port
                + " with a delay of " + delayMs + " ms");
        return ManagedProcess.start("backend", RunCpus.of(layout).harness(cmd), root, layout.processOutput("backend"));
    }

    /** Waits for the backend's health URL (on its bind address, loopback for a wildcard bind). */
    void awaitBackendHealth(ManagedProcess backend, URI health) throws InvalidRunException {
        Duration took = Readiness.awaitHealthy(backend, health, startTimeout);
        log.accept(backend + " healthy after " + took.toMillis() + " ms");
    }

    /** The reference server with {@code heap}, its GC logged to {@code gcLog} (one per heap of a heap list). */
    ManagedProcess startServer(Path jar, TargetProfile profile, String heap, int serverCores, Path gcLog,
                               String wsSuite) throws IOException, InvalidRunException {
        requireJar(jar, "reference-esb");
        Readiness.requireFreePort("reference server", profile.host(), profile.port());
        URI broker = profile.jmsProviderUrl();
        JmsProvider jms = JmsProvider.of(profile);
        boolean embedded = jms.embeddedIn(profile);
        if (embedded) {
            Readiness.requireFreePort("embedded JMS broker", broker.getHost(), broker.getPort());
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(JvmCommand.java());
        cmd.addAll(JvmCommand.serverJvmFlags(heap, gcLog));
        // With -Dprofile: async-profiler's library as an agent from the JVM's start, idle until a window starts it.
        cmd.addAll(org.esbbench.maven.profiles.ProfilerPlan.serverJvmFlags(layout));
        java.util.Optional<java.net.InetSocketAddress> agent = profile.managementAgent();
        if (agent.isPresent()) {
            // GC notifications over the suite's management connector, on loopback only: the run's monitor connects
            // here. Its jar is written into the run folder (the plugin carries the agent's classes).
            Readiness.requireFreePort("reference server's management agent (JMX)", "127.0.0.1", agent.get().getPort());
            cmd.addAll(ManagementAgentFlags.forLoopback(AgentJar.writeTo(layout.dir()), agent.get().getPort()));
        }
        cmd.addAll(List.of("-jar", jar.toString(),
                "--port", Integer.toString(profile.port()),
                "--bind", profile.host(),
                "--backend-url", profile.backendUrl().toString(),
                "--broker-url", broker.toString(),
                "--keystore-dir", root.resolve("config/keystores").toString(),
                // The same WS-Security suite as the ws-security plan and the preflight (-DwsSuite).
                "--algorithm-suite", wsSuite.toUpperCase(java.util.Locale.ROOT)));
        cmd.addAll(brokerArguments(jms, embedded));
        log.accept("starting the reference server on " + profile.host() + ":" + profile.port() + " with heap " + heap
                + ", WS-Security suite " + wsSuite + (serverCores > 0 ? ", on " + serverCores + " core(s)" : ""));
        // On the server's own CPUs from its first instruction: its JVM sizes GC and JIT threads for them.
        return ManagedProcess.start("server", RunCpus.of(layout).server(serverCores, cmd), root,
                layout.processOutput("server"));
    }

    /**
     * Nothing for the embedded Artemis broker; for the profile's own broker (broker.command) or a non-Artemis one,
     * no embedded broker and the connection factory from the profile's JNDI settings at --broker-url.
     */
    public static List<String> brokerArguments(JmsProvider jms, boolean embedded) {
        if (embedded) {
            return List.of();
        }
        return List.of("--no-broker", "--jms-jndi-factory", jms.jndiFactory(),
                "--jms-connection-factory", jms.connectionFactory());
    }

    void awaitServer(ManagedProcess server, TargetProfile profile) throws InvalidRunException {
        URI health = URI.create(profile.protocol() + "://" + profile.host() + ":" + profile.port() + "/health");
        Duration took = Readiness.awaitHealthy(server, health, startTimeout);
        log.accept(server + " healthy after " + took.toMillis() + " ms");
    }

    private static void requireJar(Path jar, String module) throws InvalidRunException {
        if (!Files.isRegularFile(jar)) {
            throw new InvalidRunException(jar + " is missing: build the " + module + " module first (mvn package)");
        }
    }
}
