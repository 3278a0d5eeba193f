package org.esbbench.maven.management;

import java.nio.file.Path;
import java.util.List;

/**
 * The JVM flag that opens a management connector (Java Management Extensions, "JMX"; not to be confused with
 * JMeter's .jmx plans) in a JVM the suite starts, for its GC and CPU recording, and the service URL to reach it.
 *
 * <p>The connector is the suite's own {@link LoopbackAgent} ({@code -javaagent:}, one word, so it also fits a
 * profile's server.command as ${management}): the RMI registry and the connector share one port bound to the given
 * address, 127.0.0.1 for the servers the suite starts, and the stubs name that address, so a client is never
 * redirected to another address or a second port. It has no authentication and no TLS, which is only acceptable
 * because it is reachable from this machine only.
 *
 * <p>Not the JDK's out-of-the-box agent ({@code -Dcom.sun.management.jmxremote.port=...}): with it, the JVM also
 * opens its "local" connector on a random port bound to every interface ({@code *:PORT} in {@code ss -ltn}),
 * whatever {@code jmxremote.host} and {@code jmxremote.local.only} say.
 */
public final class ManagementAgentFlags {
    private static final String LOOPBACK = "127.0.0.1";

    private ManagementAgentFlags() {
    }

    /** Flags for a JVM the suite starts: its connector at 127.0.0.1:{@code port}, from the agent jar {@code agentJar}. */
    public static List<String> forLoopback(Path agentJar, int port) {
        return List.of(javaAgent(agentJar, LOOPBACK, port));
    }

    /** {@code -javaagent:JAR=HOST:PORT}: the connector bound to {@code host} (an address of this machine). */
    public static String javaAgent(Path agentJar, String host, int port) {
        requirePort(port);
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("management agent host is empty");
        }
        return "-javaagent:" + agentJar.toAbsolutePath() + "=" + host.strip() + ":" + port;
    }

    /** The RMI service URL of the connector at host:port (an IPv6 literal is bracketed). */
    public static String serviceUrl(String host, int port) {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("management agent host is empty");
        }
        requirePort(port);
        String h = host.strip();
        if (h.contains(":") && !h.startsWith("[")) {
            h = "[" + h + "]";
        }
        return "service:jmx:rmi:///jndi/rmi://" + h + ":" + port + "/jmxrmi";
    }

    private static void requirePort(int port) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("management agent port must be in 1..65535, was " + port);
        }
    }
}
