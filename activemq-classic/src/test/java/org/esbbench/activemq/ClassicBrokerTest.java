package org.esbbench.activemq;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.Hashtable;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import javax.naming.Context;
import javax.naming.InitialContext;

import org.junit.jupiter.api.Test;

class ClassicBrokerTest {

    /** The broker serves a queue round trip to a client that finds it as the suite's plans do: through JNDI. */
    @Test
    void servesAQueueRoundTripThroughJndi() throws Exception {
        ClassicBroker command = new ClassicBroker();
        command.url = URI.create("tcp://127.0.0.1:0");
        URI address = command.start();
        try {
            assertThat(address.getPort()).isPositive();
            Hashtable<String, String> env = new Hashtable<>();
            env.put(Context.INITIAL_CONTEXT_FACTORY, "org.apache.activemq.jndi.ActiveMQInitialContextFactory");
            env.put(Context.PROVIDER_URL, address.toString());
            env.put("queue.perf.request", "perf.request");
            InitialContext jndi = new InitialContext(env);
            ConnectionFactory factory = (ConnectionFactory) jndi.lookup("ConnectionFactory");
            Queue queue = (Queue) jndi.lookup("perf.request");
            try (Connection connection = factory.createConnection()) {
                connection.start();
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer consumer = session.createConsumer(queue);
                session.createProducer(queue).send(session.createTextMessage("<ping/>"));
                TextMessage received = (TextMessage) consumer.receive(5000);
                assertThat(received).isNotNull();
                assertThat(received.getText()).isEqualTo("<ping/>");
            }
        } finally {
            command.stop();
        }
    }
}
