package org.esbbench.backend;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Stopping lets scheduled replies go out, refuses new connections, and the process exits 0 on SIGTERM. */
class ShutdownIT {
    private static final Pattern LISTENING = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)");

    @Test
    void shutdownLetsDelayedRepliesFinishAndRefusesNewConnections() throws Exception {
        EchoServer server = new EchoServer(BackendSettings.defaults().withPort(0).withDelayMillis(1_000)).start();
        int port = server.port();
        try (RawHttpConnection inFlight = new RawHttpConnection(port)) {
            inFlight.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 8\r\n\r\ninflight");
            awaitPending(server);

            CompletableFuture<Boolean> stopped = CompletableFuture.supplyAsync(() -> {
                try {
                    return server.shutdown(Duration.ofSeconds(5));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });

            RawHttpConnection.Reply reply = inFlight.read();
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.text()).isEqualTo("inflight");
            assertThat(reply.header("Connection")).isEqualToIgnoringCase("close");
            assertThat(stopped.get(10, TimeUnit.SECONDS)).as("drained within the grace period").isTrue();
        }
        assertThatThrownBy(() -> new RawHttpConnection(port)).isInstanceOf(ConnectException.class);
    }

    @Test
    void theJarExitsZeroOnSigtermAndPrintsItsCounters() throws Exception {
        Path jar = Path.of("target", "backend-netty.jar");
        assertThat(jar).as("the shaded jar is built before integration tests").exists();
        Path stderr = Files.createTempFile("backend-netty", ".err");
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString(), "--port", "0", "--delay-ms", "500")
                .redirectError(stderr.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            int port = awaitListeningPort(stderr, process);
            try (RawHttpConnection connection = new RawHttpConnection(port)) {
                RawHttpConnection.Reply reply = connection.post("/service/EchoService", "text/xml",
                        "<ping/>".getBytes(StandardCharsets.UTF_8));
                assertThat(reply.text()).isEqualTo("<ping/>");
            }

            process.destroy(); // SIGTERM
            assertThat(process.waitFor(20, TimeUnit.SECONDS)).as("exited after SIGTERM").isTrue();
            assertThat(process.exitValue()).isZero();
            assertThat(Files.readString(stderr)).contains("backend-netty stopped")
                    .contains("requests=1").contains("bytesIn=7").contains("bytesOut=7");
        } finally {
            process.destroyForcibly();
            Files.deleteIfExists(stderr);
        }
    }

    private static int awaitListeningPort(Path stderr, Process process) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            Matcher matcher = LISTENING.matcher(Files.readString(stderr));
            if (matcher.find()) {
                return Integer.parseInt(matcher.group(1));
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("backend exited early: " + Files.readString(stderr));
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("backend did not report its port: " + Files.readString(stderr));
    }

    private static void awaitPending(EchoServer server) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (server.counters().repliesPending() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }
}
