package org.esbbench.report.capacity;

import org.esbbench.report.chart.RenderedChart;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Color;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CapacityChartTest {
    @TempDir
    Path dir;

    @Test
    void drawsThePercentilesTheThroughputTheBoundAndTheCapacityIntoTheCapacityFolder() throws Exception {
        RunLayout layout = new RunLayout(dir.resolve("run"));
        SearchRow search = CapacityFiles.writeFound(layout);
        List<ProbeRow> probes = ProbeRow.read(layout.capacity().resolve(ProbeRow.FILE));

        List<Path> files = CapacityChart.write(search, probes, layout.capacity());

        assertThat(files).containsExactly(layout.capacity().resolve("direct_s1024_d0.png"),
                layout.capacity().resolve("direct_s1024_d0.svg"));
        RenderedChart.assertPng(files.get(0), (Color) CapacityChart.FAILED, (Color) CapacityChart.CONFIRMATION);
        assertThat(RenderedChart.svgTexts(files.get(1))).contains(
                "Capacity of direct_s1024_d0 under p99<=20ms",
                "1,840/s, bracket [1,840, 1,880); red crosses: failed probes; diamond: the confirmation window",
                "Offered rate (arrivals/s)", "Response time (ms, log scale)", "Achieved (msgs/s)",
                "p50", "p99", "p99.9", "failed probes (p99)", "confirmation (p99)", "achieved", "offered (held)",
                "achieved, failed probes",
                "objective p99<=20ms", "capacity 1,840/s", "lowest fail 1,880/s");
    }

    @Test
    void theWarmUpIsNoProbeAndTheFailedOnesAreASeriesOfTheirOwn() throws Exception {
        RunLayout layout = new RunLayout(dir.resolve("run"));
        SearchRow search = CapacityFiles.writeFound(layout);

        JFreeChart chart = CapacityChart.create(search, ProbeRow.read(layout.capacity().resolve(ProbeRow.FILE)));

        @SuppressWarnings("unchecked")
        List<XYPlot> plots = ((CombinedDomainXYPlot) chart.getXYPlot()).getSubplots();
        XYPlot latency = plots.get(0);
        assertThat(latency.getDataset().getSeriesKey(1)).isEqualTo("p99");
        // eight probes, none of them the warm-up at 900/s
        assertThat(latency.getDataset().getItemCount(1)).isEqualTo(8);
        assertThat(latency.getDataset().getXValue(1, 0)).isEqualTo(1000);
        assertThat(latency.getDataset().getSeriesKey(3)).isEqualTo(CapacityChart.FAILED_PROBES);
        assertThat(latency.getDataset().getItemCount(3)).isEqualTo(3);
        assertThat(((org.jfree.chart.renderer.xy.XYLineAndShapeRenderer) latency.getRenderer()).getSeriesLinesVisible(3)).isFalse();
        assertThat(latency.getRenderer().getSeriesPaint(3)).isEqualTo(CapacityChart.FAILED);
        assertThat(latency.getRangeMarkers(Layer.FOREGROUND)).singleElement()
                .satisfies(m -> assertThat(((ValueMarker) m).getValue()).isEqualTo(20.0));
        assertThat(latency.getDomainMarkers(Layer.FOREGROUND)).extracting(m -> ((ValueMarker) m).getValue())
                .containsExactly(1840.0, 1880.0);
        assertThat(plots.get(1).getDomainMarkers(Layer.FOREGROUND)).hasSize(2);
    }

    @Test
    void aSearchAtTheGeneratorsLimitHasNoLowestFailLine() throws Exception {
        RunLayout layout = new RunLayout(dir.resolve("run"));
        String key = "direct_s1024_d0";
        java.nio.file.Path file = layout.capacity().resolve(ProbeRow.FILE);
        CapacityFiles.probe(key, 1, "start", 1000, 4, "pass", false, ProbeJudgement.LATENCY, "").append(file);
        CapacityFiles.probe(key, 2, "exponential", 2000, 60, "generator", false, ProbeJudgement.GENERATOR,
                "the generator was late (generator-late)").append(file);
        SearchRow search = CapacityFiles.search(key, Point.open("direct", 1000, 1024, 0), "generator-limit", 1000, 0,
                "held", "", "");

        Path svg = CapacityChart.write(search, ProbeRow.read(file), layout.capacity()).get(1);

        assertThat(RenderedChart.svgTexts(svg)).contains("capacity ≥ 1,000/s, the generator's limit; red crosses: failed"
                        + " probes", "generator's probes (p99)", "capacity 1,000/s")
                .noneMatch(t -> t.startsWith("lowest fail"));
    }

    @Test
    void aSearchWithoutProbesIsRefused() {
        SearchRow search = CapacityFiles.search("direct_s1024_d0", Point.open("direct", 1, 1024, 0), "below-min", 0, 1,
                "none", "", "");
        assertThatThrownBy(() -> CapacityChart.create(search, List.of())).hasMessageContaining("no probes to chart");
    }
}
