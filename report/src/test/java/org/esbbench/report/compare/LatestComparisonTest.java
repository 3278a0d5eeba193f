package org.esbbench.report.compare;

import org.esbbench.report.index.ResultsIndex;
import org.esbbench.report.index.RunFolder;
import org.esbbench.report.index.RunFolderFixture;
import org.esbbench.report.points.Point;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class LatestComparisonTest {
    @TempDir
    Path results;

    private final Point direct = new Point("direct", 10, 1024, 0);

    private void run(String folder, String target, String startedAt, String outcome, double throughput)
            throws IOException {
        new RunFolderFixture(results.resolve(folder), folder).parameter("target", target).startedAt(startedAt)
                .set("outcome", outcome).point(direct, 10, throughput).write();
    }

    @Test
    void aLaterRunOfFewerScenariosDoesNotHideATargetsRound() throws IOException {
        run("20261122-090000-reference", "reference", "2026-11-22T09:00:00Z", "passed", 1000);
        new RunFolderFixture(results.resolve("20261122-080000-nginx"), "20261122-080000-nginx").parameter("target", "nginx")
                .startedAt("2026-11-22T08:00:00Z").set("outcome", "passed").point(direct, 10, 3000)
                .point(new Point("xslt", 10, 1024, 0), 10, 2000).write();
        run("20261122-100000-nginx", "nginx", "2026-11-22T10:00:00Z", "passed", 2900);

        assertThat(LatestComparison.runs(ResultsIndex.list(results).runs())).extracting(RunFolder::runId)
                .containsExactly("20261122-090000-reference", "20261122-080000-nginx");
    }

    @Test
    void theIndexComparesTheLatestPassedRunOfEachTargetAndLinksIt() throws IOException {
        run("20261122-090000-reference", "reference", "2026-11-22T09:00:00Z", "passed", 1000);
        run("20261122-093000-nginx", "nginx", "2026-11-22T09:30:00Z", "passed", 3000);
        run("20261122-100000-reference", "reference", "2026-11-22T10:00:00Z", "failed", 10);

        ResultsIndex.Listing listing = ResultsIndex.list(results);
        assertThat(LatestComparison.runs(listing.runs())).extracting(RunFolder::runId)
                .as("the reference first, the baseline; a failed run gives way to an older passed one")
                .containsExactly("20261122-090000-reference", "20261122-093000-nginx");

        Path index = ResultsIndex.write(results, listing);

        Path dir = results.resolve(LatestComparison.FOLDER);
        assertThat(dir.resolve("comparison.html")).isNotEmptyFile();
        assertThat(dir.resolve("comparison.csv")).content().contains(",20261122-090000-reference,")
                .doesNotContain("20261122-100000-reference");
        assertThat(dir.resolve("charts/direct-1-kib-users-throughput_per_s-bars.png")).isNotEmptyFile();
        Document page = Jsoup.parse(index.toFile(), "UTF-8");
        assertThat(page.select("p#compare-latest a").attr("href")).isEqualTo("compare-latest/comparison.html");
        assertThat(page.select("p#compare-latest").text()).contains("nginx 20261122-093000-nginx",
                "reference 20261122-090000-reference");
        assertThat(ResultsIndex.list(results).runs()).as("the comparison is not taken for a run").hasSize(3);
    }

    @Test
    void anUnchangedComparisonIsNotDrawnAgainAndANewRoundIs() throws IOException {
        run("20261122-090000-reference", "reference", "2026-11-22T09:00:00Z", "passed", 1000);
        run("20261122-093000-nginx", "nginx", "2026-11-22T09:30:00Z", "passed", 3000);
        ResultsIndex.write(results);
        Path chart = results.resolve(LatestComparison.FOLDER).resolve("charts/direct-1-kib-users-throughput_per_s-bars.png");
        java.nio.file.attribute.FileTime drawn = java.nio.file.attribute.FileTime.fromMillis(1_000_000);
        Files.setLastModifiedTime(chart, drawn);

        ResultsIndex.write(results);
        assertThat(Files.getLastModifiedTime(chart)).as("same runs: not drawn again").isEqualTo(drawn);

        run("20261122-110000-nginx", "nginx", "2026-11-22T11:00:00Z", "passed", 2500);
        ResultsIndex.write(results);
        assertThat(Files.getLastModifiedTime(chart)).as("a newer nginx round: drawn again").isNotEqualTo(drawn);
        assertThat(results.resolve(LatestComparison.FOLDER).resolve("comparison.csv")).content()
                .contains("20261122-110000-nginx");
    }

    @Test
    void withOneTargetThereIsNoComparisonAndAnEarlierOneIsRemoved() throws IOException {
        run("20261122-090000-reference", "reference", "2026-11-22T09:00:00Z", "passed", 1000);
        run("20261122-093000-nginx", "nginx", "2026-11-22T09:30:00Z", "passed", 3000);
        ResultsIndex.write(results);
        assertThat(results.resolve(LatestComparison.PAGE)).exists();

        try (var files = java.nio.file.Files.walk(results.resolve("20261122-093000-nginx"))) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.delete(f);
            }
        }
        Path index = ResultsIndex.write(results);

        assertThat(results.resolve(LatestComparison.FOLDER)).doesNotExist();
        assertThat(Jsoup.parse(index.toFile(), "UTF-8").select("#compare-latest")).isEmpty();
    }
}
