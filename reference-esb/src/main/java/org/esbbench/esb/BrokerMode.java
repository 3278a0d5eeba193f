package org.esbbench.esb;

/** Where the JMS scenario's broker lives relative to this process. */
public enum BrokerMode {
    /** Embedded Artemis broker plus the Camel routes (the default). */
    EMBEDDED,
    /** Camel routes only; the JMS route connects to {@code esb.broker.url} run elsewhere. */
    EXTERNAL,
    /** The embedded broker alone, no routes and no HTTP port. */
    BROKER_ONLY
}
