package org.esbbench.suite;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The reference server (reference-esb's runnable jar) as a child process on free loopback ports, ready once
 * its {@code /health} answers 200. {@link #close} stops it (SIGTERM, then kill) and so must always be called.
 */
final class ReferenceServerProcess implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

    private final Process process;
    private final Path log;
    private final int httpPort;
    private final int brokerPort;

    private ReferenceServerProcess(Process process, Path log, int httpPort, int brokerPort) {
        this.process = process;
        this.log = log;
        this.httpPort = httpPort;
        this.brokerPort = brokerPort;
    }

    static ReferenceServerProcess start(Path jar, int backendPort, Path keystores, Path log) throws IOException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: package the reference server first "
                + "(mvn -pl reference-esb -am package -DskipTests)");
        }
        int httpPort = freePort();
        int brokerPort = freePort();
        Process process = new ProcessBuilder(List.of(SuiteLayout.javaExecutable().toString(), "-Xmx512m", "-jar",
                jar.toString(), "--port", Integer.toString(httpPort),
                "--backend-url", "http://127.0.0.1:" + backendPort + "/service/EchoService",
                "--broker-url", "tcp://127.0.0.1:" + brokerPort,
                "--keystore-dir", keystores.toString()))
            .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        ReferenceServerProcess server = new ReferenceServerProcess(process, log, httpPort, brokerPort);
        try {
            server.awaitHealthy();
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** A port free right now; the server binds it a moment later (good enough on a loopback test box). */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private void awaitHealthy() throws IOException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/health"))
            .timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the reference server exited with " + process.exitValue() + ":\n" + logTail());
            }
            try {
                if (client.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // Not listening yet.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the reference server", e);
            }
            sleep(500);
        }
        throw new IllegalStateException("the reference server was not healthy within " + READY_TIMEOUT + ":\n" + logTail());
    }

    int httpPort() {
        return httpPort;
    }

    String brokerUrl() {
        return "tcp://127.0.0.1:" + brokerPort;
    }

    String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
