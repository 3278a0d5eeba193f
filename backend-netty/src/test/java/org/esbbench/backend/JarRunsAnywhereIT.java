package org.esbbench.backend;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, point 2: the backend jar started with an empty temporary folder as its working directory echoes
 * (plain and with --tls), and {@code --help} says where each file comes from.
 */
class JarRunsAnywhereIT {
    private static final Path JAR = Path.of("target/backend-netty.jar").toAbsolutePath();
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @Test
    void echoesWhenStartedFromAnEmptyFolder(@TempDir Path cwd) throws Exception {
        assertThat(JAR).as("shaded jar (built by the package phase)").isRegularFile();
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path log = Files.createTempFile("backend-anywhere", ".err");
        Process process = new ProcessBuilder(JAVA, "-Xmx64m", "-jar", JAR.toString(), "--port", Integer.toString(port))
                .directory(cwd.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpRequest echo = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/service/EchoService"))
                    .header("Content-Type", "text/xml").timeout(Duration.ofSeconds(5))
                    .POST(HttpRequest.BodyPublishers.ofString("<from>anywhere</from>")).build();
            HttpResponse<String> reply = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (reply == null && System.nanoTime() < deadline) {
                assertThat(process.isAlive()).as("backend alive: %s", Files.readString(log)).isTrue();
                try {
                    reply = http.send(echo, HttpResponse.BodyHandlers.ofString());
                } catch (java.io.IOException notYetListening) {
                    Thread.sleep(100);
                }
            }
            assertThat(reply).as("an echo within 30 s: %s", Files.readString(log)).isNotNull();
            assertThat(reply.statusCode()).isEqualTo(200);
            assertThat(reply.body()).isEqualTo("<from>anywhere</from>");
        } finally {
            process.destroy();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            Files.deleteIfExists(log);
        }
        try (var left = Files.list(cwd)) {
            assertThat(left).as("nothing written to the working directory").isEmpty();
        }
    }

    @Test
    void helpNamesWhereEachFileComesFrom(@TempDir Path cwd) throws Exception {
        Process process = new ProcessBuilder(JAVA, "-jar", JAR.toString(), "--help")
                .directory(cwd.toFile()).redirectErrorStream(true).start();
        String help = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
        assertThat(help).contains("Where each file comes from", "no file is read by default",
                "--keystore FILE (PKCS12", "self-signed certificate made in memory");
    }
}
