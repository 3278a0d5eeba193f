package org.esbbench.maven;

import org.esbbench.report.usage.CpuSeries;
import org.esbbench.report.usage.GcCollectors;
import org.esbbench.report.usage.GcSeries;
import org.esbbench.report.usage.RunFigures;
import org.esbbench.report.usage.SaturationCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

/** The recorder against a real child JVM that makes garbage, reached through the JMX flags the suite uses. */
class GcRecorderIT {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private final List<Process> children = new ArrayList<>();
    private final List<String> log = new CopyOnWriteArrayList<>();

    @AfterEach
    void stopChildren() throws InterruptedException {
        for (Process p : children) {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void recordsYoungPausesAForcedFullCollectionAndTheCpuTime() throws Exception {
        int port = freePort();
        startChild(port);
        Path gcCsv = dir.resolve("gc.csv");
        Path cpuCsv = dir.resolve("cpu.csv");
        long fullGcCalled;
        long fullGcReturned;
        try (GcRecorder recorder = GcRecorder.connect(JmxFlags.serviceUrl("127.0.0.1", port), CONNECT_TIMEOUT, gcCsv, log::add)
                .sampleCpu(cpuCsv, "server", Duration.ofMillis(100))) {
            await(Duration.ofSeconds(60), () -> youngPausesSinceStart(gcCsv) >= 3, "three young collections in " + gcCsv);
            fullGcCalled = System.currentTimeMillis();
            assertThat(recorder.forceFullGc(Duration.ofSeconds(20))).as("log: %s", log).isTrue();
            fullGcReturned = System.currentTimeMillis();
        }

        List<GcSeries.Collection> all = GcSeries.read(gcCsv).collections();
        assertThat(all).filteredOn(c -> c.collector().equals("G1 Young Generation"))
                .allSatisfy(c -> {
                    assertThat(c.action()).isEqualTo("end of minor GC");
                    assertThat(c.isPause()).isTrue();
                    assertThat(c.heapBeforeBytes()).isGreaterThan(c.heapAfterBytes());
                });
        GcSeries.Collection full = all.stream().filter(GcSeries.Collection::isFull).reduce((a, b) -> b).orElseThrow();
        assertThat(full.collector()).isEqualTo("G1 Old Generation");
        assertThat(full.cause()).isEqualTo("System.gc()");
        assertThat(full.heapAfterBytes()).isPositive().isLessThan(full.heapBeforeBytes());
        // placed on this machine's clock, between the call and its return (1 s for the anchoring's rounding)
        assertThat(full.epochMs()).isBetween(fullGcCalled - 1000, fullGcReturned + 1000);

        List<String> rows = Files.readAllLines(gcCsv);
        assertThat(rows.get(0)).isEqualTo(String.join(",", GcSeries.HEADER));
        assertThat(rows).filteredOn(r -> r.contains(",recording started,")).hasSize(1);
        assertThat(rows.get(rows.size() - 1)).contains(",recording stopped,closed,");

        GcSeries series = GcSeries.read(gcCsv);
        long startedAt = startedAt(gcCsv);
        assertThat(series.gcThroughputPercent(startedAt, full.epochMs() - 1).getAsDouble()).isBetween(0.0, 100.0);
        assertThat(series.pauseCount(startedAt, full.epochMs() - 1).getAsLong()).isGreaterThanOrEqualTo(3);
        assertThat(series.heapAfterFullGcMb(startedAt, fullGcCalled, 5000).getAsDouble())
                .isEqualTo(full.heapAfterBytes() / (1024.0 * 1024.0));

        List<String> cpuRows = Files.readAllLines(cpuCsv);
        assertThat(cpuRows.get(0)).isEqualTo("epochMs,process,cpuMs");
        long firstCpuAt = Long.parseLong(cpuRows.get(1).split(",")[0]);
        long lastCpuAt = Long.parseLong(cpuRows.get(cpuRows.size() - 1).split(",")[0]);
        assertThat(CpuSeries.read(cpuCsv, "server").cpuMillisBetween(firstCpuAt, lastCpuAt).getAsDouble()).isPositive();
        assertThat(log).noneMatch(l -> l.contains("lost"));
    }

    @Test
    void stopsQuietlyWhenTheServerGoesAway() throws Exception {
        int port = freePort();
        Process child = startChild(port);
        Path gcCsv = dir.resolve("gc.csv");
        try (GcRecorder recorder = GcRecorder.connect(JmxFlags.serviceUrl("127.0.0.1", port), CONNECT_TIMEOUT, gcCsv, log::add)
                .sampleCpu(dir.resolve("cpu.csv"), "server", Duration.ofMillis(100))) {
            child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            await(Duration.ofSeconds(60), () -> !recorder.isRecording(), "the recorder noticing the lost connection");
            assertThat(recorder.forceFullGc(Duration.ofSeconds(1))).isFalse();
        }
        assertThat(log).filteredOn(l -> l.contains("lost the JMX connection")).hasSize(1);
        List<String> rows = Files.readAllLines(gcCsv);
        assertThat(rows.get(rows.size() - 1)).contains(",recording stopped,connection lost: ");
        assertThat(rows).filteredOn(r -> r.contains("recording stopped")).hasSize(1);
    }

    @Test
    void theJmxPortListensOnLoopbackOnly() throws Exception {
        assumeThat(Path.of("/proc/net/tcp")).exists();
        int port = freePort();
        startChild(port);
        // the recorder connecting is the sign that the agent is up
        GcRecorder.connect(JmxFlags.serviceUrl("127.0.0.1", port), CONNECT_TIMEOUT, dir.resolve("gc.csv"), log::add).close();

        List<String> listeners = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path file = Path.of(table);
            if (!Files.exists(file)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file);
            for (String line : lines.subList(1, lines.size())) {
                // sl local_address rem_address st ...: addresses are hex "address:port", st 0A is LISTEN
                String[] f = line.trim().split("\\s+");
                String[] local = f[1].split(":");
                boolean listening = "0A".equals(f[3]);
                if (listening && Integer.parseInt(local[1], 16) == port) {
                    listeners.add(local[0]);
                }
            }
        }
        // 127.0.0.1 in /proc's byte order, as IPv4 or as an IPv4-mapped IPv6 address
        assertThat(listeners).isNotEmpty()
                .allMatch(a -> a.equals("0100007F") || a.equals("0000000000000000FFFF00000100007F"), "loopback");
    }

    @Test
    void givesUpWithAClearErrorWhenNothingAnswers() throws IOException {
        int port = freePort();
        long started = System.nanoTime();
        assertThatThrownBy(() -> GcRecorder.connect(JmxFlags.serviceUrl("127.0.0.1", port), Duration.ofSeconds(2),
                dir.resolve("gc.csv"), log::add))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no JMX connection to service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port)
                .hasMessageContaining("within 2 s");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
        assertThat(dir.resolve("gc.csv")).doesNotExist();
    }

