package org.esbbench.esb.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An ActiveMQ Artemis broker in this JVM: one acceptor, the request and reply queues created up front,
 * security off (it listens on loopback for the benchmark only), persistence off unless asked for.
 */
public final class EmbeddedBroker implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedBroker.class);

    private static final String DEAD_LETTER = "DLQ";
    private static final String EXPIRY = "ExpiryQueue";

    private final EmbeddedActiveMQ broker = new EmbeddedActiveMQ();
    private final String acceptorUrl;
    private final Path dataDir;
    private final boolean temporaryDataDir;

    private EmbeddedBroker(String acceptorUrl, Path dataDir, boolean temporaryDataDir) {
        this.acceptorUrl = acceptorUrl;
        this.dataDir = dataDir;
        this.temporaryDataDir = temporaryDataDir;
    }

    /**
     * @param acceptorUrl where clients connect, e.g. {@code tcp://127.0.0.1:61616}
     * @param dataDir     journal, paging and large-message folder; null for a temporary one removed on close
     */
    public static EmbeddedBroker start(String acceptorUrl, boolean persistence, Path dataDir, List<String> queues)
            throws Exception {
        boolean temporary = dataDir == null;
        Path dir = temporary ? Files.createTempDirectory("reference-esb-artemis-") : dataDir;
        EmbeddedBroker embedded = new EmbeddedBroker(acceptorUrl, dir, temporary);
        Configuration config = new ConfigurationImpl()
                .setName("reference-esb")
                .setPersistenceEnabled(persistence)
                .setSecurityEnabled(false)
                // Nothing reads broker MBeans in a benchmark; registering them only costs start-up time.
                .setJMXManagementEnabled(false)
                .setJournalDirectory(dir.resolve("journal").toString())
                .setBindingsDirectory(dir.resolve("bindings").toString())
                .setPagingDirectory(dir.resolve("paging").toString())
                .setLargeMessagesDirectory(dir.resolve("large-messages").toString())
                .setNodeManagerLockDirectory(dir.toString())
                .addAcceptorConfiguration("esb", acceptorUrl);
        // As a stock broker.xml does: undeliverable and expired messages go somewhere visible.
        config.addAddressSetting("#", new AddressSettings()
                .setDeadLetterAddress(SimpleString.of(DEAD_LETTER))
                .setExpiryAddress(SimpleString.of(EXPIRY)));
        config.addQueueConfiguration(QueueConfiguration.of(DEAD_LETTER).setRoutingType(RoutingType.ANYCAST));
        config.addQueueConfiguration(QueueConfiguration.of(EXPIRY).setRoutingType(RoutingType.ANYCAST));
        for (String queue : queues) {
            config.addQueueConfiguration(QueueConfiguration.of(queue).setRoutingType(RoutingType.ANYCAST));
        }
        embedded.broker.setConfiguration(config);
        try {
            embedded.broker.start();
        } catch (Exception e) {
            embedded.close();
            throw new IllegalStateException("Embedded broker could not start on " + acceptorUrl + ": " + e.getMessage(), e);
        }
        if (!embedded.isActive()) {
            embedded.close();
            throw new IllegalStateException("Embedded broker did not become active on " + acceptorUrl);
        }
        return embedded;
    }

    public String acceptorUrl() {
        return acceptorUrl;
    }

    /** True while the broker is started and serving (what the health check reports). */
    public boolean isActive() {
        ActiveMQServer server = broker.getActiveMQServer();
        return server != null && server.isStarted() && server.isActive();
    }

    @Override
    public void close() {
        try {
            broker.stop();
        } catch (Exception e) {
            LOG.warn("Embedded broker did not stop cleanly: {}", e.toString());
        }
        if (temporaryDataDir) {
            deleteRecursively(dataDir);
        }
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            LOG.debug("Could not delete {}: {}", dir, e.toString());
        }
    }
}
