package org.esbbench.report.chart;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The charts of one run against load: per scenario and load model, one chart per charted figure of the catalogue
 * against concurrent users (closed model) or arrivals per second (open model), one line per series (message size
 * and backend delay), error bars from the lowest to the highest repeat. A run that measures both models gets two
 * charts of each figure, never one axis for both.
 */
public final class ScalingCharts {

    private ScalingCharts() {
    }

    /** The standard catalogue's charts; see {@link #write(List, Path, Figures)}. */
    public static List<Path> write(List<PointSummary> points, Path outDir) throws IOException {
        return write(points, outDir, Figures.standard());
    }

    /**
     * Writes {@code <scenario>-<model>-<figure id>.png/.svg} ({@code <model>}: {@code users} or {@code arrivals})
     * into {@code outDir} for every scenario and load model among {@code points} and every charted figure that at
     * least one of those points knows (no CPU chart without CPU records).
     *
     * @return the files written, in scenario order; empty when there are no points
     */
    public static List<Path> write(List<PointSummary> points, Path outDir, Figures figures) throws IOException {
        List<Path> written = new ArrayList<>();
        for (LoadChart chart : charts(points, figures)) {
            written.addAll(ChartFiles.write(UsersChart.create(chart), outDir.resolve(chart.fileName())));
        }
        return written;
    }

    /** The charts {@link #write(List, Path, Figures)} draws, in the same order, before they are drawn. */
    static List<LoadChart> charts(List<PointSummary> points, Figures figures) {
        List<LoadChart> charts = new ArrayList<>();
        for (Map.Entry<String, List<PointSummary>> scenario : byScenario(points).entrySet()) {
            for (Map.Entry<LoadModel, List<PointSummary>> model : byModel(scenario.getValue()).entrySet()) {
                for (Figure figure : figures.charted()) {
                    if (model.getValue().stream().allMatch(p -> p.value(figure) == null)) {
                        continue;
                    }
                    String title = scenario.getKey() + ": " + figure.title() + " " + model.getKey().against();
                    charts.add(new LoadChart(fileName(scenario.getKey(), model.getKey(), figure), title,
                            figure.axisLabel(), model.getKey(), lines(model.getValue(), figure)));
                }
            }
        }
        return charts;
    }

    /**
     * {@code <scenario>-<model>-<figure id>.png}, e.g. {@code direct-users-p99_ms.png} or
     * {@code direct-arrivals-p99_ms.png}: the PNG of a scenario's chart of a figure in one load model (the SVG
     * beside it).
     */
    public static String fileName(String scenario, LoadModel model, Figure figure) {
        return FileNames.slug(scenario) + "-" + model.fileToken() + "-" + figure.id() + ".png";
    }

    /** Scenarios in name order, each with its points in point order (delay, size, users). */
    static Map<String, List<PointSummary>> byScenario(List<PointSummary> points) {
        Map<String, List<PointSummary>> out = new TreeMap<>();
        points.stream()
                .sorted(Comparator.comparing(PointSummary::point))
                .forEach(p -> out.computeIfAbsent(p.point().scenario(), s -> new ArrayList<>()).add(p));
        return out;
    }

    /** The closed model's points, then the open model's, each in the order given. */
    private static Map<LoadModel, List<PointSummary>> byModel(List<PointSummary> points) {
        Map<LoadModel, List<PointSummary>> out = new EnumMap<>(LoadModel.class);
        points.forEach(p -> out.computeIfAbsent(LoadModel.of(p.point()), m -> new ArrayList<>()).add(p));
        return out;
    }

    private static List<UsersLine> lines(List<PointSummary> modelPoints, Figure figure) {
        // Points come sorted by delay, size, load: one line per series label, in that order.
        Map<String, List<UsersLine.Value>> bySeries = new LinkedHashMap<>();
        for (PointSummary p : modelPoints) {
            Point point = p.point();
            bySeries.computeIfAbsent(LoadModel.seriesLabel(point), l -> new ArrayList<>())
                    .add(new UsersLine.Value(point, p.value(figure)));
        }
        List<UsersLine> lines = new ArrayList<>();
        bySeries.forEach((label, values) -> lines.add(new UsersLine(label, values)));
        return lines;
    }
}
