package org.esbbench.report.index;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResultsIndexTest {
    @TempDir
    Path results;

    @Test
    void listsRunFoldersNewestFirstAndSkipsTheLatestLinkAndNonRuns() throws IOException {
        ResultsFolderFixture.build(results);

        ResultsIndex.Listing listing = ResultsIndex.list(results);

        assertThat(listing.runs()).extracting(RunFolder::runId)
                .containsExactly(ResultsFolderFixture.NEWER_ID, ResultsFolderFixture.OLDER);
        assertThat(listing.unreadable()).isEmpty();
    }

    @Test
    void runsWithoutATimeComeLastNewestFolderNameFirst() throws IOException {
        new RunFolderFixture(results.resolve("20260101-a"), "a").set("times", java.util.Map.of())
                .point(ResultsFolderFixture.DIRECT, 10, 100).write();
        new RunFolderFixture(results.resolve("20260102-b"), "b").set("times", java.util.Map.of())
                .point(ResultsFolderFixture.DIRECT, 10, 100).write();
        new RunFolderFixture(results.resolve("20250101-c"), "c").startedAt("2025-01-01T00:00:00Z")
                .point(ResultsFolderFixture.DIRECT, 10, 100).write();

        assertThat(ResultsIndex.list(results).runs()).extracting(RunFolder::runId).containsExactly("c", "b", "a");
    }

    @Test
    void aDamagedRunIsListedAsUnreadableInsteadOfFailingTheIndex() throws IOException {
        ResultsFolderFixture.build(results);
        Path damaged = new RunFolderFixture(results.resolve("20261123-damaged"), "damaged")
                .point(ResultsFolderFixture.DIRECT, 10, 100).write();
        Files.writeString(damaged.resolve("points.csv"), "scenario,users\ndirect,not-a-number\n");

        ResultsIndex.Listing listing = ResultsIndex.list(results);

        assertThat(listing.runs()).hasSize(2);
        assertThat(listing.unreadable()).singleElement().asString().startsWith("20261123-damaged: ");
        assertThat(IndexPage.render(listing)).contains("Run folders that could not be read", "20261123-damaged: ");
    }

    @Test
    void aRunWithADamagedHistogramIsListedAsUnreadable() throws IOException {
        ResultsFolderFixture.build(results);
        Path damaged = new RunFolderFixture(results.resolve("20261123-histogram"), "histogram")
                .point(ResultsFolderFixture.DIRECT, 10, 100).write();
        Files.createDirectories(damaged.resolve("histograms"));
        Files.writeString(damaged.resolve("histograms/direct_u10_s1024_d0_r1.hlog"), "0.0,1.0,1.0,not-base64!\n");

        ResultsIndex.Listing listing = ResultsIndex.list(results);

        assertThat(listing.runs()).hasSize(2);
        assertThat(listing.unreadable()).singleElement().asString().startsWith("20261123-histogram: ")
                .contains("direct_u10_s1024_d0_r1.hlog");
    }

    @Test
    void aMissingResultsFolderIsAnError() {
        assertThatThrownBy(() -> ResultsIndex.write(results.resolve("nope")))
                .isInstanceOf(IOException.class).hasMessageContaining("no such results folder");
    }
}
