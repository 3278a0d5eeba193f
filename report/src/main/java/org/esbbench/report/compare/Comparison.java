package org.esbbench.report.compare;

import org.esbbench.report.points.Point;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Two or more runs side by side, point by point; the first run is the baseline every ratio is taken against.
 *
 * @param runs   the runs, baseline first
 * @param points every point measured by any of the runs, in point order (scenario, delay, size, users)
 */
public record Comparison(List<ComparedRun> runs, List<PointComparison> points) {

    public Comparison {
        runs = List.copyOf(runs);
        points = List.copyOf(points);
    }

    public static Comparison of(List<ComparedRun> runs) {
        if (runs.size() < 2) {
            throw new IllegalArgumentException("a comparison needs at least two runs, got " + runs.size());
        }
        TreeSet<Point> all = new TreeSet<>();
        runs.forEach(r -> all.addAll(r.points().keySet()));
        List<PointComparison> points = new ArrayList<>();
        for (Point p : all) {
            points.add(new PointComparison(p, runs.stream().map(r -> r.point(p)).toList()));
        }
        return new Comparison(runs, points);
    }

    public ComparedRun baseline() {
        return runs.get(0);
    }

    /** The points grouped by scenario, scenarios in name order. */
    public Map<String, List<PointComparison>> byScenario() {
        Map<String, List<PointComparison>> out = new LinkedHashMap<>();
        for (PointComparison p : points) {
            out.computeIfAbsent(p.point().scenario(), s -> new ArrayList<>()).add(p);
        }
        return out;
    }
}
