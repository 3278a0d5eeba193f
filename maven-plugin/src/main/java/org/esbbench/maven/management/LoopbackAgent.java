package org.esbbench.maven.management;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIServerSocketFactory;
import java.util.Map;
import javax.management.remote.JMXServiceURL;
import javax.management.remote.rmi.RMIConnectorServer;

/**
 * The management connector of a JVM the suite starts (the reference server, a profile's JVM server through
 * ${management}): a Java agent ({@code -javaagent:management-agent.jar=HOST:PORT}, see {@link AgentJar}) that
 * serves the platform MBeanServer over RMI at {@code service:jmx:rmi:///jndi/rmi://HOST:PORT/jmxrmi}, the URL
 * {@link ManagementAgentFlags#serviceUrl} gives, with the RMI registry and the connector on that one port, bound to
 * HOST only (127.0.0.1 unless the profile says otherwise). No authentication and no TLS: it is reachable from this
 * machine only.
 *
 * <p>Why not the JDK's own agent ({@code -Dcom.sun.management.jmxremote.port}): whenever that one is enabled it also
 * starts its "local" connector (the one JConsole attaches to by pid) on a random port bound to every interface; it
 * refuses remote peers only after accepting them, so the server listens beyond loopback all the same.
 *
 * <p>Only the JDK: this class and its nested class are all the agent jar holds. It runs before the server's
 * {@code main}, so {@code java.rmi.server.hostname} (the address the stubs name) is set before any RMI is used.
 * The exported objects keep a non-daemon RMI thread: the suite ends its servers with signals, which end the JVM
 * regardless.
 */
public final class LoopbackAgent {
    /** The JNDI name of the connector in the registry, as the JDK's agent names it. */
    static final String NAME = "jmxrmi";
    /** The registry and the connector, held for the JVM's life. */
    private static volatile Object[] opened;

    private LoopbackAgent() {
    }

    /** Entry point of {@code -javaagent:jar=HOST:PORT} (or just {@code PORT}, on 127.0.0.1). */
    public static void premain(String args) throws IOException {
        start(args);
    }

    /** Opens the connector; {@code args} is {@code HOST:PORT} or {@code PORT}. */
    static RMIConnectorServer start(String args) throws IOException {
        String spec = args == null ? "" : args.strip();
        int colon = spec.lastIndexOf(':');
        String host = colon < 0 ? "127.0.0.1" : spec.substring(0, colon).replace("[", "").replace("]", "");
        int port;
        try {
            port = Integer.parseInt(colon < 0 ? spec : spec.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("management agent: expected HOST:PORT or PORT, got '" + spec + "'");
        }
        if (System.getProperty("java.rmi.server.hostname") == null) {
            // The stubs the registry hands out name this address: a client is never sent to another one.
            System.setProperty("java.rmi.server.hostname", host);
        }
        BoundSockets sockets = new BoundSockets(InetAddress.getByName(host));
        // One factory (equal for both) and one port: the registry and the connector share one listening socket.
        Registry registry = LocateRegistry.createRegistry(port, null, sockets);
        // The connector object exported on that port; start() binds its stub in the registry under "jmxrmi".
        String literal = host.contains(":") ? "[" + host + "]" : host;
        RMIConnectorServer connector = new RMIConnectorServer(new JMXServiceURL("service:jmx:rmi://" + literal + ":" + port
                + "/jndi/rmi://" + literal + ":" + port + "/" + NAME),
                Map.of(RMIConnectorServer.RMI_SERVER_SOCKET_FACTORY_ATTRIBUTE, sockets),
                ManagementFactory.getPlatformMBeanServer());
        connector.start();
        // Kept reachable for the JVM's life: an exported object nobody references may be collected and unexported.
        opened = new Object[] {registry, connector};
        return connector;
    }

    /** Server sockets bound to one address (not the wildcard); equal when bound to the same one, so RMI shares them. */
    static final class BoundSockets implements RMIServerSocketFactory {
        private final InetAddress address;

        BoundSockets(InetAddress address) {
            this.address = address;
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port, 50, address);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof BoundSockets b && b.address.equals(address);
        }

        @Override
        public int hashCode() {
            return address.hashCode();
        }
    }
}
