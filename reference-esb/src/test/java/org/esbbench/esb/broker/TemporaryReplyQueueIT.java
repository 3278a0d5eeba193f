package org.esbbench.esb.broker;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The race that lost the JMS preflight's reply on an ActiveMQ Classic broker, run many times: a requester makes its
 * temporary reply queue and at once another connection sends to it, as the server's reply connection does. A Classic
 * client that watches advisories refuses a good share of those sends ("Cannot publish to a deleted Destination":
 * it has not yet heard of the queue); the server's reply factory must refuse none.
 */
class TemporaryReplyQueueIT {

    private static final String CLASSIC_JNDI = TestClassicBroker.JNDI;
    private static final int SENDS = 500;
    private static final int FRESH = 200;

    private static TestClassicBroker broker;
    private static String brokerUrl;

    @BeforeAll
    static void start() throws Exception {
        broker = TestClassicBroker.start("temporary-reply-queue-it");
        brokerUrl = broker.url();
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void theServersReplyConnectionSendsToEveryNewTemporaryQueue() throws Exception {
        JmsConnectionFactories factories = JmsConnectionFactories.fromJndi(CLASSIC_JNDI, brokerUrl, "ConnectionFactory", 1);
        try {
            int refused = refusedOf(factories.listener(), factories.template(), SENDS);
            System.out.println("TemporaryReplyQueueIT: the server's reply factory refused " + refused + " of " + SENDS);
            assertThat(refused).as("sends of the server's reply factory refused, of " + SENDS).isZero();
        } finally {
            factories.close();
        }
    }

    /**
     * The first reply after the server starts: its reply connection is new, and hears of the temporary queues that
     * exist only after it has asked the broker. Each of {@value #FRESH} sends goes out on a reply factory of its own,
     * as the first reply of a started server does.
     */
    @Test
    void aNewReplyConnectionSendsToATemporaryQueueMadeJustBefore() throws Exception {
        int refused = 0;
        for (int i = 0; i < FRESH; i++) {
            JmsConnectionFactories factories = JmsConnectionFactories.fromJndi(CLASSIC_JNDI, brokerUrl, "ConnectionFactory", 1);
            try (Connection requester = factories.listener().createConnection()) {
                TemporaryQueue replyTo = requester.createSession(false, Session.AUTO_ACKNOWLEDGE).createTemporaryQueue();
                try (Connection replier = factories.template().createConnection()) {
                    Session session = replier.createSession(false, Session.AUTO_ACKNOWLEDGE);
                    session.createProducer(null).send(replyTo, session.createTextMessage("first reply " + i));
                } catch (InvalidDestinationException e) {
                    refused++;
                }
            } finally {
                factories.close();
            }
        }
        System.out.println("TemporaryReplyQueueIT: new reply connections refused " + refused + " of " + FRESH);
        assertThat(refused).as("first replies of a new reply connection refused, of " + FRESH).isZero();
    }

    /**
     * Shows that this test meets the race: a plain Classic factory (advisories watched) refuses some sends (a quarter
     * to a third of them, measured); up to ten times as many are tried before this gives up.
     */
    @Test
    void aClassicClientWatchingAdvisoriesRefusesSomeOfThem() throws Exception {
        ConnectionFactory plain = JndiConnectionFactory.lookup(CLASSIC_JNDI, brokerUrl, "ConnectionFactory");
        int refused = 0;
        int sent = 0;
        while (refused == 0 && sent < 10 * SENDS) {
            refused = refusedOf(plain, plain, SENDS);
            sent += SENDS;
        }
        System.out.println("TemporaryReplyQueueIT: a Classic client watching advisories refused " + refused + " of the last "
                + SENDS + " sends to a temporary queue made just before");
        assertThat(refused).isPositive();
    }

    /** Sends to {@code sends} temporary queues, each made by a new requester just before: how many were refused. */
    private static int refusedOf(ConnectionFactory requesters, ConnectionFactory replies, int sends) throws JMSException {
        int refused = 0;
        try (Connection replier = replies.createConnection()) {
            Session session = replier.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(null);
            for (int i = 0; i < sends; i++) {
                try (Connection requester = requesters.createConnection()) {
                    TemporaryQueue replyTo = requester.createSession(false, Session.AUTO_ACKNOWLEDGE).createTemporaryQueue();
                    try {
                        producer.send(replyTo, session.createTextMessage("reply " + i));
                    } catch (InvalidDestinationException e) {
                        refused++;
                    }
                }
            }
        }
        return refused;
    }
}
