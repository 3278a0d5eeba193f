package org.esbbench.esb;

import org.esbbench.backend.BackendSettings;
import org.esbbench.backend.EchoServer;
import org.esbbench.backend.load.ClosedLoopHttpLoad;
import org.esbbench.backend.load.CpuPressure;
import org.esbbench.backend.load.ListenOverflows;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference server holds 2,000 concurrent keep-alive connections on the direct scenario with its default
 * settings: every connection runs a closed loop of SOAP requests for some seconds, every reply is 200 and
 * byte-equal to its request (direct echoes), and nothing fails. The backend waits 500 ms per request, so the
 * 2,000 requests are really in flight at once and the server also needs 2,000 connections to the backend.
 *
 * <p>Server, backend and client share this JVM and the machine's two cores; the figures printed are those of
 * this arrangement, not of the server alone.
 */
class TwoThousandConnectionsIT {
    private static final int CONNECTIONS = Integer.getInteger("load.esb.connections", 2_000);
    private static final long BACKEND_DELAY_MILLIS = 500;
    /** Connections waiting for their first reply at once: well below the HTTP port's backlog (4096, capped by somaxconn). */
    private static final int MAX_OPENING = 500;
    private static final Duration MEASURE = Duration.ofSeconds(Long.getLong("load.esb.seconds", 8));
    private static final int BODY_BYTES = 1024;

    @Test
    void holdsTwoThousandConnectionsOnDirectWithoutErrors() throws Exception {
        // Printed with the figures: other work queuing for the cores lowers throughput and stretches the tail.
        double pressureBefore = CpuPressure.measurePercent(Duration.ofSeconds(2));
        try (EchoServer backend = new EchoServer(BackendSettings.defaults().withPort(0)
                .withDelayMillis(BACKEND_DELAY_MILLIS)).start()) {
            int httpPort = RunningEsb.freePort();
            Map<String, String> overrides = new LinkedHashMap<>();
            overrides.put("esb.http.port", Integer.toString(httpPort));
            overrides.put("esb.broker.url", "tcp://127.0.0.1:" + RunningEsb.freePort());
            overrides.put("esb.backend.url", "http://127.0.0.1:" + backend.port() + "/service/EchoService");
            overrides.put("esb.wssec.keystoreDir", RunningEsb.KEYSTORES.toString());
            try (EsbServer esb = EsbServer.start(EsbSettings.load(null, overrides), BrokerMode.EMBEDDED)) {
                // The drops of this test's two listeners (the server's, which the client connects to, and the
                // backend's, which the server does): the machine's ListenOverflows also counts other programs'.
                ListenOverflows.Watch overflowWatch = ListenOverflows.watch(httpPort, backend.port());
                byte[] request = Payloads.soap(BODY_BYTES);
                ClosedLoopHttpLoad.Target target = new ClosedLoopHttpLoad.Target(httpPort,
                        Scenario.DIRECT.defaultEndpoint(),
                        Map.of("Content-Type", Scenario.DIRECT.payloadFormat().contentType(),
                                "SOAPAction", Payloads.SOAP_ACTION,
                                Payloads.ROUTING_HEADER, Payloads.ROUTING_VALUE),
                        Map.of(), request, request);
                try (ClosedLoopHttpLoad load = new ClosedLoopHttpLoad(target, 1)) {
                    ClosedLoopHttpLoad.Opened opened = load.open(CONNECTIONS, MAX_OPENING, Duration.ofSeconds(60));
                    System.out.printf("%,d connections to the reference server opened in %.1f s (%d failed)%n",
                            opened.connections(), opened.took().toMillis() / 1000.0, opened.failed());
                    assertThat(opened.connections()).as("connections opened and answered").isEqualTo(CONNECTIONS);

                    ClosedLoopHttpLoad.Result result = load.run(Duration.ofMillis(BACKEND_DELAY_MILLIS),
                            Duration.ofSeconds(3), MEASURE, Duration.ofSeconds(30));
                    long overflows = overflowWatch.count();
                    double ideal = CONNECTIONS * 1000.0 / BACKEND_DELAY_MILLIS;
                    System.out.printf("reference server, direct, %,d connections, %d B, backend delay %d ms, %d s window:"
                                    + " %,d replies, %,.0f requests/s (ideal %,.0f/s), p50 %.1f ms, p99 %.1f ms,"
                                    + " max %.1f ms; errors %d, incorrect %d, listen overflows %d%n",
                            CONNECTIONS, BODY_BYTES, BACKEND_DELAY_MILLIS, MEASURE.toSeconds(), result.replies(),
                            result.throughputPerSecond(), ideal, result.percentileMillis(50),
                            result.percentileMillis(99), result.latencyMicros().getMaxValue() / 1000.0,
                            result.errors(), result.incorrect(), overflows);
                    System.out.printf("CPU pressure in the 2 s before the run: %.1f %%%n", pressureBefore);

                    assertThat(result.errors()).as("transport errors: %s", result.firstProblems()).isZero();
                    assertThat(result.incorrect()).as("incorrect replies: %s", result.firstProblems()).isZero();
                    assertThat(overflows).as("listen-queue overflows (%s)", overflowWatch.source()).isZero();
                    assertThat(result.replies()).as("replies in the window").isPositive();
                    // Every request waited the backend's delay at least: the server did not answer on its own.
                    assertThat(result.latencyMicros().highestEquivalentValue(result.latencyMicros().getMinValue())
                            / 1000.0).as("fastest reply, ms").isGreaterThanOrEqualTo(BACKEND_DELAY_MILLIS);
                }
            }
        }
    }
}
