package org.esbbench.backend;

import io.netty.buffer.UnpooledByteBufAllocator;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Clients that give up while their reply waits out the delay must leave no buffers or pending replies behind. */
class DisconnectDuringDelayIT {

    @Test
    void releasesEveryBodyAndTimerWhenClientsLeaveEarly() throws Exception {
        // Unpooled, so the allocator's metrics count exactly the bytes still held rather than pooled arenas.
        UnpooledByteBufAllocator allocator = new UnpooledByteBufAllocator(true, false, false);
        // Far longer than sending the 100 bodies can take on a loaded machine: with 2 s, replies could go out
        // before the last body was sent. No reply is due in the test: it closes the clients itself, which drops
        // their replies, and the server's close waits only for replies still pending (at most its 10 s grace).
        BackendSettings settings = BackendSettings.defaults().withPort(0).withDelayMillis(60_000);
        try (EchoServer server = new EchoServer(settings, allocator).start()) {
            List<RawHttpConnection> connections = new ArrayList<>();
            byte[] body = new byte[64 * 1024];
            for (int i = 0; i < 100; i++) {
                RawHttpConnection connection = new RawHttpConnection(server.port());
                connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: " + body.length + "\r\n\r\n");
                connection.send(body);
                connections.add(connection);
            }
            awaitCondition(() -> server.counters().repliesPending() == 100, Duration.ofSeconds(10));
            assertThat(server.counters().repliesPending()).as("replies waiting out the delay").isEqualTo(100);
            assertThat(heldBytes(allocator)).as("bodies held while delayed").isGreaterThanOrEqualTo(100L * body.length);

            for (RawHttpConnection connection : connections) {
                connection.close();
            }

            awaitCondition(() -> server.counters().repliesPending() == 0 && heldBytes(allocator) == 0,
                    Duration.ofSeconds(10));
            assertThat(server.counters().repliesPending()).isZero();
            assertThat(heldBytes(allocator)).as("bytes still held after every client left").isZero();
            assertThat(server.counters().bytesOut()).isZero();
        }
    }

    private static long heldBytes(UnpooledByteBufAllocator allocator) {
        return allocator.metric().usedDirectMemory() + allocator.metric().usedHeapMemory();
    }

    private static void awaitCondition(java.util.function.BooleanSupplier condition, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }
}
