package org.esbbench.report.chart;

import org.esbbench.report.samples.Sample;
import org.esbbench.report.samples.ThroughputSeries;
import org.esbbench.report.samples.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ThroughputChartTest {
    @TempDir
    Path dir;

    /** {@code perSecond} samples a second of {@code elapsed} ms over [from, to) ms into the window. */
    private static void load(ThroughputSeries series, long from, long to, int perSecond, long elapsed) {
        long start = series.window().measurementStartMillis();
        for (long t = from; t < to; t += 1000 / perSecond) {
            series.add(new Sample(start + t, elapsed, "direct", "200", true, "", 100, 100, 2, 2, elapsed, 0));
        }
    }

    @Test
    void drawsThroughputAndP99PerBucketWithTheirTitlesAndTheShortLastBucketLeftOut() throws Exception {
        ThroughputSeries series = new ThroughputSeries(new Window(1_000_000, 20_000, 62_000));
        load(series, 0, 40_000, 100, 5);
        load(series, 40_000, 62_000, 50, 30);

        List<Path> files = ThroughputChart.write("Throughput over the window: drift-direct_u2_s1024_d0_r1", series,
                dir.resolve(ThroughputChart.fileName("drift-direct_u2_s1024_d0_r1")));

        assertThat(files).containsExactly(dir.resolve("drift-direct_u2_s1024_d0_r1-over-window.png"),
                dir.resolve("drift-direct_u2_s1024_d0_r1-over-window.svg"));
        RenderedChart.assertPng(files.get(0), ChartStyle.lineColour(0), ChartStyle.lineColour(1));
        assertThat(RenderedChart.svgTexts(files.get(1))).contains("Throughput over the window: drift-direct_u2_s1024_d0_r1",
                "Throughput (samples/s)", "p99 (ms)", "Seconds into the measurement window",
                "Per 10 s of the window, by sample start; dashed: its thirds; last 2.0 s not charted");
        assertThat(ThroughputChart.charted(series)).extracting(ThroughputSeries.Slice::offsetMillis)
                .containsExactly(0L, 10_000L, 20_000L, 30_000L, 40_000L, 50_000L);
    }

    @Test
    void aSmokeWindowOfFourSecondsIsOnePoint() throws Exception {
        ThroughputSeries series = new ThroughputSeries(new Window(0, 2_000, 4_000));
        load(series, 0, 4_000, 200, 3);

        assertThat(ThroughputChart.charted(series)).singleElement()
                .satisfies(b -> assertThat(b.throughputPerSecond()).isCloseTo(200, org.assertj.core.data.Offset.offset(1.0)));
        Path png = ThroughputChart.write("smoke", series, dir.resolve("smoke-throughput.png")).get(0);
        RenderedChart.assertPng(png, ChartStyle.lineColour(0));
    }

    @Test
    void anEmptyBucketPlotsZeroThroughputAndNoP99() {
        ThroughputSeries series = new ThroughputSeries(new Window(0, 0, 30_000));
        load(series, 0, 10_000, 10, 5);
        load(series, 20_000, 30_000, 10, 5);

        assertThat(ThroughputChart.charted(series)).extracting(ThroughputSeries.Slice::samples).containsExactly(100L, 0L, 100L);
        org.jfree.chart.JFreeChart chart = ThroughputChart.create("gap", series);
        var plots = ((org.jfree.chart.plot.CombinedDomainXYPlot) chart.getXYPlot()).getSubplots();
        assertThat(plots.get(0).getDataset().getYValue(0, 1)).isZero();
        assertThat(plots.get(1).getDataset().getY(0, 1)).isNull();
    }
}
