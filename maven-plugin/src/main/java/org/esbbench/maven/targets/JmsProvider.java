package org.esbbench.maven.targets;

import java.net.URI;

/**
 * How JMS clients reach the target's broker, from the target profile: a JNDI context factory class, its provider
 * URL and the connection factory's JNDI name. The same three values reach every JMS client of a run: the jms plan
 * (-JjmsJndiFactory, -JjmsUrl, -JjmsConnectionFactory), the preflight and the reference server started against an
 * external broker. Without {@code jms.jndi.factory} the broker is Artemis, as the reference server embeds it.
 *
 * @param jndiFactory       {@code jms.jndi.factory}, the JNDI {@code InitialContextFactory} class
 * @param providerUrl       {@code jms.provider.url}, the broker's URL as that factory expects it
 * @param connectionFactory {@code jms.connection.factory}, the JNDI name of the connection factory
 */
public record JmsProvider(String jndiFactory, URI providerUrl, String connectionFactory) {

    /** Artemis' JNDI context factory: the default, and what the reference server's embedded broker speaks. */
    public static final String ARTEMIS_JNDI_FACTORY = "org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory";
    static final String DEFAULT_CONNECTION_FACTORY = "ConnectionFactory";

    public static JmsProvider of(TargetProfile profile) {
        String factory = profile.properties().getProperty("jms.jndi.factory", "").trim();
        String name = profile.properties().getProperty("jms.connection.factory", "").trim();
        return new JmsProvider(factory.isEmpty() ? ARTEMIS_JNDI_FACTORY : factory, profile.jmsProviderUrl(),
                name.isEmpty() ? DEFAULT_CONNECTION_FACTORY : name);
    }

    /** True when the broker is Artemis (the reference server can embed it); false for any other broker. */
    public boolean isArtemis() {
        return ARTEMIS_JNDI_FACTORY.equals(jndiFactory);
    }

    /**
     * True when a started reference server embeds the broker: an Artemis broker the profile does not start itself.
     * Otherwise the server connects to the profile's broker through its JNDI factory.
     */
    public boolean embeddedIn(TargetProfile profile) {
        return isArtemis() && ExternalBroker.of(profile).isEmpty();
    }

    @Override
    public String toString() {
        return providerUrl + " (" + connectionFactory + " from " + jndiFactory + ")";
    }
}
