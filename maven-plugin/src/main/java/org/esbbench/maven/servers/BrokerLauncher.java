package org.esbbench.maven.servers;

import org.esbbench.maven.targets.ExternalBroker;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.Readiness;
import org.esbbench.maven.targets.JmsProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.esbbench.report.folder.RunLayout;

/**
 * Starts the target profile's own JMS broker ({@link ExternalBroker}) as the run's process {@code broker}, before
 * the backend and the server: registered like them, it is stopped by the stop goal and the shutdown hooks, after
 * the server (processes stop in the reverse order of their start). It runs in a process group of its own
 * ({@link ManagedProcess#startInOwnGroup}), so whatever the command starts is stopped with it.
 */
public final class BrokerLauncher {
    static final String NAME = "broker";

    private final Path root;
    private final RunLayout layout;
    private final Duration startTimeout;
    private final Consumer<String> log;

    public BrokerLauncher(Path root, RunLayout layout, Duration startTimeout, Consumer<String> log) {
        this.root = root;
        this.layout = layout;
        this.startTimeout = startTimeout;
        this.log = log;
    }

    public ManagedProcess start(ExternalBroker broker, JmsProvider jms) throws IOException, InvalidRunException {
        URI url = jms.providerUrl();
        Readiness.requireFreePort("JMS broker", url.getHost(), url.getPort());
        List<String> command = broker.resolve(root, url);
        log.accept("starting the JMS broker for " + jms + ": " + String.join(" ", command));
        // A group of its own, like a profile's server: a broker script's JVM and anything else it starts stop with it.
        // The broker a profile starts is part of the server under test (IBM restricts MQ with the server): its CPUs.
        return ManagedProcess.startInOwnGroup(NAME, org.esbbench.maven.cores.RunCpus.of(layout).server(command), root,
                layout.processOutput(NAME));
    }

    public void await(ManagedProcess process, ExternalBroker broker) throws InvalidRunException {
        URI health = broker.health();
        Duration took = "tcp".equalsIgnoreCase(health.getScheme())
                ? Readiness.awaitTcp(process, health.getHost(), health.getPort(), startTimeout)
                : Readiness.awaitHealthy(process, health, startTimeout);
        log.accept(process + " accepts clients after " + took.toMillis() + " ms (" + health + ")");
    }
}
