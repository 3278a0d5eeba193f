package org.esbbench.backend;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With a 1000 ms delay and 1,000 connections waiting at once, no reply may come early and the typical reply
 * must come within a few ms of the delay: waiting is a timer on the event loop, not a thread each. Requests
 * are spread over the delay period as in a steady closed-model run (1,000 users, 1 s delay: 1,000 requests a
 * second), not fired in one burst, which would time the two shared cores' backlog instead of the server.
 */
class DelayAccuracyIT {
    private static final int CONNECTIONS = 1_000;
    private static final long DELAY_MILLIS = 1_000;

    @Test
    void everyReplyWaitsTheDelayAndTheMedianIsWithinAFewMillisOfIt() throws Exception {
        byte[] body = "<buyStocks><order><symbol>IBM</symbol></order></buyStocks>".getBytes(StandardCharsets.UTF_8);
        try (EchoServer server = new EchoServer(BackendSettings.defaults().withPort(0).withDelayMillis(DELAY_MILLIS)).start();
             ConcurrentEchoClient client = new ConcurrentEchoClient(server.port(), CONNECTIONS, body)) {

            // A first round without delay warms both sides' code paths, so the measured round times the server.
            assertThat(client.sendAllAndAwait("0", 0, 30, TimeUnit.SECONDS)).as("warm-up replies arrived").isTrue();
            // Sent over one delay period: when the last request goes out all 1,000 are waiting at once.
            assertThat(client.sendAllAndAwait(null, DELAY_MILLIS, 30, TimeUnit.SECONDS)).as("all replies arrived").isTrue();

            double[] millis = client.sortedLatencyMillis();
            double median = millis[millis.length / 2];
            double p99 = millis[(int) (millis.length * 0.99)];
            System.out.printf("delay %d ms, %d connections: min %.1f, median %.1f, p99 %.1f, max %.1f ms%n",
                    DELAY_MILLIS, CONNECTIONS, millis[0], median, p99, millis[millis.length - 1]);

            assertThat(client.failures()).isZero();
            assertThat(millis[0]).as("earliest reply").isGreaterThanOrEqualTo(DELAY_MILLIS);
            assertThat(median).as("median reply").isLessThanOrEqualTo(DELAY_MILLIS + 10);
            // Generous: two noisy shared cores can stall a whole batch for a while.
            assertThat(millis[millis.length - 1]).as("slowest reply").isLessThan(DELAY_MILLIS + 1_500);
            assertThat(server.counters().requests()).as("warm-up and measured rounds").isEqualTo(2L * CONNECTIONS);
        }
    }
}
