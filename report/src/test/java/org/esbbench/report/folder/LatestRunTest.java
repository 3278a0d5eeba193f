package org.esbbench.report.folder;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LatestRunTest {
    @TempDir
    Path results;

    @Test
    void latestNamesTheRunItWasPointedAt() throws IOException {
        Path older = Files.createDirectories(results.resolve("20260101-000000-reference"));
        Path newer = Files.createDirectories(results.resolve("20260102-000000-reference"));
        LatestRun.point(results, older);
        LatestRun.point(results, newer);

        assertThat(LatestRun.resolve(results, "latest")).isEqualTo(newer.toRealPath());
    }

    @Test
    void aRunIdIsAFolderUnderResults() throws IOException {
        Path run = Files.createDirectories(results.resolve("20260101-000000-reference"));

        assertThat(LatestRun.resolve(results, "20260101-000000-reference")).isEqualTo(run.toAbsolutePath().normalize());
        assertThat(LatestRun.resolve(results, run.toString())).isEqualTo(run.toAbsolutePath().normalize());
    }

    @Test
    void anUnknownRunOrNoLatestSaysWhatWasLookedFor() {
        assertThatThrownBy(() -> LatestRun.resolve(results, "nope")).hasMessageContaining("no run folder nope");
        assertThatThrownBy(() -> LatestRun.resolve(results, "latest")).hasMessageContaining("no latest run");
    }
}
