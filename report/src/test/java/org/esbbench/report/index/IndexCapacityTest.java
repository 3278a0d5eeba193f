package org.esbbench.report.index;

import org.esbbench.report.capacity.CapacityChart;
import org.esbbench.report.capacity.CapacityFiles;
import org.esbbench.report.capacity.ProbeRow;
import org.esbbench.report.capacity.SearchRow;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A run that searched for capacities shows each search's chart first, captioned with its capacity. */
class IndexCapacityTest {
    @TempDir
    Path results;

    @Test
    void eachSearchsChartLeadsTheRunsSectionCaptionedWithTheCapacity() throws Exception {
        Path folder = new RunFolderFixture(results.resolve("capacity-run"), "capacity-run")
                .startedAt("2026-11-22T10:00:00Z").point(Point.open("direct", 1840, 1024, 0), 18, 1838).write();
        RunLayout layout = new RunLayout(folder);
        SearchRow search = CapacityFiles.writeFound(layout);
        CapacityChart.write(search, ProbeRow.read(layout.capacity().resolve(ProbeRow.FILE)), layout.capacity());

        Document page = Jsoup.parse(ResultsIndex.write(results).toFile(), "UTF-8");

        Element section = page.selectFirst("section.run[data-run=capacity-run]");
        Element figure = section.selectFirst("div.charts.capacity figure[data-search=direct_s1024_d0]");
        assertThat(figure).isNotNull();
        assertThat(figure.selectFirst("img").attr("src")).isEqualTo("capacity-run/capacity/direct_s1024_d0.png");
        assertThat(figure.selectFirst("figcaption").text())
                .isEqualTo("direct_s1024_d0: 1,840/s, bracket [1,840, 1,880) SVG");
        assertThat(figure.select("figcaption a").attr("href")).isEqualTo("capacity-run/capacity/direct_s1024_d0.svg");
        assertThat(section.select("div.charts").first()).as("before the charts against load").isSameAs(
                figure.parent());
    }

    @Test
    void aRunWithoutASearchHasNoCapacityCharts() throws Exception {
        new RunFolderFixture(results.resolve("plain"), "plain").point(new Point("direct", 10, 1024, 0), 10, 1000)
                .write();

        Document page = Jsoup.parse(ResultsIndex.write(results).toFile(), "UTF-8");

        assertThat(page.select("div.charts.capacity")).isEmpty();
        assertThat(Files.exists(results.resolve("plain").resolve(RunLayout.CAPACITY))).isFalse();
    }
}
