package org.esbbench.maven.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.maven.management.GcRecordingIT.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.esbbench.report.usage.GcSeries;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GC recording follows a server that is stopped and started again on the same management port, as the run goal
 * restarts the reference server for each heap of a heap list: one gc.csv, one recording span per server, and the
 * collections of the second server recorded.
 */
class GcFollowerIT {
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
    void reconnectsToTheRestartedServerAndKeepsAppending() throws Exception {
        int port = GarbageMakerJvm.freePort();
        Process first = children.start(port, dir.resolve("first.log"));
        Path gcCsv = dir.resolve("gc.csv");
        long restartedAt;
        try (ManagementConnection connection = ManagementConnection.connect(
                ManagementAgentFlags.serviceUrl("127.0.0.1", port), CONNECT_TIMEOUT);
             GcFollower follower = GcFollower.start(connection, gcCsv, CONNECT_TIMEOUT, log::add)) {
            follower.follow(Optional.of(first.pid()));
            await(Duration.ofSeconds(60), () -> collections(gcCsv) > 0, "a collection of the first server");

            first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            restartedAt = System.currentTimeMillis();
            Process second = children.start(port, dir.resolve("second.log"));
            // the monitor's tick: the server's pid in processes.csv is now the second one
            await(Duration.ofSeconds(90), () -> {
                follower.follow(Optional.of(second.pid()));
                return follower.isRecording() && follower.reconnections() == 1;
            }, "a recording of the restarted server");
            await(Duration.ofSeconds(60), () -> collectionsAfter(gcCsv, restartedAt) >= 2,
                    "collections of the second server in " + gcCsv);
            for (int i = 0; i < 5; i++) {
                follower.follow(Optional.of(second.pid()));
                Thread.sleep(50);
            }
            assertThat(follower.reconnections()).as("the same server is not reconnected to").isEqualTo(1);
        }

        List<String> rows = Files.readAllLines(gcCsv);
        assertThat(rows).filteredOn(r -> r.equals(String.join(",", GcSeries.HEADER))).hasSize(1);
        assertThat(rows).filteredOn(r -> r.contains(",recording started,")).hasSize(2);
        assertThat(rows).filteredOn(r -> r.contains(",recording stopped,")).hasSize(2);
        assertThat(rows.get(rows.size() - 1)).contains(",recording stopped,closed,");
        assertThat(log).anyMatch(l -> l.contains("the server was restarted (pid "));

        // the second span covers a window of the second server, and its figures come from its collections
        long secondStart = Files.readAllLines(gcCsv).stream().filter(r -> r.contains(",recording started,"))
                .mapToLong(r -> Long.parseLong(r.split(",")[0])).max().orElseThrow();
        GcSeries series = GcSeries.read(gcCsv);
        long lastCollection = series.collections().get(series.collections().size() - 1).epochMs();
        assertThat(secondStart).isGreaterThanOrEqualTo(restartedAt);
        assertThat(series.covers(secondStart + 1, lastCollection)).isTrue();
        assertThat(series.pauseCount(secondStart + 1, lastCollection).getAsLong()).isPositive();
        assertThat(series.covers(restartedAt - 5000, secondStart + 1)).as("no span across the restart").isFalse();
    }

    private static long collections(Path gcCsv) {
        return collectionsAfter(gcCsv, 0);
    }

    private static long collectionsAfter(Path gcCsv, long epochMs) {
        try {
            return GcSeries.read(gcCsv).collections().stream().filter(c -> c.epochMs() >= epochMs).count();
        } catch (IOException e) {
            return 0;
        }
    }
}
