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
    void eachRunHasATableOfItsPointsWithMediansAndSpread() {
        Element newer = section(ResultsFolderFixture.NEWER_ID);
        Elements points = newer.select("table.points tbody tr");

        assertThat(points).extracting(r -> r.attr("data-point")).containsExactly("direct_u10_s1024_d0", "xslt_u50_s10240_d500");
        List<String> columns = texts(newer.select("table.points thead th"));
        assertThat(columns).startsWith("scenario", "users or rate", "size", "delay ms", "heap", "repeats", "samples", "errors",
                "error %", "incorrect", "incorrect %", "throughput msgs/s").endsWith("flags", "dashboards", "throughput over the window")
                .contains("stddev ms", "p99.9 ms", "CPU per msg µs", "GC throughput %");
        List<String> direct = texts(points.get(0).select("td"));
        assertThat(direct).startsWith("direct", "10", "1 KiB", "0", "", "2", "21000", "0");
        assertThat(direct.get(columns.indexOf("throughput msgs/s"))).isEqualTo("1050.00 [1000.00–1100.00]");
        assertThat(direct.get(columns.indexOf("mean ms"))).isEqualTo("5.250 [5.000–5.500]");
        assertThat(direct.get(columns.indexOf("p99 ms"))).isEqualTo("10.500 [10.000–11.000]");
        assertThat(direct.get(columns.indexOf("CPU per msg µs"))).isEqualTo("51.00 [50.00–52.00]");
        assertThat(direct.get(columns.indexOf("error %"))).isEqualTo("0.000000 [0.000000–0.000000]");
        assertThat(direct).endsWith("", "r1 r2 (missing)", "");
        List<String> xslt = texts(points.get(1).select("td"));
        assertThat(xslt.get(columns.indexOf("throughput msgs/s"))).isEqualTo("300.00");
        assertThat(xslt.get(columns.indexOf("CPU per msg µs"))).as("unknown").isEmpty();
        assertThat(xslt).endsWith("", "", "");
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
    void showsEveryChartOfARunAsAnImage() {
        assertThat(section(ResultsFolderFixture.NEWER_ID).select("img")).extracting(i -> i.attr("src"))
                .containsExactly("20261122-100000%20mi/charts/direct-throughput.png",
                        "20261122-100000%20mi/charts/latency/direct_u10_s1024_d0_r1.png");
        assertThat(section(ResultsFolderFixture.NEWER_ID).select("figcaption a")).singleElement()
                .extracting(a -> a.attr("href")).isEqualTo("20261122-100000%20mi/charts/direct-throughput.svg");
        assertThat(section(ResultsFolderFixture.OLDER).select("img")).extracting(i -> i.attr("src"))
                .containsExactly(ResultsFolderFixture.OLDER + "/charts/throughput.png");
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

        Elements header = doc.select("table.points thead th");
        Element row = doc.select("table.points tbody tr").first();
        java.util.List<String> columns = texts(header);
        java.util.List<String> cells = texts(row.select("td"));
        assertThat(cells.get(columns.indexOf("errors"))).isEqualTo("10");
        assertThat(cells.get(columns.indexOf("incorrect"))).isEqualTo("3");
        assertThat(cells.get(columns.indexOf("error %"))).isEqualTo("1.000000 [1.000000–1.000000]");
        assertThat(cells.get(columns.indexOf("incorrect %"))).isEqualTo("0.300000 [0.000000–3.000000]");
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
                "png", run.resolve(RunLayout.CHARTS).resolve("direct-p99_ms.png").toFile());

        Document doc = Jsoup.parse(ResultsIndex.write(other).toFile(), "UTF-8");

        assertThat(doc.select("table.points td.over-time a.throughput img")).singleElement()
                .satisfies(img -> assertThat(img.attr("src")).isEqualTo("run/charts/" + name + "-over-window.png"))
                .satisfies(img -> assertThat(img.attr("alt")).isEqualTo("r2 throughput over the window"));
        assertThat(doc.select(".charts img")).extracting(i -> i.attr("src")).containsExactly("run/charts/direct-p99_ms.png");
    }
}
