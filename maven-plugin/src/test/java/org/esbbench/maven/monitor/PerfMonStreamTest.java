package org.esbbench.maven.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PerfMonStreamTest {

    /** The agent's lines as perfmon 2.2.2 writes them: values in the order asked, empty for an unknown pid. */
    @Test
    void sumsTheProcessDeltasAndTurnsTheHostsPercentIntoBusyMillis() {
        AtomicLong now = new AtomicLong(10_000);
        PerfMonStream s = new PerfMonStream("10.0.0.5", 4444, List.of(4711L, 4712L), 4, now::get);

        assertThat(s.metricsCommand()).isEqualTo("metrics:cpu:pid=4711:total\tcpu:pid=4712:total\tcpu:combined\n");
        assertThat(s.processMillis(4711)).as("no line yet").isEmpty();

        s.accept("0.0\t0.0\t50.0\t");        // the first line only starts the clock
        assertThat(s.processMillis(4711)).hasValue(0);
        assertThat(s.hostBusyMillis()).hasValue(0);
        now.addAndGet(1000);
        s.accept("250.0\t120.0\t50.0\t");    // 1 s at 50 % of 4 cores = 2000 busy ms
        now.addAndGet(1000);
        s.accept("750.0\t\t25.0\t");         // engine 4712 is gone: no value
        assertThat(s.processMillis(4711)).hasValue(1000);
        assertThat(s.processMillis(4712)).as("a pid the agent has no value for").isEmpty();
        assertThat(s.hostBusyMillis()).hasValue(2000 + 1000);

        now.addAndGet(PerfMonStream.STALE_MS + 1);
        assertThat(s.processMillis(4711)).as("stale: the agent stopped sending").isEmpty();
        assertThat(s.hostBusyMillis()).isEmpty();
    }

    @Test
    void withoutTheHostsCoresThereIsNoHostReading() {
        PerfMonStream s = new PerfMonStream("h", 4444, List.of(1L), 0);
        s.accept("0.0\t80.0\t");
        assertThat(s.processMillis(1)).hasValue(0);
        assertThat(s.hostBusyMillis()).isEmpty();
    }

    /** Over a socket: the commands the agent receives, and the readings from the lines it streams back. */
    @Test
    void asksTheAgentForOneLineASecondAndReadsItsLines() throws Exception {
        try (ServerSocket agent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<String> received = CompletableFuture.supplyAsync(() -> {
                try (Socket c = agent.accept()) {
                    BufferedReader in = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.UTF_8));
                    String commands = in.readLine() + "|" + in.readLine();
                    OutputStream out = c.getOutputStream();
                    for (String line : List.of("0.0\t10.0\t", "400.0\t20.0\t", "600.0\t30.0\t")) {
                        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                        out.flush();
                        Thread.sleep(100);
                    }
                    Thread.sleep(1500); // keep the connection while the test reads
                    return commands;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (PerfMonStream s = new PerfMonStream("127.0.0.1", agent.getLocalPort(), List.of(99L), 2).start()) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                OptionalLong cpu = OptionalLong.empty();
                while (System.nanoTime() < deadline && (cpu.isEmpty() || cpu.getAsLong() < 1000)) {
                    Thread.sleep(20);
                    cpu = s.processMillis(99);
                }
                assertThat(cpu).hasValue(1000);
                assertThat(s.hostBusyMillis()).isPresent();
                assertThat(received.get(5, TimeUnit.SECONDS)).isEqualTo("interval:1|metrics:cpu:pid=99:total\tcpu:combined");
            }
        }
    }
}
