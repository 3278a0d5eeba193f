package org.esbbench.activemq;

import java.net.URI;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.TransportConnector;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A stock ActiveMQ Classic broker, configured in code rather than by an activemq.xml: one OpenWire connector,
 * nothing persisted (the jms scenario sends non-persistent messages; a store would only add disk to the
 * figures), no JMX (nothing reads it). Runs until SIGTERM or Ctrl-C, as the suite's stop goal expects.
 */
@Command(name = "activemq-classic-broker", mixinStandardHelpOptions = true,
        description = "Apache ActiveMQ Classic broker for the benchmark's jms scenario; prints a ready line once it accepts clients.")
public final class ClassicBroker implements Callable<Integer> {

    @Option(names = "--url", paramLabel = "URL",
            description = "OpenWire transport connector (default tcp://127.0.0.1:61626; port 0 picks a free one).")
    URI url = URI.create("tcp://127.0.0.1:61626");

    @Option(names = "--name", description = "Broker name (default esb-bench).")
    String name = "esb-bench";

    private BrokerService broker;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ClassicBroker()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        URI connected = start();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stop();
            System.out.println("activemq-classic-broker stopped");
            System.out.flush();
            stopped.countDown();
        }, "activemq-classic-shutdown"));
        System.out.println("activemq-classic-broker ready: " + connected + " (ActiveMQ " + org.apache.activemq.ActiveMQConnectionMetaData.PROVIDER_VERSION + ")");
        System.out.flush();
        stopped.await();
        return 0;
    }

    /** Starts the broker and returns the address clients connect to (the real port when {@code --url} had 0). */
    URI start() throws Exception {
        broker = new BrokerService();
        broker.setBrokerName(name);
        broker.setPersistent(false);
        broker.setUseJmx(false);
        // The command's own hook stops the broker and then says so; the broker's hook would race it.
        broker.setUseShutdownHook(false);
        TransportConnector connector = broker.addConnector(url);
        broker.start();
        if (!broker.waitUntilStarted()) {
            throw new IllegalStateException("ActiveMQ Classic did not start on " + url);
        }
        return connector.getConnectUri();
    }

    void stop() {
        if (broker != null) {
            try {
                broker.stop();
                broker.waitUntilStopped();
            } catch (Exception e) {
                System.err.println("activemq-classic-broker did not stop cleanly: " + e);
            }
        }
    }
}
