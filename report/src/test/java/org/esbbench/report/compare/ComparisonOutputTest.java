package org.esbbench.report.compare;

import org.esbbench.report.index.RunFolderFixture;
import org.esbbench.report.points.Point;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ComparisonOutputTest {
    @TempDir
    Path dir;

    private final Point small = new Point("direct", 10, 1024, 0);
    private final Point large = new Point("direct", 10, 10240, 0);

    private Path reference() throws IOException {
        return new RunFolderFixture(dir.resolve("ref"), "20261122-100000-reference").point(small, 10, 1000, 1020)
                .point(large, 20, 500, 520).write();
    }

    private Path nginx() throws IOException {
        return new RunFolderFixture(dir.resolve("nginx"), "20261122-110000-nginx").parameter("target", "nginx")
                .point(small, 4, 3000, 3100).point(large, 6, 1800, 1900).write();
    }

    @Test
    void runsOfTwoTargetsAreDrawnSideBySideAboveEachScenariosTable() throws IOException {
        Path out = dir.resolve("out");

        ComparisonOutput.Written written = ComparisonOutput.write(
                List.of(ComparedRun.load(reference(), null), ComparedRun.load(nginx(), null)), out,
                org.esbbench.report.figures.Figures.standard());

        assertThat(written.comparison().runs()).extracting(ComparedRun::target).containsExactly("reference", "nginx");
        for (String chart : List.of("direct-users-10-throughput_per_s-bars", "direct-users-10-p99_ms-bars")) {
            assertThat(out.resolve("charts/" + chart + ".png")).isNotEmptyFile();
            assertThat(out.resolve("charts/" + chart + ".svg")).isNotEmptyFile();
        }
        assertThat(written.links().bars("direct")).containsExactly(
                "charts/direct-users-10-throughput_per_s-bars.png", "charts/direct-users-10-p99_ms-bars.png");
        assertThat(written.links().lines()).as("one load level: no line against load").isEmpty();

        String md = Files.readString(out.resolve(ComparisonReport.MARKDOWN_FILE));
        assertThat(md).contains("| run | run id | target |", "| reference |", "| nginx |");
        assertThat(md.indexOf("## direct")).isLessThan(md.indexOf("![direct-users-10-throughput_per_s-bars.png]"
                + "(charts/direct-users-10-throughput_per_s-bars.png)"));
        assertThat(md.indexOf("(charts/direct-users-10-p99_ms-bars.png)")).isLessThan(md.indexOf("| users or rate |"));

        Document page = Jsoup.parse(out.resolve(ComparisonOutput.HTML_FILE).toFile(), "UTF-8");
        assertThat(page.select("table#runs tbody tr td:eq(2)")).extracting(e -> e.text())
                .containsExactly("reference", "nginx");
        assertThat(page.select("section[data-scenario=direct] .charts.bars img")).extracting(e -> e.attr("src"))
                .containsExactly("charts/direct-users-10-throughput_per_s-bars.png",
                        "charts/direct-users-10-p99_ms-bars.png");
        assertThat(page.select("section[data-scenario=direct] tr[data-point=direct_u10_s10240_d0][data-figure=throughput_per_s] td")
                .eachText()).contains("510.0 [500.0–520.0]", "1850.0 [1800.0–1900.0]");
    }

    @Test
    void theCommandWritesTheBarsAndSaysSo() throws IOException {
        StringWriter stdout = new StringWriter();
        CommandLine cli = new CommandLine(new CompareCommand()).setOut(new PrintWriter(stdout));

        int exit = cli.execute(reference().toString(), nginx().toString(), "--label", "reference", "--label", "nginx",
                "--out", dir.resolve("cli").toString());

        assertThat(exit).isZero();
        assertThat(dir.resolve("cli/charts/direct-users-10-throughput_per_s-bars.png")).isNotEmptyFile();
        assertThat(dir.resolve("cli/comparison.html")).isNotEmptyFile();
        assertThat(stdout.toString()).contains("![direct-users-10-p99_ms-bars.png]", "comparison.html", "4 chart files");
    }
}
