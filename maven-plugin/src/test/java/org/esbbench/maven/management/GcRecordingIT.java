package org.esbbench.maven.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.esbbench.maven.monitor.CpuSampler;
import org.esbbench.maven.monitor.CpuSource;
import org.esbbench.report.usage.CpuSeries;
import org.esbbench.report.usage.GcSeries;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The management connection, the GC recording, the forced full GC and the remote CPU sampling against a real child
 * JVM that makes garbage, reached through the agent flags the suite uses.
 */
class GcRecordingIT {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private final GarbageMakerJvm children = new GarbageMakerJvm();
    private final List<String> log = new CopyOnWriteArrayList<>();

    @AfterEach
    void stopChildren() throws InterruptedException {
        children.close();
    }

    @Test
    void recordsYoungPausesAForcedFullCollectionAndTheCpuTime() throws Exception {
        int port = GarbageMakerJvm.freePort();
        children.start(port, dir.resolve("child.log"));
        Path gcCsv = dir.resolve("gc.csv");
        Path cpuCsv = dir.resolve("server-cpu.csv");
        long fullGcCalled;
        long fullGcReturned;
        try (ManagementConnection connection = ManagementConnection.connect(ManagementAgentFlags.serviceUrl("127.0.0.1", port), CONNECT_TIMEOUT);
             GcRecording recording = GcRecording.start(connection, gcCsv, log::add);
             CpuSampler cpu = new CpuSampler(cpuCsv).watch("server", CpuSource.ofRemoteJvm(connection))) {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (youngPausesSinceStart(gcCsv) < 3 && System.nanoTime() < deadline) {
                cpu.sampleOnce();
                Thread.sleep(100);
            }
            assertThat(youngPausesSinceStart(gcCsv)).as("young collections in %s", gcCsv).isGreaterThanOrEqualTo(3);
            fullGcCalled = System.currentTimeMillis();
            assertThat(FullGc.run(connection, Duration.ofSeconds(20))).as("log: %s", log).isTrue();
            fullGcReturned = System.currentTimeMillis();
            // the recording got the same notification (on the connector's thread, maybe a moment later)
            await(Duration.ofSeconds(10), () -> fullCollections(gcCsv) > 0, "the full collection in " + gcCsv);
            assertThat(recording.isRecording()).isTrue();
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
        int port = GarbageMakerJvm.freePort();
        Process child = children.start(port, dir.resolve("child.log"));
        Path gcCsv = dir.resolve("gc.csv");
        Path cpuCsv = dir.resolve("server-cpu.csv");
        try (ManagementConnection connection = ManagementConnection.connect(ManagementAgentFlags.serviceUrl("127.0.0.1", port), CONNECT_TIMEOUT);
             GcRecording recording = GcRecording.start(connection, gcCsv, log::add);
             CpuSampler cpu = new CpuSampler(cpuCsv).watch("server", CpuSource.ofRemoteJvm(connection))) {
            cpu.sampleOnce();
            child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            await(Duration.ofSeconds(60), () -> {
                try {
                    cpu.sampleOnce(); // a failing remote source gives no reading, never an exception
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
                return !recording.isRecording();
            }, "the recording noticing the lost connection");
            assertThatThrownBy(() -> FullGc.run(connection, Duration.ofSeconds(1))).isInstanceOf(IOException.class);
        }
        assertThat(log).filteredOn(l -> l.contains("lost the JMX connection")).hasSize(1);
        List<String> rows = Files.readAllLines(gcCsv);
        assertThat(rows.get(rows.size() - 1)).contains(",recording stopped,connection lost: ");
        assertThat(rows).filteredOn(r -> r.contains("recording stopped")).hasSize(1);
    }

    @Test
    void theAgentListensOnLoopbackOnly() throws Exception {
        assumeThat(Path.of("/proc/net/tcp")).exists();
        int port = GarbageMakerJvm.freePort();
        children.start(port, dir.resolve("child.log"));
        // connecting is the sign that the agent is up
        ManagementConnection.connect(ManagementAgentFlags.serviceUrl("127.0.0.1", port), CONNECT_TIMEOUT).close();

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
        int port = GarbageMakerJvm.freePort();
        long started = System.nanoTime();
        assertThatThrownBy(() -> ManagementConnection.connect(ManagementAgentFlags.serviceUrl("127.0.0.1", port), Duration.ofSeconds(2)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no JMX connection to service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port)
                .hasMessageContaining("within 2 s");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
    }

    /** Young pauses that ended once the recording was fully subscribed (one may be reported just before). */
    private static long youngPausesSinceStart(Path gcCsv) {
        try {
            long startedAt = startedAt(gcCsv);
            return GcSeries.read(gcCsv).collections().stream()
                    .filter(c -> c.collector().equals("G1 Young Generation") && c.epochMs() >= startedAt).count();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static long fullCollections(Path gcCsv) {
        try {
            return GcSeries.read(gcCsv).collections().stream().filter(GcSeries.Collection::isFull).count();
        } catch (IOException e) {
            return 0;
        }
    }

    static long startedAt(Path gcCsv) throws IOException {
        return Files.readAllLines(gcCsv).stream().filter(r -> r.contains(",recording started,"))
                .mapToLong(r -> Long.parseLong(r.split(",")[0])).findFirst().orElseThrow();
    }

    static void await(Duration timeout, BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no " + what + " within " + timeout.toSeconds() + " s");
            }
            Thread.sleep(100);
        }
    }
}
