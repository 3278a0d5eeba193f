package org.esbbench.maven.management;

import java.util.List;

/**
 * JVM flags that open the JDK's built-in management agent (Java Management Extensions, "JMX"; not to be confused
 * with JMeter's .jmx plans) for the suite's GC and CPU recording, and the service URL to reach it.
 *
 * <p>The connector has no authentication and no TLS, which is only acceptable because it is reachable from
 * this machine only: the RMI registry and the RMI connector both listen on one port bound to 127.0.0.1
 * ({@code jmxremote.host}), and the stubs the registry hands out name 127.0.0.1 ({@code java.rmi.server.hostname}),
 * so a client never gets redirected to another address or a second, random port.
 *
 * <p>The JDK agent also starts its "local" connector (the one JConsole attaches to by process id) on a random
 * port whenever the remote one is enabled; that one binds every interface but closes any connection whose
 * peer is not an address of this machine ({@code jmxremote.local.only=true}, spelled out here so a site-wide
 * management.properties cannot turn it off).
 */
public final class ManagementAgentFlags {
    private static final String LOOPBACK = "127.0.0.1";

    private ManagementAgentFlags() {
    }

    /** Flags for a JVM the suite starts: its JMX connector at 127.0.0.1:{@code port}, unauthenticated, local only. */
    public static List<String> forLoopback(int port) {
        requirePort(port);
        return List.of(
                "-Dcom.sun.management.jmxremote.port=" + port,
                "-Dcom.sun.management.jmxremote.rmi.port=" + port,
                "-Dcom.sun.management.jmxremote.host=" + LOOPBACK,
                "-Djava.rmi.server.hostname=" + LOOPBACK,
                "-Dcom.sun.management.jmxremote.authenticate=false",
                "-Dcom.sun.management.jmxremote.ssl=false",
                "-Dcom.sun.management.jmxremote.registry.ssl=false",
                "-Dcom.sun.management.jmxremote.local.only=true");
    }

    /** The RMI service URL of the JDK agent's connector at host:port (an IPv6 literal is bracketed). */
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
