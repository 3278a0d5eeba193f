package org.esbbench.report.index;

import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RunFolderTest {
    @TempDir
    Path dir;

    private final Point direct = new Point("direct", 10, 1024, 0);

    @Test
    void readsTheRunJsonFactsAndThePoints() throws IOException {
        Path folder = new RunFolderFixture(dir.resolve("r1"), "20261122-100000-reference")
                .startedAt("2026-11-22T10:00:05Z")
                .set("git", Map.of("commit", "abc123", "localChanges", true))
                .parameter("sizeBytes", List.of(512, 1024))
                .parameter("targetProfile", Map.of("host", "127.0.0.1"))
                .point(direct, 20, 1000, 1100, 900)
                .write();

        RunFolder run = RunFolder.read(folder);

        assertThat(RunFolder.isRun(folder)).isTrue();
        assertThat(run.runId()).isEqualTo("20261122-100000-reference");
        assertThat(run.outcome()).isEqualTo("passed");
        assertThat(run.startedAt()).contains(Instant.parse("2026-11-22T10:00:05Z"));
        assertThat(run.target()).isEqualTo("reference");
        assertThat(run.gitCommit()).isEqualTo("abc123 (local changes)");
        assertThat(run.parameters()).containsEntry("sizeBytes", "512, 1024")
                .containsEntry("targetProfile", "host=127.0.0.1").containsEntry("users", "10");
        assertThat(run.points()).singleElement().satisfies(p -> {
            assertThat(p.point()).isEqualTo(direct);
            assertThat(p.value(org.esbbench.report.figures.StandardFigures.THROUGHPUT).value()).isEqualTo(1000);
            assertThat(p.repeatCount()).isEqualTo(3);
        });
    }

    @Test
    void withoutRunJsonTheFolderNameIsTheRunId() throws IOException {
        Path folder = new RunFolderFixture(dir.resolve("copied-run"), "ignored").withoutRunJson()
                .point(direct, 20, 1000).write();

        RunFolder run = RunFolder.read(folder);

        assertThat(RunFolder.isRun(folder)).isFalse();
        assertThat(run.runId()).isEqualTo("copied-run");
        assertThat(run.startedAt()).isEmpty();
        assertThat(run.outcome()).isEmpty();
        assertThat(run.parameters()).isEmpty();
    }

    @Test
    void aMissingFolderOrPointsCsvIsAClearError() throws IOException {
        assertThatThrownBy(() -> RunFolder.read(dir.resolve("nope")))
                .isInstanceOf(IOException.class).hasMessageContaining("nope: no such run folder");
        Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> RunFolder.read(dir.resolve("empty")))
                .isInstanceOf(IOException.class).hasMessageContaining("empty: no points.csv");
    }

    @Test
    void aBrokenRunJsonIsAnErrorNamingTheFile() throws IOException {
        Path folder = new RunFolderFixture(dir.resolve("r"), "x").point(direct, 20, 1000).write();
        Files.writeString(folder.resolve("run.json"), "{\"runId\": ");

        assertThatThrownBy(() -> RunFolder.read(folder))
                .isInstanceOf(IOException.class).hasMessageContaining("run.json: not valid JSON");
    }
}
