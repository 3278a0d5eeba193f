package org.esbbench.report.chart;

import org.esbbench.report.points.LatencyDistribution;
import org.HdrHistogram.Histogram;
import org.esbbench.report.samples.LatencyHistogram;
import org.esbbench.report.samples.LatencyTiming;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LatencyChartTest {

    @TempDir
    Path dir;

    @Test
    void writesThePercentileDistributionAsPngAndSvgOnTheHdrHistogramPercentileScale() throws IOException {
        List<LatencyDistribution.Step> steps = ChartData.latency(1);
        double max = steps.get(steps.size() - 1).valueMs();
        Path png = dir.resolve("latency/direct_u10_s1024_d0_r1.png");

        List<Path> files = LatencyChart.write("direct_u10_s1024_d0, repeat 1", steps, png);

        assertThat(files).containsExactly(png, dir.resolve("latency/direct_u10_s1024_d0_r1.svg"));
        RenderedChart.assertPng(png, ChartStyle.lineColour(0));
        List<String> texts = RenderedChart.svgTexts(files.get(1));
        assertThat(texts).contains("direct_u10_s1024_d0, repeat 1", "Percentile", "Response time (ms)",
                "0%", "90%", "99%", "99.9%", "99.99%",
                "Response time (max " + String.format(Locale.ROOT, "%.3f", max) + " ms)");
    }

    @Test
    void drawsSeveralDistributionsOneLineEach() throws IOException {
        LinkedHashMap<String, List<LatencyDistribution.Step>> runs = new LinkedHashMap<>();
        runs.put("baseline", ChartData.latency(1));
        runs.put("candidate", ChartData.latency(2));

        List<Path> files = LatencyChart.write("direct_u10_s1024_d0", runs, dir.resolve("compare.png"));

        RenderedChart.assertPng(files.get(0), ChartStyle.lineColour(0), ChartStyle.lineColour(1));
        assertThat(RenderedChart.svgTexts(files.get(1)))
                .anyMatch(t -> t.startsWith("baseline (max ")).anyMatch(t -> t.startsWith("candidate (max "));
    }

    @Test
    void aDistributionOfOneValueStillShowsAPoint() throws IOException {
        Histogram h = LatencyHistogram.tagged(new Histogram(3), LatencyTiming.WHOLE_MILLISECONDS);
        h.recordValue(42_000);
        List<LatencyDistribution.Step> steps = LatencyDistribution.of(h);

        List<Path> files = LatencyChart.write("one sample", steps, dir.resolve("one.png"));

        RenderedChart.assertPng(files.get(0), ChartStyle.lineColour(0));
        assertThat(RenderedChart.svgTexts(files.get(1))).contains("Response time (max 42.000 ms)");
    }

    @Test
    void aSubMillisecondDistributionIsLabelledToTheMicrosecond() throws IOException {
        Histogram h = LatencyHistogram.tagged(new Histogram(3), LatencyTiming.MICROSECONDS);
        h.recordValueWithCount(187, 90);
        h.recordValueWithCount(913, 10);

        List<Path> files = LatencyChart.write("sub-ms", LatencyDistribution.of(h), dir.resolve("sub.png"));

        assertThat(RenderedChart.svgTexts(files.get(1))).contains("Response time (max 0.913 ms)");
    }

    @Test
    void rejectsAnEmptyDistribution() {
        assertThatThrownBy(() -> LatencyChart.write("empty", List.of(), dir.resolve("empty.png")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no steps");
    }

    @Test
    void rejectsAChartFileThatIsNotPng() {
        assertThatThrownBy(() -> LatencyChart.write("x", ChartData.latency(1), dir.resolve("chart.jpg")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(".png");
    }
}
