package org.esbbench.esb.broker;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import java.util.Map;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.springframework.jms.connection.CachingConnectionFactory;

/**
 * The two connection factories the JMS route needs. Listeners use a plain factory (each listener
 * container keeps its own connection and consumer). Replies are sent through Spring's JmsTemplate, which
 * would open and close a connection per message on a plain factory; the caching factory keeps one
 * connection and reuses sessions and producers instead. The plain factory is Artemis' client at the broker URL,
 * or, for another broker, the one a JNDI context factory gives ({@link JndiConnectionFactory}).
 */
public final class JmsConnectionFactories implements AutoCloseable {

    private final ConnectionFactory listener;
    private final CachingConnectionFactory template;

    /** Artemis' client straight at {@code brokerUrl}: the embedded broker or an external Artemis. */
    public JmsConnectionFactories(String brokerUrl, int sessionCacheSize) {
        this(new ActiveMQConnectionFactory(brokerUrl), new ActiveMQConnectionFactory(brokerUrl), sessionCacheSize);
    }

    /**
     * The reply connections' JNDI settings. ActiveMQ Classic's client refuses to send to a temporary queue it has
     * not yet heard of ("Cannot publish to a deleted Destination"): it learns of other connections' temporary
     * queues only from the broker's advisory messages, which reach each connection on their own, with no order
     * against the requests the listeners' connections receive. A requester makes its JMSReplyTo queue and sends at
     * once, so the reply connection could be told of the queue after the reply was ready, and the reply was lost:
     * seen as the suite's JMS preflight waiting 30 s for a reply that never came (TemporaryReplyQueueIT measures
     * how often the client refuses). Without watching advisories the client leaves the question to the broker,
     * which knows its queues. Other providers ignore the name.
     */
    static final Map<String, String> REPLY_SETTINGS = Map.of("watchTopicAdvisories", "false");

    /**
     * The factory {@code jndiName} of the JNDI context factory class {@code jndiFactory} at {@code brokerUrl}, looked
     * up twice: the listeners open connections of their own from one, the caching template its reply connection
     * from the other, with {@link #REPLY_SETTINGS}.
     */
    public static JmsConnectionFactories fromJndi(String jndiFactory, String brokerUrl, String jndiName, int sessionCacheSize) {
        return new JmsConnectionFactories(JndiConnectionFactory.lookup(jndiFactory, brokerUrl, jndiName),
                JndiConnectionFactory.lookup(jndiFactory, brokerUrl, jndiName, REPLY_SETTINGS), sessionCacheSize);
    }

    private JmsConnectionFactories(ConnectionFactory listener, ConnectionFactory template, int sessionCacheSize) {
        this.listener = listener;
        this.template = new CachingConnectionFactory(template);
        this.template.setSessionCacheSize(sessionCacheSize);
        this.template.setCacheProducers(true);
        this.template.setCacheConsumers(false);
        this.template.setReconnectOnException(true);
    }

    public ConnectionFactory listener() {
        return listener;
    }

    public ConnectionFactory template() {
        return template;
    }

    /** A probe that opens (and closes) a connection: true when the broker accepts clients. */
    public BrokerProbe probe() {
        return () -> {
            try (Connection connection = listener.createConnection()) {
                return true;
            } catch (JMSException e) {
                return false;
            }
        };
    }

    @Override
    public void close() {
        ConnectionFactory replies = template.getTargetConnectionFactory();
        template.destroy();
        // Artemis' factories hold a server locator each; ActiveMQ Classic's hold nothing until a connection is made.
        closeFactory(listener);
        closeFactory(replies);
    }

    private static void closeFactory(ConnectionFactory factory) {
        if (factory instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                org.slf4j.LoggerFactory.getLogger(JmsConnectionFactories.class).warn("JMS connection factory did not close cleanly: {}", e.toString());
            }
        }
    }
}
