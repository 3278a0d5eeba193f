package org.esbbench.report.chart;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The charts of one run against load: per scenario, one chart per charted figure of the catalogue against
 * concurrent users (or arrivals per second), one line per series (message size and backend delay), error bars
 * from the lowest to the highest repeat.
 */
public final class ScalingCharts {

    private ScalingCharts() {
    }

    /** The standard catalogue's charts; see {@link #write(List, Path, Figures)}. */
    public static List<Path> write(List<PointSummary> points, Path outDir) throws IOException {
        return write(points, outDir, Figures.standard());
    }

    /**
     * Writes {@code <scenario>-<figure id>.png/.svg} into {@code outDir} for every scenario among {@code points}
     * and every charted figure that at least one of its points knows (no CPU chart without CPU records).
     *
     * @return the files written, in scenario order; empty when there are no points
     */
    public static List<Path> write(List<PointSummary> points, Path outDir, Figures figures) throws IOException {
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, List<PointSummary>> scenario : byScenario(points).entrySet()) {
            for (Figure figure : figures.charted()) {
                if (scenario.getValue().stream().allMatch(p -> p.value(figure) == null)) {
                    continue;
                }
                String title = scenario.getKey() + ": " + figure.title() + " against load";
                Path png = outDir.resolve(fileName(scenario.getKey(), figure));
                written.addAll(ChartFiles.write(UsersChart.create(title, figure.axisLabel(),
                        lines(scenario.getValue(), figure)), png));
            }
        }
        return written;
    }

    /** {@code <scenario>-<figure id>.png}: the PNG of a scenario's chart of a figure (the SVG beside it). */
    public static String fileName(String scenario, Figure figure) {
        return FileNames.slug(scenario) + "-" + figure.id() + ".png";
    }

    /** Scenarios in name order, each with its points in point order (delay, size, users). */
    static Map<String, List<PointSummary>> byScenario(List<PointSummary> points) {
        Map<String, List<PointSummary>> out = new TreeMap<>();
        points.stream()
                .sorted(Comparator.comparing(PointSummary::point))
                .forEach(p -> out.computeIfAbsent(p.point().scenario(), s -> new ArrayList<>()).add(p));
        return out;
    }

    private static List<UsersLine> lines(List<PointSummary> scenarioPoints, Figure figure) {
        // Points come sorted by delay, size, users: one line per series label, in that order.
        Map<String, List<UsersLine.Value>> bySeries = new LinkedHashMap<>();
        for (PointSummary p : scenarioPoints) {
            Point point = p.point();
            bySeries.computeIfAbsent(point.seriesLabel(), l -> new ArrayList<>())
                    .add(new UsersLine.Value(point.load(), p.value(figure)));
        }
        List<UsersLine> lines = new ArrayList<>();
        bySeries.forEach((label, values) -> lines.add(new UsersLine(label, values)));
        return lines;
    }
}
