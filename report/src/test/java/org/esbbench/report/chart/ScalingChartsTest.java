package org.esbbench.report.chart;

import org.esbbench.report.points.PointSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ScalingChartsTest {

    @TempDir
    Path dir;

    @Test
    void writesThroughputAndP99AgainstUsersPerScenarioWithOneLinePerSeries() throws IOException {
        List<PointSummary> points = ChartData.sweep(List.of("direct", "xslt"), new int[]{1, 10, 50},
                new int[]{1024, 10240}, new long[]{0, 100}, 3, 1);

        List<Path> files = ScalingCharts.write(points, dir.resolve("charts"));

        // One chart per charted figure the points know (no CPU or GC figures in these points), per scenario.
        List<String> charted = List.of("error_pct", "incorrect_pct", "throughput_per_s", "mean_ms", "stddev_ms",
                "p50_ms", "p90_ms", "p95_ms", "p99_ms", "p99_9_ms");
        List<String> expected = new java.util.ArrayList<>();
        for (String scenario : List.of("direct", "xslt")) {
            charted.forEach(id -> expected.addAll(List.of(scenario + "-users-" + id + ".png", scenario + "-users-" + id + ".svg")));
        }
        assertThat(files).extracting(p -> p.getFileName().toString()).containsExactlyElementsOf(expected);
        assertThat(files).allSatisfy(f -> assertThat(f).isRegularFile().hasParent(dir.resolve("charts")));

        // Four series, four line colours.
        RenderedChart.assertPng(dir.resolve("charts/direct-users-throughput_per_s.png"), ChartStyle.lineColour(0),
                ChartStyle.lineColour(1), ChartStyle.lineColour(2), ChartStyle.lineColour(3));
        assertThat(RenderedChart.svgTexts(dir.resolve("charts/direct-users-throughput_per_s.svg"))).contains(
                "direct: throughput against users", "throughput (msgs/s)", "Concurrent users (log scale)",
                "1 KiB", "10 KiB", "1 KiB, delay 100 ms", "10 KiB, delay 100 ms",
                "Median of up to 3 repeats; bars show lowest to highest");
        assertThat(RenderedChart.svgTexts(dir.resolve("charts/xslt-users-p99_ms.svg")))
                .contains("xslt: p99 against users", "p99 (ms)");
        assertThat(RenderedChart.svgTexts(dir.resolve("charts/xslt-users-p99_9_ms.svg"))).contains("p99.9 (ms)");
    }

    @Test
    void aSingleUsersValueStillGetsAChartWithVisibleMarkers() throws IOException {
        List<PointSummary> points = ChartData.sweep(List.of("rest"), new int[]{10}, new int[]{1024, 10240},
                new long[]{0}, 1, 1);

        List<Path> files = ScalingCharts.write(points, dir);

        assertThat(files).hasSize(20);
        // Without markers a lone point per line would leave no trace of the line colours in the plot.
        RenderedChart.assertPng(dir.resolve("rest-users-p99_ms.png"), ChartStyle.lineColour(0), ChartStyle.lineColour(1));
        List<String> texts = RenderedChart.svgTexts(dir.resolve("rest-users-p99_ms.svg"));
        assertThat(texts).contains("1 KiB", "10 KiB", "Concurrent users", "10");
        assertThat(texts).as("no spread to show with one repeat").noneMatch(t -> t.contains("repeats"));
    }

    @Test
    void aWideUsersSweepGetsALogScaleLabelledWithWholeUsersCounts() throws IOException {
        List<PointSummary> points = ChartData.sweep(List.of("direct"), new int[]{16, 64, 256, 1024},
                new int[]{1024}, new long[]{0}, 1, 1);

        ScalingCharts.write(points, dir);

        assertThat(RenderedChart.svgTexts(dir.resolve("direct-users-throughput_per_s.svg")))
                .contains("Concurrent users (log scale)", "16", "32", "64", "128", "256", "512", "1,024");
    }

    @Test
    void aFigureNoPointKnowsGetsNoChartAndAllZeroFiguresStillChart() throws IOException {
        List<PointSummary> points = ChartData.sweep(List.of("rest"), new int[]{1, 10}, new int[]{1024},
                new long[]{0}, 1, 1);

        List<Path> files = ScalingCharts.write(points, dir);

        assertThat(files).extracting(p -> p.getFileName().toString())
                .doesNotContain("rest-users-cpu_us_per_msg.png", "rest-users-gc_throughput_pct.png")
                .contains("rest-users-error_pct.png");
        assertThat(RenderedChart.svgTexts(dir.resolve("rest-users-error_pct.svg"))).contains("error % (%)");
    }

    @Test
    void writesNothingForNoPoints() throws IOException {
        assertThat(ScalingCharts.write(List.of(), dir)).isEmpty();
    }

    @Test
    void scenarioNamesBecomeSafeFileNames() throws IOException {
        List<PointSummary> points = ChartData.sweep(List.of("my scenario/v2"), new int[]{1, 2}, new int[]{1024},
                new long[]{0}, 1, 1);

        assertThat(ScalingCharts.write(points, dir)).extracting(p -> p.getFileName().toString())
                .contains("my-scenario-v2-users-throughput_per_s.png", "my-scenario-v2-users-p99_ms.svg");
    }
}
