package org.esbbench.esb.broker;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.springframework.jms.connection.CachingConnectionFactory;

/**
 * The two connection factories the JMS route needs. Listeners use a plain Artemis factory (each listener
 * container keeps its own connection and consumer). Replies are sent through Spring's JmsTemplate, which
 * would open and close a connection per message on a plain factory; the caching factory keeps one
 * connection and reuses sessions and producers instead.
 */
public final class JmsConnectionFactories implements AutoCloseable {

    private final ActiveMQConnectionFactory listener;
    private final CachingConnectionFactory template;

    public JmsConnectionFactories(String brokerUrl, int sessionCacheSize) {
        this.listener = new ActiveMQConnectionFactory(brokerUrl);
        this.template = new CachingConnectionFactory(new ActiveMQConnectionFactory(brokerUrl));
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
        listener.close();
    }
}
