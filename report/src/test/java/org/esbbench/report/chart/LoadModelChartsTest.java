package org.esbbench.report.chart;

import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.PointSummary;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** No chart puts concurrent users and arrivals per second on one axis, in a run's charts or in compare's. */
class LoadModelChartsTest {

    @TempDir
    Path dir;

    /** The smoke run's shape: 2 users (closed model) and 20 arrivals/s (open model) per scenario. */
    private final List<PointSummary> smoke = ChartData.bothModels(List.of("cbr-body", "direct"), new int[]{2},
            new int[]{20}, 2, 1);

    @Test
    void aRunsChartsOfEachFigureComeOncePerModelEachWithItsOwnPointsAndAxis() {
        List<LoadChart> charts = ScalingCharts.charts(smoke, Figures.standard());

        assertThat(charts).isNotEmpty();
        for (LoadChart chart : charts) {
            assertOneModel(chart);
        }
        // Every charted figure twice per scenario: once against users, once against arrival rate.
        assertThat(charts).filteredOn(c -> c.model() == LoadModel.CLOSED).hasSameSizeAs(
                charts.stream().filter(c -> c.model() == LoadModel.OPEN).toList());
        LoadChart users = find(charts, "direct-users-throughput_per_s.png");
        LoadChart arrivals = find(charts, "direct-arrivals-throughput_per_s.png");
        assertThat(xValues(users)).containsExactly(2.0);
        assertThat(xValues(arrivals)).as("20 arrivals/s is not drawn at 20 users").containsExactly(20.0);
        assertThat(users.title()).isEqualTo("direct: throughput against users");
        assertThat(arrivals.title()).isEqualTo("direct: throughput against arrival rate");
        assertThat(arrivals.lines()).extracting(UsersLine::label).containsExactly("1 KiB");
    }

    @Test
    void theDrawnChartsSayTheirModelOnTheLoadAxis() throws IOException {
        ScalingCharts.write(smoke, dir);

        assertThat(RenderedChart.svgTexts(dir.resolve("cbr-body-arrivals-p99_ms.svg")))
                .contains("Arrival rate (arrivals/s)", "cbr-body: p99 against arrival rate", "20")
                .noneMatch(t -> t.contains("users"));
        assertThat(RenderedChart.svgTexts(dir.resolve("cbr-body-users-p99_ms.svg")))
                .contains("Concurrent users", "cbr-body: p99 against users")
                .noneMatch(t -> t.contains("arrival"));
    }

    @Test
    void aWideSweepOfRatesGetsALogAxisStillLabelledInArrivals() {
        List<PointSummary> points = ChartData.bothModels(List.of("direct"), new int[]{1, 2}, new int[]{16, 64, 1024},
                1, 1);

        LoadChart arrivals = find(ScalingCharts.charts(points, Figures.standard()), "direct-arrivals-p99_ms.png");

        assertThat(arrivals.loadAxisLabel()).isEqualTo("Arrival rate (arrivals/s, log scale)");
        assertThat(find(ScalingCharts.charts(points, Figures.standard()), "direct-users-p99_ms.png").loadAxisLabel())
                .isEqualTo("Concurrent users");
    }

    @Test
    void compareDrawsOneLinePerRunPerModelNeverJoiningUsersToArrivals() {
        LinkedHashMap<String, List<PointSummary>> runs = new LinkedHashMap<>();
        runs.put("reference", ChartData.bothModels(List.of("direct"), new int[]{2, 4}, new int[]{20, 40}, 2, 1));
        runs.put("candidate", ChartData.bothModels(List.of("direct"), new int[]{2, 4}, new int[]{20, 40}, 2, 0.8));

        List<LoadChart> charts = ComparisonCharts.charts(runs, Figures.standard());

        assertThat(charts).extracting(LoadChart::fileName).contains("direct-1-kib-users-throughput_per_s.png",
                "direct-1-kib-arrivals-throughput_per_s.png").noneMatch(f -> f.equals("direct-1-kib-throughput_per_s.png"));
        for (LoadChart chart : charts) {
            assertOneModel(chart);
            assertThat(chart.lines()).extracting(UsersLine::label).containsExactly("reference", "candidate");
        }
        assertThat(xValues(find(charts, "direct-1-kib-arrivals-p99_ms.png"))).containsExactly(20.0, 40.0);
        assertThat(xValues(find(charts, "direct-1-kib-users-p99_ms.png"))).containsExactly(2.0, 4.0);
    }

    @Test
    void compareHasNoLineChartForASeriesMeasuredAtOneLoadLevel() {
        LinkedHashMap<String, List<PointSummary>> runs = new LinkedHashMap<>();
        runs.put("a", smoke);
        runs.put("b", smoke);

        assertThat(ComparisonCharts.charts(runs, Figures.standard())).as("the bars show a single level").isEmpty();
    }

    @Test
    void aChartRefusesPointsOfTheOtherModel() {
        PointSummary open = ChartData.bothModels(List.of("direct"), new int[]{}, new int[]{20}, 1, 1).get(0);
        UsersLine line = new UsersLine("1 KiB", List.of(new UsersLine.Value(open.point(), open.value(
                org.esbbench.report.figures.StandardFigures.THROUGHPUT))));

        assertThatThrownBy(() -> new LoadChart("x.png", "direct", "throughput", LoadModel.CLOSED, List.of(line)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("direct_r20_s1024_d0");
    }

    private static void assertOneModel(LoadChart chart) {
        Set<LoadModel> models = new TreeSet<>();
        chart.lines().forEach(l -> l.values().forEach(v -> models.add(LoadModel.of(v.point()))));
        assertThat(models).as(chart.fileName()).containsExactly(chart.model());
        assertThat(chart.fileName()).as("the file name says the model")
                .contains("-" + chart.model().fileToken() + "-");
        assertThat(chart.loadAxisLabel()).as(chart.fileName())
                .contains(chart.model() == LoadModel.CLOSED ? "users" : "arrivals/s");
        // and the plotted x values are those points' loads, users or arrivals per second
        Set<Double> loads = new TreeSet<>();
        chart.lines().forEach(l -> l.values().forEach(v -> loads.add((double) v.point().load())));
        assertThat(new TreeSet<>(xValues(chart))).as(chart.fileName()).isEqualTo(loads);
    }

    private static LoadChart find(List<LoadChart> charts, String fileName) {
        return charts.stream().filter(c -> c.fileName().equals(fileName)).findFirst()
                .orElseThrow(() -> new AssertionError("no chart " + fileName + " among "
                        + charts.stream().map(LoadChart::fileName).toList()));
    }

    /** The x values the chart plots, over all its lines, in order (linear axes: the loads themselves). */
    private static List<Double> xValues(LoadChart chart) {
        YIntervalSeriesCollection dataset = UsersChart.dataset(chart);
        List<Double> xs = new ArrayList<>();
        for (int s = 0; s < dataset.getSeriesCount(); s++) {
            for (int i = 0; i < dataset.getItemCount(s); i++) {
                double x = dataset.getXValue(s, i);
                if (!xs.contains(x)) {
                    xs.add(x);
                }
            }
        }
        return xs;
    }
}
