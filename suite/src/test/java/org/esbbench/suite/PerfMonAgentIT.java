package org.esbbench.suite;

import com.sun.net.httpserver.HttpServer;
import org.esbbench.report.usage.HostSeries;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real PerfMon ServerAgent, started on loopback by the project's script from the folder the build laid out,
 * read by the plans' own PerfMon collector in the laid-out JMeter (the rest plan with -JperfmonHost), and the
 * collector's file read back with the report's reader: host CPU and memory each second, in range.
 */
class PerfMonAgentIT {
    private Process agent;
    private HttpServer server;

    @AfterEach
    void stopAll() throws InterruptedException {
        if (agent != null) {
            agent.destroy();
            if (!agent.waitFor(10, TimeUnit.SECONDS)) {
                agent.destroyForcibly().waitFor();
            }
        }
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void theCollectorRecordsHostCpuAndMemoryFromTheAgent() throws Exception {
        Path dir = Files.createDirectories(SuiteLayout.results().resolve("perfmon-agent"));
        int port = freePort();
        agent = new ProcessBuilder("bash", SuiteLayout.perfmonAgentScript().toString(),
                "--dir", SuiteLayout.perfmonAgent().toString(), "--port", Integer.toString(port))
                .redirectErrorStream(true).redirectOutput(dir.resolve("agent.log").toFile()).start();
        awaitYep(port, dir.resolve("agent.log"));

        // Something for the plan to send to, so it does not spin on refused connections: 200 with the request's body.
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();

        Path perfmon = dir.resolve("perfmon-rest.csv");
        Files.deleteIfExists(perfmon);
        LaidOutJMeter jmeter = LaidOutJMeter.fromBuild();
        long started = System.currentTimeMillis();
        Process jm = new ProcessBuilder(SuiteLayout.javaExecutable().toString(), "-Xmx256m", "-Djava.awt.headless=true",
                "-jar", jmeter.launcher().toString(), "-n", "-t", SuiteLayout.plans().resolve("rest.jmx").toString(),
                "-l", dir.resolve("results.csv").toString(), "-j", dir.resolve("jmeter.log").toString(),
                "-Jjmeterengine.force.system.exit=true", "-Jhost=127.0.0.1", "-Jport=" + server.getAddress().getPort(),
                "-Jpath=/service/EchoService", "-JpayloadDir=" + SuiteLayout.payloads(), "-Jsize=1024",
                "-Jusers=1", "-Jrampup=0", "-Jhold=5", "-Jrate=0", "-Jduration=5",
                "-JperfmonHost=127.0.0.1", "-JperfmonPort=" + port, "-JperfmonFile=" + perfmon)
                .redirectErrorStream(true).redirectOutput(dir.resolve("jmeter.out").toFile()).start();
        if (!jm.waitFor(120, TimeUnit.SECONDS)) {
            jm.destroyForcibly().waitFor();
        }
        long ended = System.currentTimeMillis();
        assertThat(jm.exitValue()).as("JMeter's exit code (see " + dir + ")").isZero();

        HostSeries host = HostSeries.read(List.of(perfmon));
        assertThat(host.host()).isEqualTo("127.0.0.1");
        // A reading each second of the 5 s: allow for the collector's first and last second.
        assertThat(host.cpu(started, ended)).hasSizeGreaterThanOrEqualTo(3)
                .allSatisfy(r -> assertThat(r.percent()).isBetween(0.0, 100.0));
        assertThat(host.memory(started, ended)).hasSizeGreaterThanOrEqualTo(3)
                .allSatisfy(r -> assertThat(r.percent()).isGreaterThan(0.0).isLessThanOrEqualTo(100.0));
        // JMeter itself was busy on this machine: the host was not idle.
        assertThat(host.meanCpuPercent(started, ended).getAsDouble()).isGreaterThan(0.0);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The collector's first exchange: {@code test}, answered {@code Yep}. */
    private void awaitYep(int port, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            assertThat(agent.isAlive()).as("the agent runs (log %s)", log).isTrue();
            try (Socket s = new Socket("127.0.0.1", port)) {
                s.setSoTimeout(2000);
                s.getOutputStream().write("test\n".getBytes(StandardCharsets.US_ASCII));
                String reply = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII)).readLine();
                s.getOutputStream().write("exit\n".getBytes(StandardCharsets.US_ASCII));
                if ("Yep".equals(reply)) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the PerfMon agent did not answer on port " + port + ": " + Files.readString(log));
    }
}
