package org.esbbench.esb.broker;

import java.util.Hashtable;
import java.util.Map;

import jakarta.jms.ConnectionFactory;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * A connection factory found the way JMS clients of any broker find it: an {@link InitialContext} built from a
 * context factory class and a provider URL, and a lookup by JNDI name. This is how the server reaches a broker
 * other than Artemis (ActiveMQ Classic: {@code org.apache.activemq.jndi.ActiveMQInitialContextFactory}), with the
 * same two settings the suite's plans and preflight use.
 */
public final class JndiConnectionFactory {

    private JndiConnectionFactory() {
    }

    /**
     * @param contextFactory a JNDI {@code InitialContextFactory} class on this server's classpath
     * @param providerUrl    the broker's URL, as the context factory expects it
     * @param name           the connection factory's JNDI name, e.g. {@code ConnectionFactory}
     */
    public static ConnectionFactory lookup(String contextFactory, String providerUrl, String name) {
        return lookup(contextFactory, providerUrl, name, Map.of());
    }

    /**
     * As {@link #lookup(String, String, String)}, with {@code settings} added to the JNDI environment: context
     * factories that make their connection factories from the environment (ActiveMQ Classic's sets each entry as a
     * property of the factory) apply them, the others ignore names they do not know.
     */
    public static ConnectionFactory lookup(String contextFactory, String providerUrl, String name, Map<String, String> settings) {
        Hashtable<String, String> env = new Hashtable<>(settings);
        env.put(Context.INITIAL_CONTEXT_FACTORY, contextFactory);
        env.put(Context.PROVIDER_URL, providerUrl);
        Context context = null;
        try {
            context = new InitialContext(env);
            Object found = context.lookup(name);
            if (!(found instanceof ConnectionFactory factory)) {
                throw new IllegalStateException("JNDI name " + name + " of " + contextFactory + " at " + providerUrl
                        + " is a " + (found == null ? "null" : found.getClass().getName())
                        + ", not a Jakarta JMS ConnectionFactory (a javax.jms client cannot serve Camel's jms component)");
            }
            return factory;
        } catch (NamingException e) {
            throw new IllegalStateException("JMS connection factory " + name + " not found with " + contextFactory
                    + " at " + providerUrl + ": " + e, e);
        } finally {
            if (context != null) {
                try {
                    context.close();
                } catch (NamingException ignored) {
                    // The factory is already ours; a context that cannot close holds nothing we need.
                }
            }
        }
    }
}
