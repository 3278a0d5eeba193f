package org.esbbench.report.chart;

import org.esbbench.report.figures.Figures;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.jfree.data.category.DefaultCategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ComparisonBarsTest {

    @TempDir
    Path dir;

    private static LinkedHashMap<String, List<PointSummary>> servers(List<PointSummary> reference,
                                                                     List<PointSummary> nginx) {
        LinkedHashMap<String, List<PointSummary>> runs = new LinkedHashMap<>();
        runs.put("reference", reference);
        runs.put("nginx", nginx);
        return runs;
    }

    @Test
    void severalSizesGiveOneGroupPerSizeAndOneChartPerLoadLevelWithABarPerServer() {
        List<PointSummary> reference = ChartData.sweep(List.of("direct"), new int[]{10, 50}, new int[]{1024, 10240},
                new long[]{0}, 2, 1);
        List<PointSummary> nginx = ChartData.sweep(List.of("direct"), new int[]{10, 50}, new int[]{1024, 10240},
                new long[]{0}, 2, 2.5);

        List<BarChart> charts = ComparisonBars.charts(servers(reference, nginx), Figures.standard());

        assertThat(charts).extracting(BarChart::fileName).containsExactly(
                "direct-users-10-throughput_per_s-bars.png", "direct-users-50-throughput_per_s-bars.png",
                "direct-users-10-p99_ms-bars.png", "direct-users-50-p99_ms-bars.png");
        BarChart at50 = charts.get(1);
        assertThat(at50.categoryLabel()).isEqualTo("Message size");
        assertThat(at50.title()).isEqualTo("direct, 50 users: throughput by run");
        DefaultCategoryDataset dataset = at50.dataset();
        assertThat(dataset.getRowKeys()).containsExactly("reference", "nginx");
        assertThat(dataset.getColumnKeys()).containsExactly("1 KiB", "10 KiB");
        assertThat(dataset.getValue("nginx", "10 KiB").doubleValue())
                .isEqualTo(value(nginx, new Point("direct", 50, 10240, 0)));
        assertThat(dataset.getValue("reference", "1 KiB").doubleValue())
                .isEqualTo(value(reference, new Point("direct", 50, 1024, 0)));
    }

    @Test
    void oneSizeGivesOneGroupPerLoadLevelAndEachModelItsOwnChart() {
        List<PointSummary> reference = ChartData.bothModels(List.of("direct"), new int[]{2, 4}, new int[]{20}, 2, 1);
        List<PointSummary> nginx = ChartData.bothModels(List.of("direct"), new int[]{2, 4}, new int[]{20}, 2, 3);

        List<BarChart> charts = ComparisonBars.charts(servers(reference, nginx), Figures.standard());

        assertThat(charts).extracting(BarChart::fileName).containsExactly(
                "direct-1-kib-users-throughput_per_s-bars.png", "direct-1-kib-users-p99_ms-bars.png",
                "direct-1-kib-arrivals-throughput_per_s-bars.png", "direct-1-kib-arrivals-p99_ms-bars.png");
        BarChart users = charts.get(0);
        assertThat(users.model()).isEqualTo(LoadModel.CLOSED);
        assertThat(users.categoryLabel()).isEqualTo("Concurrent users");
        assertThat(users.dataset().getColumnKeys()).containsExactly("2 users", "4 users");
        BarChart arrivals = charts.get(3);
        assertThat(arrivals.model()).isEqualTo(LoadModel.OPEN);
        assertThat(arrivals.figure()).isEqualTo(StandardFigures.P99);
        assertThat(arrivals.categoryLabel()).isEqualTo("Arrival rate (arrivals/s)");
        assertThat(arrivals.dataset().getColumnKeys()).containsExactly("20 arrivals/s");
        assertThat(arrivals.dataset().getRowKeys()).containsExactly("reference", "nginx");
    }

    @Test
    void aServerThatDidNotMeasureAGroupHasNoBarThere() throws IOException {
        List<PointSummary> reference = ChartData.sweep(List.of("direct"), new int[]{2, 4}, new int[]{1024},
                new long[]{0}, 1, 1);
        List<PointSummary> nginx = ChartData.sweep(List.of("direct"), new int[]{2}, new int[]{1024},
                new long[]{0}, 1, 2);

        BarChart throughput = ComparisonBars.charts(servers(reference, nginx), Figures.standard()).get(0);

        assertThat(throughput.dataset().getValue("nginx", "4 users")).isNull();
        assertThat(throughput.dataset().getValue("nginx", "2 users")).isNotNull();

        List<Path> files = ComparisonBars.write(servers(reference, nginx), dir, Figures.standard());
        assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly(
                "direct-1-kib-users-throughput_per_s-bars.png", "direct-1-kib-users-throughput_per_s-bars.svg",
                "direct-1-kib-users-p99_ms-bars.png", "direct-1-kib-users-p99_ms-bars.svg");
        RenderedChart.assertPng(files.get(0), ChartStyle.lineColour(0), ChartStyle.lineColour(1));
        assertThat(RenderedChart.svgTexts(files.get(1))).contains("direct, 1 KiB: throughput by run",
                "Concurrent users", "2 users", "4 users", "reference", "nginx", "throughput (msgs/s)");
    }

    @Test
    void noChartWhereOnlyOneRunMeasuredTheGroup() {
        List<PointSummary> reference = ChartData.bothModels(List.of("direct"), new int[]{2}, new int[]{20}, 1, 1);
        List<PointSummary> nginx = ChartData.sweep(List.of("direct"), new int[]{2}, new int[]{1024},
                new long[]{0}, 1, 2);

        assertThat(ComparisonBars.charts(servers(reference, nginx), Figures.standard()))
                .extracting(BarChart::fileName).as("the open model was measured by the reference only")
                .containsExactly("direct-1-kib-users-throughput_per_s-bars.png", "direct-1-kib-users-p99_ms-bars.png");
    }

    private static double value(List<PointSummary> points, Point point) {
        return points.stream().filter(p -> p.point().equals(point)).findFirst().orElseThrow()
                .value(StandardFigures.THROUGHPUT).value();
    }
}
