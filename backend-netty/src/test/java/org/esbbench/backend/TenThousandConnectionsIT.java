package org.esbbench.backend;

import org.esbbench.backend.load.BackendProcess;
import org.esbbench.backend.load.ClosedLoopHttpLoad;
import org.esbbench.backend.load.CpuPressure;
import org.esbbench.backend.load.ListenOverflows;
import org.esbbench.backend.load.MachineCpu;
import org.junit.jupiter.api.Test;

import com.sun.management.UnixOperatingSystemMXBean;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The backend holds 10,000 concurrent keep-alive connections with a 1000 ms delay: all connect without a
 * listen-queue overflow, each runs a closed loop (send, wait the delay, check the echo, send again) with no error,
 * and the replies come at the set delay, so the ideal rate is 10,000 requests/s.
 *
 * <p>The backend runs as its jar in a process of its own: 10,000 connections are 10,000 descriptors on each side,
 * and this machine allows 20,000 per process (the JVM raises its soft limit to the hard one). The client is one
 * event-loop thread; the backend gets the default (one per core); both share the machine's cores.
 */
class TenThousandConnectionsIT {
    private static final int CONNECTIONS = Integer.getInteger("load.connections", 10_000);
    private static final long DELAY_MILLIS = 1_000;
    /** Connections waiting for their first reply at once: far below net.core.somaxconn (4096 here, 128 on old kernels). */
    private static final int MAX_OPENING = 100;
    private static final Duration MEASURE = Duration.ofSeconds(Long.getLong("load.seconds", 10));
    /**
     * p50 may exceed the delay by this much: the timer's tick plus scheduling on two cores shared by client, backend
     * and whatever else runs (1001.5 ms on a quiet machine, 1025 ms under a load average of 10).
     */
    private static final double P50_TOLERANCE = 0.05;
    /**
     * p99 bound: 10,000 timers a second and the client's replies compete for two shared cores, so the tail is the
     * machine's, not the delay's: 1081 ms on a quiet machine, 2189 ms under a load average of 10.
     */
    private static final double P99_BOUND_MILLIS = DELAY_MILLIS + 1_500;

    /**
     * Above this CPU pressure in the 2 s before the test (other work already waiting for the cores 20 % of the
     * time), the latency bounds are printed but not asserted: they would time the machine's other load (p50
     * 1312 ms was seen with two other builds on the cores). {@code -Dload.assertLatency=true} asserts them anyway.
     */
    private static final double QUIET_PRESSURE_PERCENT = 20;
    /**
     * Nor when other processes took more than this share of one core during the measured window (the machine's
     * task time less the client's and the backend's): work that starts after the check above times the same way.
     */
    private static final double QUIET_OTHERS_PERCENT_OF_CORE = 20;

