package org.esbbench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.esbbench.backend.BackendSettings;
import org.esbbench.backend.EchoServer;
import org.esbbench.core.Scenario;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every plan, run headless for a few seconds against the reference server and the echo backend (both
 * real, on free loopback ports), completes with samples and not one failed sample: every reply passed
 * its scenario's check inside real JMeter.
 */
class PlanRunIT {

    private static final int WARMUP_S = 2;
    private static final int MEASUREMENT_S = 3;
    private static final long RUN_TIMEOUT_S = 120;

    private static EchoServer backend;
    private static ReferenceServerProcess server;
    private static LaidOutJMeter jmeter;
    private static Path results;

    @BeforeAll
    static void startServers() throws Exception {
        jmeter = LaidOutJMeter.fromBuild();
        results = Files.createDirectories(SuiteLayout.results());
        backend = new EchoServer(BackendSettings.defaults().withPort(0));
        backend.start();
        server = ReferenceServerProcess.start(SuiteLayout.referenceEsbJar(), backend.port(), SuiteLayout.keystores(),
            results.resolve("reference-esb.log"));
    }

    @AfterAll
    static void stopServers() throws InterruptedException {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            if (backend != null) {
                backend.shutdown(Duration.ofSeconds(5));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void planRunsWithoutAFailedSample(Scenario scenario) throws Exception {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("host", "127.0.0.1");
        properties.put("port", Integer.toString(server.httpPort()));
        properties.put("jmsUrl", server.brokerUrl());
        properties.put("users", "2");
        properties.put("rampup", "1");
        properties.put("warmup", Integer.toString(WARMUP_S));
        properties.put("measurement", Integer.toString(MEASUREMENT_S));
        properties.put("payloadDir", SuiteLayout.payloads().toString());
        properties.put("keystoreDir", SuiteLayout.keystores().toString());

        JMeterRun.Results run = JMeterRun.run(jmeter, SuiteLayout.plans().resolve(scenario.id() + ".jmx"), results,
            properties, RUN_TIMEOUT_S);

        assertThat(run.samples()).as("samples of %s", scenario.id()).isPositive();
        assertThat(run.failures()).as("failed samples of %s (server log tail:%n%s)", scenario.id(), server.logTail())
            .isEmpty();
    }
}
