package org.esbbench.esb.broker;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
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
     * The factory {@code jndiName} of the JNDI context factory class {@code jndiFactory} at {@code brokerUrl}. The
     * listeners and the caching template share it: each opens connections of its own from it.
     */
    public static JmsConnectionFactories fromJndi(String jndiFactory, String brokerUrl, String jndiName, int sessionCacheSize) {
        ConnectionFactory factory = JndiConnectionFactory.lookup(jndiFactory, brokerUrl, jndiName);
        return new JmsConnectionFactories(factory, factory, sessionCacheSize);
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
        template.destroy();
        // Artemis' factory holds a server locator; ActiveMQ Classic's holds nothing until a connection is made.
        if (listener instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                org.slf4j.LoggerFactory.getLogger(JmsConnectionFactories.class).warn("JMS connection factory did not close cleanly: {}", e.toString());
            }
        }
    }
}
