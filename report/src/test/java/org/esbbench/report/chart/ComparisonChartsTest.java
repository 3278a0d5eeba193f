package org.esbbench.report.chart;

import org.esbbench.report.points.PointSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ComparisonChartsTest {

    @TempDir
    Path dir;

    @Test
    void writesOneChartPerScenarioSeriesAndFigureWithOneLinePerRun() throws IOException {
        LinkedHashMap<String, List<PointSummary>> runs = new LinkedHashMap<>();
        runs.put("camel 4.18", ChartData.sweep(List.of("direct"), new int[]{1, 10, 50}, new int[]{1024},
                new long[]{0, 500}, 3, 1));
        runs.put("camel 4.17", ChartData.sweep(List.of("direct"), new int[]{1, 10, 50}, new int[]{1024},
                new long[]{0, 500}, 3, 0.8));

        List<Path> files = ComparisonCharts.write(runs, dir);

        // The compared figures these points know: throughput, mean and p99 (no CPU figures here).
        assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly(
                "direct-1-kib-users-throughput_per_s.png", "direct-1-kib-users-throughput_per_s.svg",
                "direct-1-kib-users-mean_ms.png", "direct-1-kib-users-mean_ms.svg",
                "direct-1-kib-users-p99_ms.png", "direct-1-kib-users-p99_ms.svg",
                "direct-1-kib-delay-500-ms-users-throughput_per_s.png", "direct-1-kib-delay-500-ms-users-throughput_per_s.svg",
                "direct-1-kib-delay-500-ms-users-mean_ms.png", "direct-1-kib-delay-500-ms-users-mean_ms.svg",
                "direct-1-kib-delay-500-ms-users-p99_ms.png", "direct-1-kib-delay-500-ms-users-p99_ms.svg");
        assertThat(files).allSatisfy(f -> assertThat(f).isRegularFile());

        RenderedChart.assertPng(dir.resolve("direct-1-kib-users-throughput_per_s.png"),
                ChartStyle.lineColour(0), ChartStyle.lineColour(1));
        List<String> texts = RenderedChart.svgTexts(dir.resolve("direct-1-kib-delay-500-ms-users-p99_ms.svg"));
        assertThat(texts).contains("direct, 1 KiB, delay 500 ms: p99 by run, against users", "camel 4.18",
                "camel 4.17", "p99 (ms)", "Concurrent users (log scale)");
        // Legend in the order the runs were given.
        assertThat(texts.indexOf("camel 4.18")).isLessThan(texts.indexOf("camel 4.17"));
    }

    @Test
    void aRunWithoutASeriesHasNoLineInThatSeriesCharts() throws IOException {
        LinkedHashMap<String, List<PointSummary>> runs = new LinkedHashMap<>();
        runs.put("baseline", ChartData.sweep(List.of("direct"), new int[]{1, 10}, new int[]{1024, 10240},
                new long[]{0}, 1, 1));
        runs.put("candidate", ChartData.sweep(List.of("direct"), new int[]{1, 10}, new int[]{1024},
                new long[]{0}, 1, 1));

        ComparisonCharts.write(runs, dir);

        assertThat(RenderedChart.svgTexts(dir.resolve("direct-1-kib-users-throughput_per_s.svg")))
                .contains("baseline", "candidate");
        assertThat(RenderedChart.svgTexts(dir.resolve("direct-10-kib-users-throughput_per_s.svg")))
                .contains("baseline").doesNotContain("candidate");
        RenderedChart.assertPng(dir.resolve("direct-10-kib-users-throughput_per_s.png"), ChartStyle.lineColour(0));
    }

    @Test
    void rejectsAnEmptySetOfRuns() {
        assertThatThrownBy(() -> ComparisonCharts.write(new LinkedHashMap<>(), dir))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no runs");
    }
}
