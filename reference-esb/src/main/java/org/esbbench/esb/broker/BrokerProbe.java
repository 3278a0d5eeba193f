package org.esbbench.esb.broker;

/** Tells whether the broker the JMS route depends on is up; read by GET /health. */
@FunctionalInterface
public interface BrokerProbe {

    boolean isUp();
}
