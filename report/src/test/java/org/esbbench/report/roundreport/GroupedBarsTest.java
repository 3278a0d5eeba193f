package org.esbbench.report.roundreport;

import org.esbbench.report.chart.ChartStyle;
import org.esbbench.report.chart.RenderedChart;
import org.esbbench.report.points.Spread;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Grouped bars with whiskers: a real chart in the suite's style, its axis reaching the highest whisker. */
class GroupedBarsTest {
    @TempDir
    Path dir;

    private static GroupedBars.Spec spec() {
        return new GroupedBars.Spec("Throughput by scenario and target", "whiskers: lowest to highest", "Scenario",
                "Throughput (req/s)", List.of("direct", "cbr-body"), List.of(
                new GroupedBars.Series("reference", List.of(new Spread(1100, 1000, 1200, 2), new Spread(820, 800, 840, 2))),
                new GroupedBars.Series("synapse", Arrays.asList(new Spread(2050, 2000, 3000, 2), null),
                        List.of(false, false))));
    }

    @Test
    void writesAPngAndAnSvgWithTheSeriesColoursAndTitles() throws Exception {
        List<Path> files = GroupedBars.write(spec(), dir.resolve("round-throughput_per_s.png"));

        assertThat(files).containsExactly(dir.resolve("round-throughput_per_s.png"), dir.resolve("round-throughput_per_s.svg"));
        BufferedImage png = RenderedChart.assertPng(files.get(0), ChartStyle.lineColour(0), ChartStyle.lineColour(1));
        assertThat(png).isNotNull();
        assertThat(RenderedChart.svgTexts(files.get(1))).contains("Throughput by scenario and target", "direct",
                "cbr-body", "reference", "synapse", "Throughput (req/s)");
    }

    @Test
    void theValueAxisReachesTheHighestWhiskerNotOnlyTheTallestBar() {
        var chart = GroupedBars.draw(spec());

        assertThat(chart.getCategoryPlot().getRangeAxis().getUpperBound()).isGreaterThanOrEqualTo(3000);
    }

    @Test
    void aPaleBarKeepsItsSeriesColourWithLessOpacity() {
        GroupedBars.Spec spec = new GroupedBars.Spec("ratios", null, "Scenario", "ratio", List.of("xslt"), List.of(
                new GroupedBars.Series("WSO2 ESB 4.7.0", List.of(new Spread(0.38, 0.38, 0.38, 1)), List.of(true))));
        var chart = GroupedBars.draw(spec);

        Color paint = (Color) chart.getCategoryPlot().getRenderer().getItemPaint(0, 0);
        assertThat(paint.getAlpha()).isLessThan(255);
        assertThat(paint.getRGB() & 0xFFFFFF).isEqualTo(ChartStyle.lineColour(0).getRGB() & 0xFFFFFF);
    }
}
