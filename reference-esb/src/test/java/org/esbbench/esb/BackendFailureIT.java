package org.esbbench.esb;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.check.ReplyChecks;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A backend slower than the timeout gets 504, a backend that is down 502; the server keeps serving. */
class BackendFailureIT {

    private static final int TIMEOUT_MS = 1_500;

    private static RunningEsb server;

    @BeforeAll
    static void start() throws Exception {
        server = RunningEsb.start(Map.of("esb.backend.timeoutMs", Integer.toString(TIMEOUT_MS)));
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aSlowBackendIsAGatewayTimeoutAndAFastRequestStillPasses() throws Exception {
        byte[] payload = Payloads.soap(1024);
        // The echo backend delays a reply by the X-Echo-Delay-Ms header, which the proxy forwards.
        HttpRequest slow = server.request(Scenario.DIRECT, payload).header("X-Echo-Delay-Ms", "5000").build();

        HttpResponse<byte[]> timedOut = server.send(slow);
        HttpResponse<byte[]> fast = server.post(Scenario.DIRECT, payload);

        assertThat(FaultReplies.soapFault(timedOut, 504))
                .isEqualTo("soapenv:Server: Backend did not reply within " + TIMEOUT_MS + " ms");
        assertThat(ReplyChecks.forScenario(Scenario.DIRECT, payload).check(fast.statusCode(), fast.body())).isNull();
    }

    @Test
    void aBackendThatIsDownIsABadGatewayAndHealthStaysUp() throws Exception {
        RunningEsb downstream = RunningEsb.start(Map.of(
                "esb.backend.url", "http://127.0.0.1:" + RunningEsb.freePort() + "/service/EchoService"));
        try {
            for (Scenario scenario : new Scenario[] {Scenario.DIRECT, Scenario.SOAP}) {
                HttpResponse<byte[]> reply = downstream.post(scenario, Payloads.soap(1024));

                assertThat(FaultReplies.soapFault(reply, 502)).startsWith("soapenv:Server: Backend unavailable");
            }
            HttpResponse<byte[]> json = downstream.post(Scenario.REST, Payloads.json(1024));
            assertThat(json.statusCode()).isEqualTo(502);
            HttpResponse<byte[]> health = downstream.send(HttpRequest.newBuilder(downstream.uri("/health")).build());
            assertThat(health.statusCode()).isEqualTo(200);
        } finally {
            downstream.close();
        }
    }
}
