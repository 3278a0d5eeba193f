package org.esbbench.maven.checks;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.BrokerService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A request with no reply, told apart by the broker: still on its queue, or taken by a consumer. */
class UnansweredRequestTest {
    private static BrokerService broker;
    private static ActiveMQConnectionFactory factory;

    @BeforeAll
    static void start() throws Exception {
        broker = new BrokerService();
        broker.setBrokerName("unanswered-request-test");
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.start();
        broker.waitUntilStarted();
        factory = new ActiveMQConnectionFactory("vm://unanswered-request-test?create=false");
    }

    @AfterAll
    static void stop() throws Exception {
        broker.stop();
        broker.waitUntilStopped();
    }

    @Test
    void aRequestNobodyTookIsStillOnItsQueue() throws Exception {
        try (Connection connection = factory.createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue requests = session.createQueue("unconsumed.request");
            TextMessage request = session.createTextMessage("request");
            session.createProducer(requests).send(request);

            assertThat(Preflight.whereLost(session, requests, request.getJMSMessageID()))
                    .startsWith("the request is still on queue unconsumed.request, unacknowledged");
        }
    }

    @Test
    void aRequestAConsumerTookWasTakenAndOthersOnTheQueueDoNotCount() throws Exception {
        try (Connection connection = factory.createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue requests = session.createQueue("consumed.request");
            TextMessage request = session.createTextMessage("request");
            session.createProducer(requests).send(request);
            Message taken = session.createConsumer(requests).receive(10_000);
            assertThat(taken.getJMSMessageID()).isEqualTo(request.getJMSMessageID());
            session.createProducer(requests).send(session.createTextMessage("another request, still queued"));

            assertThat(Preflight.whereLost(session, requests, request.getJMSMessageID()))
                    .startsWith("the request was taken from queue consumed.request and acknowledged");
        }
    }
}
