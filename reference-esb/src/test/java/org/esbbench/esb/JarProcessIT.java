package org.esbbench.esb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

import org.esbbench.backend.BackendSettings;
import org.esbbench.backend.EchoServer;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.check.ReplyChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded jar as the suite's launcher starts it: its own JVM with heap, GC log and loopback JMX (Java Management
 * Extensions) flags.
 * It must answer /health and a request, expose CPU time over JMX, and stop cleanly on SIGTERM.
 */
class JarProcessIT {

    private static final Path JAR = Path.of(System.getProperty("reference.esb.jar", "target/reference-esb.jar"));

    @Test
    void theJarServesReportsCpuTimeOverJavaManagementAndStopsCleanlyOnSigterm(@TempDir Path dir) throws Exception {
        assertThat(JAR).as("shaded jar (built by the package phase)").isRegularFile();
        Path gcLog = dir.resolve("gc.log");
        Path output = dir.resolve("reference-esb.out");
        int httpPort = RunningEsb.freePort();
        int managementPort = RunningEsb.freePort();

        try (EchoServer backend = new EchoServer(BackendSettings.defaults().withPort(0)).start()) {
            List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xms64m", "-Xmx256m",
                    "-Xlog:gc*:file=" + gcLog + ":time,uptime,level,tags",
                    "-Dcom.sun.management.jmxremote.port=" + managementPort,
                    "-Dcom.sun.management.jmxremote.rmi.port=" + managementPort,
                    "-Dcom.sun.management.jmxremote.host=127.0.0.1",
                    "-Djava.rmi.server.hostname=127.0.0.1",
                    "-Dcom.sun.management.jmxremote.authenticate=false",
                    "-Dcom.sun.management.jmxremote.ssl=false",
                    "-jar", JAR.toString(),
                    "--port", Integer.toString(httpPort),
                    "--backend-url", "http://127.0.0.1:" + backend.port() + "/service/EchoService",
                    "--broker-url", "tcp://127.0.0.1:" + RunningEsb.freePort(),
                    "--keystore-dir", RunningEsb.KEYSTORES.toString()));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            try {
                HttpClient http = HttpClient.newHttpClient();
                awaitHealthy(http, httpPort, process, output);

                byte[] payload = Payloads.soap(1024);
                HttpResponse<byte[]> reply = http.send(HttpRequest.newBuilder(
                                URI.create("http://127.0.0.1:" + httpPort + Scenario.DIRECT.defaultEndpoint()))
                        .header("Content-Type", "text/xml; charset=UTF-8")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(payload)).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                assertThat(ReplyChecks.forScenario(Scenario.DIRECT, payload).check(reply.statusCode(), reply.body())).isNull();

                assertThat(processCpuTimeOverJavaManagement(managementPort)).isPositive();

                process.destroy();
                assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("stopped within 60 s of SIGTERM").isTrue();
                // 143 = 128 + SIGTERM: the JVM's status after its shutdown hooks ran to the end.
                assertThat(process.exitValue()).as(Files.readString(output)).isEqualTo(143);
                assertThat(Files.readString(output)).contains("reference-esb ready", "reference-esb stopped")
                        .doesNotContain("Exception");
                assertThat(gcLog).isNotEmptyFile();
                assertThat(Files.readString(gcLog)).contains("[gc");
            } finally {
                if (process.isAlive()) {
                    process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                }
            }
        }
    }

    static void awaitHealthy(HttpClient http, int port, Process process, Path output) throws Exception {
        HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
                .timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            assertThat(process.isAlive()).as("process alive; output: %s", readQuietly(output)).isTrue();
            try {
                if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYetListening) {
                // keep waiting
            }
            Thread.sleep(250);
        }
        throw new AssertionError("no healthy answer within 120 s; output: " + readQuietly(output));
    }

    private static long processCpuTimeOverJavaManagement(int port) throws Exception {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
        try (JMXConnector connector = JMXConnectorFactory.connect(url)) {
            MBeanServerConnection mbeans = connector.getMBeanServerConnection();
            return (Long) mbeans.getAttribute(new ObjectName(ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME), "ProcessCpuTime");
        }
    }

    static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }
}
