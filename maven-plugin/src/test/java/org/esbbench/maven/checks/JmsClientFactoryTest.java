package org.esbbench.maven.checks;

import org.esbbench.maven.targets.JmsProvider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Message;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.net.URI;
import javax.naming.NamingException;
import org.apache.activemq.broker.BrokerService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The preflight's JMS client reaches an ActiveMQ Classic broker with nothing but the profile's JNDI settings. */
class JmsClientFactoryTest {

    private static final String CLASSIC = "org.apache.activemq.jndi.ActiveMQInitialContextFactory";
    private static BrokerService broker;
    private static URI url;

    @BeforeAll
    static void start() throws Exception {
        broker = new BrokerService();
        broker.setBrokerName("preflight-test");
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.setUseShutdownHook(false);
        broker.addConnector("tcp://127.0.0.1:0");
        broker.start();
        broker.waitUntilStarted();
        url = broker.getTransportConnectors().get(0).getConnectUri();
    }

    @AfterAll
    static void stop() throws Exception {
        broker.stop();
        broker.waitUntilStopped();
    }

    @Test
    void theProfilesContextFactoryAndNameGiveAWorkingConnectionFactory() throws Exception {
        ConnectionFactory factory = JmsClientFactory.lookup(new JmsProvider(CLASSIC, url, "ConnectionFactory"));
        try (Connection connection = factory.createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            var queue = session.createQueue("perf.request");
            var consumer = session.createConsumer(queue);
            session.createProducer(queue).send(session.createTextMessage("<a/>"));
            Message received = consumer.receive(5000);
            assertThat(received).isInstanceOf(TextMessage.class);
            assertThat(((TextMessage) received).getText()).isEqualTo("<a/>");
        } finally {
            JmsClientFactory.close(factory);
        }
    }

    @Test
    void aNameTheContextDoesNotHaveIsANamingError() {
        assertThatThrownBy(() -> JmsClientFactory.lookup(new JmsProvider(CLASSIC, url, "NoSuchFactory")))
                .isInstanceOf(NamingException.class);
    }
}