    private Process startChild(int jmxPort) throws IOException, URISyntaxException {
        Path classes = Path.of(GarbageMaker.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> cmd = new ArrayList<>(List.of(ServerLauncher.java(), "-Xms64m", "-Xmx64m", "-XX:+UseG1GC"));
        cmd.addAll(JmxFlags.forLoopback(jmxPort));
        cmd.addAll(List.of("-cp", classes.toString(), GarbageMaker.class.getName(), "120"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        children.add(p);
        return p;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Young pauses that ended once the recording was fully subscribed (one may be reported just before). */
    private static long youngPausesSinceStart(Path gcCsv) {
        try {
            long startedAt = startedAt(gcCsv);
            return GcSeries.read(gcCsv).collections().stream()
                    .filter(c -> c.collector().equals("G1 Young Generation") && c.epochMs() >= startedAt).count();
        } catch (IOException e) {
            return 0;
        }
    }

    private static long startedAt(Path gcCsv) throws IOException {
        return Files.readAllLines(gcCsv).stream().filter(r -> r.contains(",recording started,"))
                .mapToLong(r -> Long.parseLong(r.split(",")[0])).findFirst().orElseThrow();
    }

    private static void await(Duration timeout, BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no " + what + " within " + timeout.toSeconds() + " s");
            }
            Thread.sleep(100);
        }
    }
}
