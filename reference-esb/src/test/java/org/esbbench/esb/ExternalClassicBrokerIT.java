package org.esbbench.esb;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.esbbench.esb.broker.TestClassicBroker;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.check.ReplyChecks;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The jms scenario against an external ActiveMQ Classic broker instead of the embedded Artemis: the server finds
 * its connection factory through Classic's JNDI context factory (esb.jms.jndiFactory, provider URL
 * esb.broker.url), and a Classic client's request on perf.request gets the backend's echo on its JMSReplyTo.
 */
class ExternalClassicBrokerIT {

    private static final String CLASSIC_JNDI = TestClassicBroker.JNDI;

    private static TestClassicBroker broker;
    private static RunningEsb server;
    private static String brokerUrl;

    @BeforeAll
    static void start() throws Exception {
        broker = TestClassicBroker.start("external-classic-it");
        brokerUrl = broker.url();
        server = RunningEsb.start(Map.of("esb.broker.url", brokerUrl, "esb.jms.jndiFactory", CLASSIC_JNDI,
                "esb.jms.connectionFactory", "ConnectionFactory"), BrokerMode.EXTERNAL);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            if (broker != null) {
                broker.close();
            }
        }
    }

    @Test
    void aRequestThroughTheClassicBrokerGetsTheBackendsEchoCorrelatedByMessageId() throws Exception {
        byte[] payload = Payloads.soap(1024);
        ActiveMQConnectionFactory client = new ActiveMQConnectionFactory(brokerUrl);
        try (Connection connection = client.createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            TemporaryQueue replyTo = session.createTemporaryQueue();
            TextMessage request = session.createTextMessage(new String(payload, StandardCharsets.UTF_8));
            request.setJMSReplyTo(replyTo);
            session.createProducer(session.createQueue(Scenario.JMS.defaultEndpoint())).send(request);

            Message reply = session.createConsumer(replyTo).receive(30_000);

            assertThat(reply).isInstanceOf(TextMessage.class);
            assertThat(reply.getJMSCorrelationID()).isEqualTo(request.getJMSMessageID());
            byte[] body = ((TextMessage) reply).getText().getBytes(StandardCharsets.UTF_8);
            assertThat(ReplyChecks.forScenario(Scenario.JMS, payload).check(200, body)).isNull();
        }
    }

    @Test
    void theHealthCheckProbesTheExternalBroker() throws Exception {
        HttpResponse<byte[]> health = server.send(java.net.http.HttpRequest.newBuilder(server.uri("/health")).GET().build());
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(server.esb.readyLine()).contains("(external, ConnectionFactory from " + CLASSIC_JNDI + ")");
    }
}