    @Test
    void holdsTenThousandKeepAliveConnectionsAtTheSetDelay() throws Exception {
        // The client's side of the limit (the backend's process gets the same one): say so before any load
        // rather than fail with "Too many open files" half-way through opening.
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean os) {
            assertThat(os.getMaxFileDescriptorCount())
                    .as("open-files limit of this JVM: %,d connections need about %,d descriptors per process;"
                            + " raise the hard limit (ulimit -Hn, limits.conf, docker --ulimit nofile=...) or run"
                            + " backend-netty/bench/load-held.sh, or lower -Dload.connections",
                            CONNECTIONS, CONNECTIONS + 1_000)
                    .isGreaterThanOrEqualTo(CONNECTIONS + 1_000L);
        }
        double pressureBefore = CpuPressure.measurePercent(Duration.ofSeconds(2));
        byte[] body = "<buyStocks><order><symbol>IBM</symbol></order></buyStocks>".getBytes(StandardCharsets.UTF_8);
        long backendPid;
        try (BackendProcess backend = BackendProcess.start(Path.of("target", "backend-netty.jar"),
                List.of("-Xms256m", "-Xmx1g"), "--delay-ms", Long.toString(DELAY_MILLIS))) {
            backendPid = backend.pid();
            // The backend's listener's own drops: the machine's ListenOverflows also counts other programs'.
            ListenOverflows.Watch overflowWatch = ListenOverflows.watch(backend.port());
            ClosedLoopHttpLoad.Target target = new ClosedLoopHttpLoad.Target(backend.port(), "/service/EchoService",
                    Map.of("Content-Type", "text/xml"), Map.of(DelayHeader.NAME, "0"), body, body);
            try (ClosedLoopHttpLoad load = new ClosedLoopHttpLoad(target, 1)) {
                ClosedLoopHttpLoad.Opened opened = load.open(CONNECTIONS, MAX_OPENING, Duration.ofSeconds(60));
                System.out.printf("%,d connections opened in %.1f s (%d failed)%n", opened.connections(),
                        opened.took().toMillis() / 1000.0, opened.failed());
                assertThat(opened.connections()).as("connections opened and answered").isEqualTo(CONNECTIONS);

                // The machine's and the backend's CPU over the measured window, for what other processes took.
                MachineCpu[] machine = new MachineCpu[2];
                long[] backendCpuNanos = new long[2];
                // Started over one delay period: a steady CONNECTIONS requests a second from the first second;
                // 3 s more warm up the timer and allocation paths before the window.
                ClosedLoopHttpLoad.Result result = load.run(Duration.ofMillis(DELAY_MILLIS), Duration.ofSeconds(3),
                        MEASURE, Duration.ofSeconds(10),
                        () -> {
                            machine[0] = readMachine();
                            backendCpuNanos[0] = backend.cpuTime().toNanos();
                        },
                        () -> {
                            machine[1] = readMachine();
                            backendCpuNanos[1] = backend.cpuTime().toNanos();
                        });
                long overflows = overflowWatch.count();
                double othersPercentOfCore = machine[0] == null ? Double.NaN
                        : 100.0 * (machine[1].taskTimeSince(machine[0]).toNanos()
                                - load.clientLoad().processCpu().toNanos() - (backendCpuNanos[1] - backendCpuNanos[0]))
                                / MEASURE.toNanos();
                boolean assertLatency = Boolean.getBoolean("load.assertLatency")
                        || !(pressureBefore > QUIET_PRESSURE_PERCENT || othersPercentOfCore > QUIET_OTHERS_PERCENT_OF_CORE);
                double ideal = CONNECTIONS * 1000.0 / DELAY_MILLIS;
                System.out.printf("%,d connections, delay %d ms, %d s window: %,d replies, p50 %.1f ms, p99 %.1f ms,"
                                + " p99.9 %.1f ms, max %.1f ms, mean %.1f ms; %,.0f requests/s (%.1f %% of the ideal"
                                + " %,.0f/s); errors %d, incorrect %d, listen overflows %d%n",
                        CONNECTIONS, DELAY_MILLIS, MEASURE.toSeconds(), result.replies(), result.percentileMillis(50),
                        result.percentileMillis(99), result.percentileMillis(99.9),
                        result.latencyMicros().getMaxValue() / 1000.0, result.latencyMicros().getMean() / 1000.0,
                        result.throughputPerSecond(),
                        100 * result.throughputPerSecond() / ideal, ideal, result.errors(), result.incorrect(),
                        overflows);
                System.out.printf("CPU pressure in the 2 s before the run: %.1f %%; other processes in the window:"
                                + " %.0f %% of a core; latency bounds %s%n", pressureBefore, othersPercentOfCore,
                        assertLatency ? "asserted" : "NOT asserted: other work was queuing for the cores or took them");

                assertThat(result.errors()).as("transport errors: %s", result.firstProblems()).isZero();
                assertThat(result.incorrect()).as("incorrect replies: %s", result.firstProblems()).isZero();
                assertThat(overflows).as("listen-queue overflows (%s)", overflowWatch.source()).isZero();
                // The histogram keeps 4 significant digits: at 1 s its buckets are about 0.06 ms wide.
                assertThat(result.latencyMicros().highestEquivalentValue(result.latencyMicros().getMinValue()) / 1000.0)
                        .as("earliest reply, ms").isGreaterThanOrEqualTo(DELAY_MILLIS);
                if (assertLatency) {
                    assertThat(result.percentileMillis(50)).as("p50, ms")
                            .isLessThanOrEqualTo(DELAY_MILLIS * (1 + P50_TOLERANCE));
                    assertThat(result.percentileMillis(99)).as("p99, ms").isLessThan(P99_BOUND_MILLIS);
                    // Closed loop: each connection's rate is 1/latency, so throughput follows latency; half the
                    // ideal on a quiet machine would mean loops that stopped, which no latency figure shows.
                    assertThat(result.throughputPerSecond()).as("requests/s").isGreaterThan(0.5 * ideal);
                }
            }
        }
        assertThat(ProcessHandle.of(backendPid).map(ProcessHandle::isAlive).orElse(false))
                .as("backend process %d stopped with the test", backendPid).isFalse();
    }

    private static MachineCpu readMachine() {
        try {
            return MachineCpu.read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
