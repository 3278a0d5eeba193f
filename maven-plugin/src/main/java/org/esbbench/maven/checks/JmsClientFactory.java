package org.esbbench.maven.checks;

import org.esbbench.maven.targets.JmsProvider;
import jakarta.jms.ConnectionFactory;
import java.util.Hashtable;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * The suite's own JMS client (the preflight's) gets its connection factory as the jms plan's sampler does: from
 * an {@link InitialContext} of the profile's JNDI context factory and provider URL, by the profile's JNDI name. So
 * a broker the plan can reach is a broker the preflight can reach, whatever its make. The plugin carries the
 * Jakarta clients of Artemis and ActiveMQ Classic.
 */
final class JmsClientFactory {

    private JmsClientFactory() {
    }

    /** A connection factory; close it with {@link #close(ConnectionFactory)}. */
    static ConnectionFactory lookup(JmsProvider jms) throws NamingException {
        Hashtable<String, String> env = new Hashtable<>();
        env.put(Context.INITIAL_CONTEXT_FACTORY, jms.jndiFactory());
        env.put(Context.PROVIDER_URL, jms.providerUrl().toString());
        // JNDI loads the context factory through the thread's context class loader: in a Maven build that may
        // not be this plugin's, which holds the brokers' clients.
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(JmsClientFactory.class.getClassLoader());
        InitialContext context = null;
        try {
            context = new InitialContext(env);
            Object found = context.lookup(jms.connectionFactory());
            if (!(found instanceof ConnectionFactory factory)) {
                throw new NamingException(jms.connectionFactory() + " is a " + (found == null ? "null" : found.getClass().getName())
                        + ", not a Jakarta JMS ConnectionFactory");
            }
            return factory;
        } finally {
            if (context != null) {
                context.close();
            }
            thread.setContextClassLoader(previous);
        }
    }

    /** Artemis' factory holds resources until closed; ActiveMQ Classic's holds none. */
    static void close(ConnectionFactory factory) {
        if (factory instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // Only a locator's threads remain; the preflight's verdict is already made.
            }
        }
    }
}
