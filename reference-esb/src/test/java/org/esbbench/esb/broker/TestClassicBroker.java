package org.esbbench.esb.broker;

import org.apache.activemq.broker.BrokerService;

/** Test helper: an ActiveMQ Classic broker in the test JVM, on a free loopback port, without persistence or JMX. */
public final class TestClassicBroker implements AutoCloseable {
    /** JNDI context factory of ActiveMQ Classic's client, as a target profile names it. */
    public static final String JNDI = "org.apache.activemq.jndi.ActiveMQInitialContextFactory";

    private final BrokerService broker;

    private TestClassicBroker(BrokerService broker) {
        this.broker = broker;
    }

    public static TestClassicBroker start(String name) throws Exception {
        BrokerService broker = new BrokerService();
        broker.setBrokerName(name);
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.addConnector("tcp://127.0.0.1:0");
        broker.start();
        broker.waitUntilStarted();
        return new TestClassicBroker(broker);
    }

    /** The broker's OpenWire URL. */
    public String url() throws Exception {
        return broker.getTransportConnectors().get(0).getConnectUri().toString();
    }

    @Override
    public void close() throws Exception {
        broker.stop();
        broker.waitUntilStopped();
    }
}
