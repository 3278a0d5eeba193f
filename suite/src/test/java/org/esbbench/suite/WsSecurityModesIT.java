package org.esbbench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ws-security plan in both request modes and both algorithm suites, in real JMeter against the real reference
 * server: {@code wsMode=fresh} (each request secured as it is sent) with the modern suite against the server the
 * build started (the smoke run's), and {@code wsSuite=classic} in both modes against a second reference server this
 * test starts with the classic suite, on ports of its own. Every sample must pass its reply check.
 */
class WsSecurityModesIT {

    /**
     * Free ports picked at start, not fixed ones: a stale server left on a fixed port would answer the health
     * check with 200, and the test would then run against it rather than the server it started.
     */
    private static int classicPort;
    private static int classicBrokerPort;
    private static Process classicServer;

    @BeforeAll
    static void startAClassicReferenceServer() throws Exception {
        classicPort = freePort();
        classicBrokerPort = freePort();
        Path log = Files.createDirectories(SuiteLayout.results()).resolve("classic-server.log");
        classicServer = new ProcessBuilder(SuiteLayout.javaExecutable().toString(), "-Xmx256m", "-jar",
                SuiteLayout.referenceEsbJar().toString(), "--port", Integer.toString(classicPort), "--bind", "127.0.0.1",
                "--backend-url", "http://127.0.0.1:8688/service/EchoService",
                "--broker-url", "tcp://127.0.0.1:" + classicBrokerPort,
                "--keystore-dir", SuiteLayout.keystores().toString(), "--algorithm-suite", "CLASSIC")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        awaitHealth(classicPort, classicServer, log);
    }

    @AfterAll
    static void stopIt() throws InterruptedException {
        if (classicServer != null) {
            classicServer.destroy();
            if (!classicServer.waitFor(20, TimeUnit.SECONDS)) {
                classicServer.destroyForcibly().waitFor();
            }
        }
    }

    @Test
    void freshRequestsWithTheModernSuitePassAgainstTheRunsServer() throws Exception {
        assertEverySamplePasses(run("modern-fresh", 8280, "modern", "fresh"));
    }

    @Test
    void theClassicSuitePassesFromThePoolAndFresh() throws Exception {
        assertEverySamplePasses(run("classic-pool", classicPort, "classic", "pool"));
        assertEverySamplePasses(run("classic-fresh", classicPort, "classic", "fresh"));
    }

    private static List<CSVRecord> run(String name, int port, String suite, String mode) throws Exception {
        LaidOutJMeter jmeter = LaidOutJMeter.fromBuild();
        Path dir = Files.createDirectories(SuiteLayout.results().resolve("ws-" + name));
        Path jtl = dir.resolve("results.csv");
        Files.deleteIfExists(jtl);
        List<String> command = new ArrayList<>(List.of(SuiteLayout.javaExecutable().toString(), "-Xmx512m",
                "-Djava.awt.headless=true", "-jar", jmeter.launcher().toString(), "-n",
                "-t", SuiteLayout.plans().resolve("ws-security.jmx").toString(), "-l", jtl.toString(),
                "-j", dir.resolve("jmeter.log").toString(), "-Jjmeterengine.force.system.exit=true",
                "-Jhost=127.0.0.1", "-Jport=" + port, "-JwsSuite=" + suite, "-JwsMode=" + mode,
                "-JpayloadDir=" + SuiteLayout.payloads(), "-JkeystoreDir=" + SuiteLayout.keystores(),
                "-Jusers=2", "-Jrampup=1", "-Jhold=4", "-Jrate=0", "-Jduration=5"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("jmeter.out").toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
        assertThat(process.exitValue()).as(name + ": JMeter's exit code (see " + dir + ")").isZero();
        try (Reader in = Files.newBufferedReader(jtl)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
    }

    private static void assertEverySamplePasses(List<CSVRecord> samples) {
        assertThat(samples).as("samples").hasSizeGreaterThan(10)
                .allSatisfy(r -> assertThat(r.get("success")).as(r.get("failureMessage")).isEqualTo("true"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static void awaitHealth(int port, Process server, Path log) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new IllegalStateException("the classic reference server ended: " + Files.readString(log));
            }
            try {
                HttpResponse<Void> health = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding());
                if (health.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not up yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the classic reference server did not answer its health check in 90 s");
    }
}
