package org.esbbench.report.chart;

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
 * The charts of one run against concurrency: per scenario, throughput and p99 response time against
 * concurrent users, one line per series (message size and backend delay).
 */
public final class ScalingCharts {

    private ScalingCharts() {
    }

    /**
     * Writes {@code <scenario>-throughput.png/.svg} and {@code <scenario>-p99.png/.svg} into {@code outDir}
     * for every scenario among {@code points}.
     *
     * @return the files written, in scenario order; empty when there are no points
     */
    public static List<Path> write(List<PointSummary> points, Path outDir) throws IOException {
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, List<PointSummary>> scenario : byScenario(points).entrySet()) {
            for (Figure figure : Figure.values()) {
                String title = scenario.getKey() + ": " + figure.title + " against concurrency";
                Path png = outDir.resolve(FileNames.slug(scenario.getKey()) + "-" + figure.fileSuffix + ".png");
                written.addAll(ChartFiles.write(UsersChart.create(title, figure.axisLabel,
                        lines(scenario.getValue(), figure)), png));
            }
        }
        return written;
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
                    .add(new UsersLine.Value(point.load(), figure.value.apply(p)));
        }
        List<UsersLine> lines = new ArrayList<>();
        bySeries.forEach((label, values) -> lines.add(new UsersLine(label, values)));
        return lines;
    }
}
