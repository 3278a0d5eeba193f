package org.esbbench.report.index;

import org.esbbench.report.folder.RunLayout;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Arrays;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class IndexPageTest {
    @TempDir
    Path results;

    private Document page;

    @BeforeEach
    void render() throws IOException {
        ResultsFolderFixture.build(results);
        Path file = ResultsIndex.write(results);
        assertThat(file).isEqualTo(results.resolve("index.html"));
        page = Jsoup.parse(file.toFile(), "UTF-8");
    }

    @Test
    void listsTheRunsNewestFirstWithTheirFacts() {
        Elements rows = page.select("table#runs tbody tr");
        assertThat(rows).extracting(r -> r.attr("data-run"))
                .containsExactly(ResultsFolderFixture.NEWER_ID, ResultsFolderFixture.OLDER);
        assertThat(texts(rows.get(0).select("td")))
                .containsExactly(ResultsFolderFixture.NEWER_ID, "failed", "2026-11-22 10:00:00 UTC", "reference",
                        "0123456789abcdef", "2");
        assertThat(page.select("section.run")).hasSize(2);
    }

    @Test
    void eachRunLeadsWithTheHeadlineTableOfItsPoints() {
        Element newer = section(ResultsFolderFixture.NEWER_ID);
        Elements points = newer.select("table.headline tbody tr");

        assertThat(points).extracting(r -> r.attr("data-point")).containsExactly("direct_u10_s1024_d0", "xslt_u50_s10240_d500");
        List<String> columns = texts(newer.select("table.headline thead th"));
        assertThat(columns).containsExactly("scenario", "users or arrivals/s", "size · delay", "throughput msgs/s",
                "mean ms", "p50 ms", "p99 ms", "p99.9 ms", "error %", "incorrect %", "CPU per msg µs", "flags");
        List<String> direct = texts(points.get(0).select("td"));
        assertThat(direct).startsWith("direct", "10", "1 KiB · 0 ms");
        assertThat(direct.get(columns.indexOf("throughput msgs/s"))).isEqualTo("1050.0 [1000.0–1100.0]");
        assertThat(points.get(0).select("td").get(columns.indexOf("throughput msgs/s")).select("span.spread").text())
                .as("the spread on a line of its own").isEqualTo("[1000.0–1100.0]");
        assertThat(direct.get(columns.indexOf("mean ms"))).isEqualTo("5.250 [5.000–5.500]");
        assertThat(direct.get(columns.indexOf("p99 ms"))).isEqualTo("10.500 [10.000–11.000]");
        assertThat(direct.get(columns.indexOf("CPU per msg µs"))).isEqualTo("51.0 [50.0–52.0]");
        assertThat(direct.get(columns.indexOf("error %"))).as("no bracket when every repeat shows the same").isEqualTo("0.00");
        List<String> xslt = texts(points.get(1).select("td"));
        assertThat(xslt).startsWith("xslt", "50", "10 KiB · 500 ms");
        assertThat(xslt.get(columns.indexOf("throughput msgs/s"))).isEqualTo("300.0");
        assertThat(xslt.get(columns.indexOf("CPU per msg µs"))).as("unknown").isEmpty();
        assertThat(page.html()).doesNotContain("0.000000");
    }

    @Test
    void everyOtherFigureTheDashboardsAndTheParametersFollowFoldedAway() {
        Element newer = section(ResultsFolderFixture.NEWER_ID);
        List<String> columns = texts(newer.select("details.more-figures table.others thead th"));
        assertThat(columns).startsWith("scenario", "users or arrivals/s", "size · delay", "repeats", "samples", "errors",
                "incorrect").endsWith("dashboards", "throughput over the window")
                .contains("stddev ms", "p90 ms", "GC throughput %", "machine CPU %")
                .doesNotContain("throughput msgs/s", "p99 ms", "client CPU %");
        List<String> direct = texts(newer.select("table.others tbody tr").first().select("td"));
        assertThat(direct).startsWith("direct", "10", "1 KiB · 0 ms", "2", "21000", "0").endsWith("r1 r2 (missing)", "");

        List<String> order = newer.select("table.headline, details").stream()
                .map(e -> e.tagName() + "." + e.className()).toList();
        assertThat(order).containsExactly("table.headline", "details.more-figures", "details.all-charts",
                "details.parameters");
        assertThat(newer.select("details.parameters table.facts th")).extracting(Element::text)
                .containsExactly("scenarios", "users").as("target is in the run's facts line").doesNotContain("target");
        assertThat(newer.select("p.run-facts").text())
                .isEqualTo("2026-11-22 10:00:00 UTC · target reference · git 0123456789abcdef");
    }

    @Test
    void theParametersShowEachOnceUnderItsOwnName(@TempDir Path other) throws IOException {
        new RunFolderFixture(other.resolve("run"), "run")
                .parameter("models", List.of("closed", "open")).parameter("sizeBytes", List.of(1024))
                .parameter("warmupSeconds", 3).parameter("rampupSeconds", 3)
                .parameter("model", "closed,open").parameter("size", "1024").parameter("warmup", "3")
                .parameter("rampup", "30").parameter("rates", List.of()).parameter("rate", "100")
                .parameter("plans", List.of(Map.of("id", "direct"), Map.of("id", "rest")))
                .point(ResultsFolderFixture.DIRECT, 10, 100).write();

        Document doc = Jsoup.parse(ResultsIndex.write(other).toFile(), "UTF-8");

        Elements rows = doc.select("details.parameters table.facts tr");
        assertThat(rows).extracting(r -> r.selectFirst("th").text())
                .containsExactly("scenarios", "users", "model", "size", "warmup", "rampup", "rate", "plans");
        assertThat(rows).extracting(r -> r.selectFirst("td").text())
                .containsExactly("direct", "10", "closed,open", "1024", "3", "30 (as run: 3)", "100 (not used)",
                        "id=direct id=rest");
        assertThat(rows.last().select("td div")).as("a plan per line").extracting(Element::text)
                .containsExactly("id=direct", "id=rest");
    }

    @Test
    void linksAreRelativeAndPointAtFilesThatExist() {
        Element newer = section(ResultsFolderFixture.NEWER_ID);
        assertThat(newer.select("a.dashboard")).singleElement()
                .extracting(a -> a.attr("href")).isEqualTo("20261122-100000%20mi/dashboards/direct_u10_s1024_d0_r1/index.html");
        assertThat(newer.select("p.files a")).extracting(Element::text)
                .containsExactly(RunLayout.SUMMARY_MD, RunLayout.POINTS, RunLayout.RUN_JSON);

        Elements refs = page.select("[href], [src]");
        assertThat(refs).isNotEmpty();
        for (Element e : refs) {
            String ref = e.hasAttr("href") ? e.attr("href") : e.attr("src");
            if (ref.startsWith("#")) {
                assertThat(page.getElementById(ref.substring(1))).as(ref).isNotNull();
                continue;
            }
            assertThat(ref).as("relative link").doesNotContain(":").doesNotStartWith("/");
            assertThat(results.resolve(decode(ref))).as(ref).exists();
        }
        assertThat(page.select("link, script[src], iframe, object")).isEmpty();
    }

    @Test
    void showsTheThroughputAndP99ChartsOfEachScenarioAndListsTheOthers() {
        Element newer = section(ResultsFolderFixture.NEWER_ID);
        assertThat(newer.select("img")).extracting(i -> i.attr("src"))
                .containsExactly("20261122-100000%20mi/charts/direct-users-throughput_per_s.png",
                        "20261122-100000%20mi/charts/direct-users-p99_ms.png");
        assertThat(newer.select(".charts.lead figcaption").first().text())
                .isEqualTo("direct: throughput against users SVG");
        assertThat(newer.select(".charts.lead figcaption a")).singleElement()
                .extracting(a -> a.attr("href")).isEqualTo("20261122-100000%20mi/charts/direct-users-throughput_per_s.svg");
        assertThat(newer.select("details.all-charts a")).extracting(a -> a.attr("href"))
                .containsExactly("20261122-100000%20mi/charts/direct-users-mean_ms.png",
                        "20261122-100000%20mi/charts/direct_u10_s1024_d0_r1-latency.png");
        assertThat(section(ResultsFolderFixture.OLDER).select("img")).extracting(i -> i.attr("src"))
                .containsExactly(ResultsFolderFixture.OLDER + "/charts/direct-users-throughput_per_s.png");
    }

    @Test
    void textFromTheRunIsEscaped() throws IOException {
        Element older = section(ResultsFolderFixture.OLDER);
        assertThat(older.select("b")).isEmpty();
        assertThat(older.select("table.facts tr").eachText()).contains("note <b>bold</b> & \"quoted\"");
        assertThat(Files.readString(results.resolve("index.html"))).contains("&lt;b&gt;bold&lt;/b&gt; &amp;");
    }

    @Test
    void errorAndIncorrectPercentAreOfTheSamplesOfAllRepeats(@TempDir Path other) throws IOException {
        org.esbbench.report.points.Point point = ResultsFolderFixture.DIRECT;
        // 1 of 100 and 9 of 900: pooled 10 of 1000 = 1 %, where the median of the repeats' rates would say 1 % too;
        // incorrect 3 of 100 and 0 of 900: pooled 0.3 %, where a median would say 1.5 %.
        new RunFolderFixture(other.resolve("run"), "run")
                .row(org.esbbench.report.points.RowBuilder.row(point, 1).counts(100, 1, 3).build())
                .row(org.esbbench.report.points.RowBuilder.row(point, 2).counts(900, 9, 0).build())
                .write();

        Document doc = Jsoup.parse(ResultsIndex.write(other).toFile(), "UTF-8");

        Elements header = doc.select("table.headline thead th");
        Element row = doc.select("table.headline tbody tr").first();
        java.util.List<String> columns = texts(header);
        java.util.List<String> cells = texts(row.select("td"));
        java.util.List<String> others = texts(doc.select("table.others thead th"));
        java.util.List<String> otherCells = texts(doc.select("table.others tbody tr").first().select("td"));
        assertThat(otherCells.get(others.indexOf("errors"))).isEqualTo("10");
        assertThat(otherCells.get(others.indexOf("incorrect"))).isEqualTo("3");
        assertThat(cells.get(columns.indexOf("error %"))).isEqualTo("1.00");
        assertThat(cells.get(columns.indexOf("incorrect %"))).isEqualTo("0.30 [0.00–3.00]");
    }

    private Element section(String runId) {
        return page.select("section.run").stream().filter(s -> s.attr("data-run").equals(runId)).findFirst().orElseThrow();
    }

    /** Every cell's text, empty ones included (jsoup's eachText() leaves those out). */
    private static java.util.List<String> texts(Elements cells) {
        return cells.stream().map(Element::text).toList();
    }

    private static String decode(String ref) {
        return Arrays.stream(ref.split("/")).map(s -> URLDecoder.decode(s, StandardCharsets.UTF_8))
                .collect(Collectors.joining("/"));
    }

    @Test
    void eachScenarioRunsThroughputOverTheWindowIsASmallImageInThePointsTableNotAmongTheCharts(@TempDir Path other)
            throws IOException {
        org.esbbench.report.points.Point point = ResultsFolderFixture.DIRECT;
        Path run = new RunFolderFixture(other.resolve("run"), "run")
                .row(org.esbbench.report.points.RowBuilder.row(point, 1).counts(100, 0, 0).build())
                .row(org.esbbench.report.points.RowBuilder.row(point, 2).counts(100, 0, 0).build())
                .write();
        String name = RunLayout.scenarioRunName(point, 2);
        Path png = run.resolve(RunLayout.CHARTS).resolve(org.esbbench.report.chart.ThroughputChart.fileName(name));
        Files.createDirectories(png.getParent());
        javax.imageio.ImageIO.write(new java.awt.image.BufferedImage(8, 8, java.awt.image.BufferedImage.TYPE_INT_RGB),
                "png", png.toFile());
        javax.imageio.ImageIO.write(new java.awt.image.BufferedImage(8, 8, java.awt.image.BufferedImage.TYPE_INT_RGB),
                "png", run.resolve(RunLayout.CHARTS).resolve("direct-users-p99_ms.png").toFile());

        Document doc = Jsoup.parse(ResultsIndex.write(other).toFile(), "UTF-8");

        assertThat(doc.select("table.others td.over-time a.throughput img")).singleElement()
                .satisfies(img -> assertThat(img.attr("src")).isEqualTo("run/charts/" + name + "-over-window.png"))
                .satisfies(img -> assertThat(img.attr("alt")).isEqualTo("r2 throughput over the window"));
        assertThat(doc.select(".charts img")).extracting(i -> i.attr("src")).containsExactly("run/charts/direct-users-p99_ms.png");
        assertThat(doc.select("details.all-charts")).as("the window's chart is not listed again").isEmpty();
    }
}
