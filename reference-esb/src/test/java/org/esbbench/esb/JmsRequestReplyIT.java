package org.esbbench.esb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.check.ReplyCheck;
import org.esbbench.core.check.ReplyChecks;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code jms} scenario through the embedded Artemis broker, as JMeter's request-reply sampler uses
 * it: a request on perf.request with JMSReplyTo, the reply on that destination with the correlation ID
 * the client expects, its body the backend's echo of the request.
 */
class JmsRequestReplyIT {

    private static final long RECEIVE_TIMEOUT_MS = 30_000;

    private static RunningEsb server;
    private static ActiveMQConnectionFactory factory;
    private static Connection connection;

    @BeforeAll
    static void start() throws Exception {
        server = RunningEsb.start(Map.of());
        factory = new ActiveMQConnectionFactory(server.brokerUrl);
        connection = factory.createConnection();
        connection.start();
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (connection != null) {
                connection.close();
            }
            if (factory != null) {
                factory.close();
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    @ParameterizedTest(name = "{0} B")
    @ValueSource(ints = {512, 10 * 1024, 1024 * 1024})
    void aTextRequestGetsItsEchoWithTheCorrelationIdItSent(int size) throws Exception {
        byte[] payload = Payloads.soap(size);
        try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)) {
            TemporaryQueue replyTo = session.createTemporaryQueue();
            TextMessage request = session.createTextMessage(new String(payload, StandardCharsets.UTF_8));
            request.setJMSReplyTo(replyTo);
            request.setJMSCorrelationID("corr-" + size);
            session.createProducer(requestQueue(session)).send(request);

            Message reply = session.createConsumer(replyTo).receive(RECEIVE_TIMEOUT_MS);

            assertThat(reply).as("reply within %d ms", RECEIVE_TIMEOUT_MS).isInstanceOf(TextMessage.class);
            assertThat(reply.getJMSCorrelationID()).isEqualTo("corr-" + size);
            ReplyCheck check = ReplyChecks.forScenario(Scenario.JMS, payload);
            assertThat(check.check(200, ((TextMessage) reply).getText().getBytes(StandardCharsets.UTF_8))).isNull();
        }
    }

    @Test
    void aBytesRequestWithoutCorrelationIdIsCorrelatedByItsMessageId() throws Exception {
        byte[] payload = Payloads.soap(1024);
        try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)) {
            TemporaryQueue replyTo = session.createTemporaryQueue();
            BytesMessage request = session.createBytesMessage();
            request.writeBytes(payload);
            request.setJMSReplyTo(replyTo);
            session.createProducer(requestQueue(session)).send(request);

            Message reply = session.createConsumer(replyTo).receive(RECEIVE_TIMEOUT_MS);

            assertThat(reply).isInstanceOf(BytesMessage.class);
            assertThat(reply.getJMSCorrelationID()).isEqualTo(request.getJMSMessageID());
            assertThat(ReplyChecks.forScenario(Scenario.JMS, payload).check(200, reply.getBody(byte[].class))).isNull();
        }
    }

    @Test
    void hundredConcurrentRequestsOnTheFixedReplyQueueAreAllAnsweredAndCorrelated() throws Exception {
        byte[] payload = Payloads.soap(1024);
        ReplyCheck check = ReplyChecks.forScenario(Scenario.JMS, payload);
        try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)) {
            Queue replyQueue = session.createQueue("perf.reply");
            MessageConsumer replies = session.createConsumer(replyQueue);
            MessageProducer producer = session.createProducer(requestQueue(session));
            Set<String> sent = new HashSet<>();
            for (int i = 0; i < 100; i++) {
                TextMessage request = session.createTextMessage(new String(payload, StandardCharsets.UTF_8));
                request.setJMSReplyTo(replyQueue);
                request.setJMSCorrelationID("load-" + i);
                producer.send(request);
                sent.add("load-" + i);
            }

            Set<String> answered = new HashSet<>();
            for (int i = 0; i < 100; i++) {
                Message reply = replies.receive(RECEIVE_TIMEOUT_MS);
                assertThat(reply).as("reply %d of 100", i + 1).isInstanceOf(TextMessage.class);
                assertThat(check.check(200, ((TextMessage) reply).getText().getBytes(StandardCharsets.UTF_8))).isNull();
                answered.add(reply.getJMSCorrelationID());
            }
            assertThat(answered).isEqualTo(sent);
        }
    }

    @Test
    void anEmptyRequestGetsAFaultReplyWithItsStatus() throws Exception {
        try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)) {
            TemporaryQueue replyTo = session.createTemporaryQueue();
            TextMessage request = session.createTextMessage("");
            request.setJMSReplyTo(replyTo);
            request.setJMSCorrelationID("empty");
            session.createProducer(requestQueue(session)).send(request);

            Message reply = session.createConsumer(replyTo).receive(RECEIVE_TIMEOUT_MS);

            assertThat(reply).isInstanceOf(TextMessage.class);
            assertThat(reply.getJMSCorrelationID()).isEqualTo("empty");
            assertThat(reply.getIntProperty("esbFaultStatus")).isEqualTo(400);
            assertThat(((TextMessage) reply).getText()).contains("<faultstring>Missing request body</faultstring>");
        }
    }

    private static Queue requestQueue(Session session) throws Exception {
        return session.createQueue(Scenario.JMS.defaultEndpoint());
    }
}
