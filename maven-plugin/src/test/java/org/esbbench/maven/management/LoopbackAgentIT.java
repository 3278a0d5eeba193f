package org.esbbench.maven.management;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.MemoryMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.esbbench.maven.processes.ListeningSockets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM started with the suite's management connector ({@link ManagementAgentFlags#forLoopback}) listens on
 * loopback only, and what the run reads over the connector works: the platform beans, a full GC, its memory after.
 * The JDK's own agent, for comparison, also listens on a random port of every interface: the reason for the agent.
 */
class LoopbackAgentIT {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private final GarbageMakerJvm children = new GarbageMakerJvm();

    @AfterEach
    void stopChildren() throws InterruptedException {
        children.close();
    }

    @Test
    void servesThePlatformBeansOnOneLoopbackPortAndListensNowhereElse() throws Exception {
        int port = GarbageMakerJvm.freePort();
        Process jvm = children.start(port, dir.resolve("jvm.log"));
        try (ManagementConnection connection = ManagementConnection.connect(
                ManagementAgentFlags.serviceUrl("127.0.0.1", port), CONNECT_TIMEOUT)) {
            MemoryMXBean memory = connection.platformBean(MemoryMXBean.class);
            assertThat(memory.getHeapMemoryUsage().getMax()).isPositive();
            assertThat(FullGc.run(connection, Duration.ofSeconds(30))).as("a full GC over the connector").isTrue();

            List<ListeningSockets.Listener> listeners = ListeningSockets.of(List.of(jvm.pid()));
            assertThat(listeners).as("what the JVM listens on").isNotEmpty()
                    .allSatisfy(l -> assertThat(l.loopback()).as(l.toString()).isTrue())
                    .extracting(ListeningSockets.Listener::port).containsOnly(port);
        }
    }

    @Test
    void theJdksOwnAgentWouldAlsoListenOnEveryInterface() throws Exception {
        int port = GarbageMakerJvm.freePort();
        Process jvm = children.startWithJdkAgent(port, dir.resolve("jdk.log"));
        try (ManagementConnection connection = ManagementConnection.connect(
                ManagementAgentFlags.serviceUrl("127.0.0.1", port), CONNECT_TIMEOUT)) {
            assertThat(connection.platformBean(MemoryMXBean.class).getHeapMemoryUsage().getMax()).isPositive();
            assertThat(ListeningSockets.of(List.of(jvm.pid()))).as("the JDK agent's local connector")
                    .anyMatch(l -> !l.loopback() && l.port() != port);
        }
    }
}
