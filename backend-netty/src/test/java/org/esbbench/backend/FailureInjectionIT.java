package org.esbbench.backend;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** --fail-percent: exactly the planned share of requests, every k-th, gets 503; health checks are not counted. */
class FailureInjectionIT {
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private EchoServer server;

    @AfterEach
    void stop() throws InterruptedException {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    @Test
    void answersEveryKthRequestWith503AndEchoesTheRest() throws Exception {
        server = new EchoServer(BackendSettings.defaults().withPort(0)).withFailures(new FailureInjection(2)).start();
        List<Integer> failed = new ArrayList<>();
        for (int i = 1; i <= 200; i++) {
            if (i % 10 == 0) {
                assertThat(send("/health").statusCode()).isEqualTo(200);
            }
            HttpResponse<String> reply = send("/service/EchoService");
            if (reply.statusCode() == 503) {
                assertThat(reply.body()).isEqualTo(InjectedFailureHandler.MESSAGE);
                failed.add(i);
            } else {
                assertThat(reply.statusCode()).isEqualTo(200);
                assertThat(reply.body()).isEqualTo("body " + i);
            }
        }
        assertThat(failed).containsExactly(50, 100, 150, 200);
    }

    @Test
    void countsFailuresExactlyForAFractionalPercent() {
        FailureInjection half = new FailureInjection(0.5);
        int failures = 0;
        for (int i = 1; i <= 1000; i++) {
            if (half.nextFails()) {
                failures++;
                assertThat(i % 200).isZero();
            }
        }
        assertThat(failures).isEqualTo(5);
        assertThat(FailureInjection.NONE.nextFails()).isFalse();
    }

    private int counter;

    private HttpResponse<String> send(String path) throws Exception {
        counter = path.equals("/health") ? counter : counter + 1;
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .POST(HttpRequest.BodyPublishers.ofString("body " + counter)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
