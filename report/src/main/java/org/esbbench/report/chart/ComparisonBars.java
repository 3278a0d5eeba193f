package org.esbbench.report.chart;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.Spread;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Servers side by side, as the published ESB rounds show them (AdroitLogic's round 7: throughput per message size,
 * one bar per server): per scenario, grouped bar charts of throughput and of p99, one bar per run in each group.
 * A group is a message size when the scenario was measured at several sizes (then one chart per load level), or a
 * load level when it was measured at one size; the closed and the open model, and each backend delay and heap,
 * get charts of their own. A chart is drawn only where two or more runs have bars in it.
 */
public final class ComparisonBars {

    private ComparisonBars() {
    }

    /**
     * Writes the bar charts, {@code <scenario>[-<delay, heap>]-<model>[-<load>|-<size>]-<figure id>-bars.png/.svg},
     * into {@code outDir}: {@code -users-20-} for the sizes measured at 20 users, {@code -1-kib-users-} for the
     * load levels measured at 1 KiB.
     *
     * @param runs each run's points by run label (the legend), in legend order
     * @return the files written, PNG before SVG, in scenario order
     */
    public static List<Path> write(LinkedHashMap<String, List<PointSummary>> runs, Path outDir, Figures figures)
            throws IOException {
        List<Path> written = new ArrayList<>();
        for (BarChart chart : charts(runs, figures)) {
            written.addAll(ChartFiles.write(chart.draw(), outDir.resolve(chart.fileName())));
        }
        return written;
    }

    /** The PNG names {@link #write} writes for one scenario, in order (the comparison page lists them with it). */
    public static List<String> fileNames(LinkedHashMap<String, List<PointSummary>> runs, Figures figures,
                                         String scenario) {
        return scenarioCharts(runs, figures).stream().filter(c -> c.scenario().equals(scenario))
                .map(c -> c.chart().fileName()).toList();
    }

    /** The figures drawn as bars: throughput and p99, where the catalogue compares them. */
    static List<Figure> barFigures(Figures figures) {
        Set<String> ids = Set.of(StandardFigures.THROUGHPUT.id(), StandardFigures.P99.id());
        return figures.compared().stream().filter(f -> ids.contains(f.id())).toList();
    }

    /** The charts {@link #write} draws, in the same order, before they are drawn. */
    static List<BarChart> charts(LinkedHashMap<String, List<PointSummary>> runs, Figures figures) {
        return scenarioCharts(runs, figures).stream().map(ScenarioChart::chart).toList();
    }

    private record ScenarioChart(String scenario, BarChart chart) {
    }

    private static List<ScenarioChart> scenarioCharts(LinkedHashMap<String, List<PointSummary>> runs,
                                                      Figures figures) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs to compare");
        }
        // scenario -> group (heap, delay, model) -> every point any run measured in it
        Map<String, Map<Group, Set<Point>>> groups = new TreeMap<>();
        runs.values().forEach(points -> points.forEach(p -> groups
                .computeIfAbsent(p.point().scenario(), s -> new TreeMap<>())
                .computeIfAbsent(Group.of(p.point()), g -> new TreeSet<>()).add(p.point())));
        // run label -> point -> its summary
        Map<String, Map<Point, PointSummary>> byRun = new LinkedHashMap<>();
        runs.forEach((run, points) -> {
            Map<Point, PointSummary> m = new LinkedHashMap<>();
            points.forEach(p -> m.put(p.point(), p));
            byRun.put(run, m);
        });

        List<ScenarioChart> charts = new ArrayList<>();
        for (var scenario : groups.entrySet()) {
            for (var group : scenario.getValue().entrySet()) {
                Set<Point> points = group.getValue();
                TreeSet<Integer> sizes = new TreeSet<>();
                TreeSet<Integer> loads = new TreeSet<>();
                points.forEach(p -> {
                    sizes.add(p.sizeBytes());
                    loads.add(p.load());
                });
                for (Figure figure : barFigures(figures)) {
                    if (sizes.size() > 1) {
                        // Round 7's layout: the sizes side by side, one chart per load level.
                        for (int load : loads) {
                            List<Point> row = sizes.stream().map(size -> group.getKey().point(scenario.getKey(), load, size))
                                    .toList();
                            String at = group.getKey().model().loadLabel(load);
                            chart(charts, scenario.getKey(), group.getKey(), figure, byRun, row,
                                    sizes.stream().map(Point::sizeLabel).toList(), "Message size",
                                    FileNames.slug(group.getKey().model().fileToken() + "-" + load), at);
                        }
                    } else {
                        int size = sizes.first();
                        List<Point> row = loads.stream().map(load -> group.getKey().point(scenario.getKey(), load, size))
                                .toList();
                        chart(charts, scenario.getKey(), group.getKey(), figure, byRun, row,
                                loads.stream().map(l -> group.getKey().model().loadLabel(l)).toList(),
                                group.getKey().model().axisLabel(false),
                                FileNames.slug(Point.sizeLabel(size)) + "-" + group.getKey().model().fileToken(),
                                Point.sizeLabel(size));
                    }
                }
            }
        }
        return charts;
    }

    private static void chart(List<ScenarioChart> charts, String scenario, Group group, Figure figure,
                              Map<String, Map<Point, PointSummary>> byRun, List<Point> row, List<String> categories,
                              String categoryLabel, String fileMiddle, String fixed) {
        Map<String, List<Spread>> bars = new LinkedHashMap<>();
        int runsWithBars = 0;
        for (var run : byRun.entrySet()) {
            List<Spread> values = new ArrayList<>();
            for (Point p : row) {
                PointSummary s = run.getValue().get(p);
                values.add(s == null ? null : s.value(figure));
            }
            runsWithBars += values.stream().anyMatch(java.util.Objects::nonNull) ? 1 : 0;
            bars.put(run.getKey(), values);
        }
        if (runsWithBars < 2) {
            // One run's bars alone compare nothing: the table says which runs did not measure the points.
            return;
        }
        String extra = group.label();
        String title = scenario + (extra.isEmpty() ? "" : ", " + extra) + ", " + fixed + ": " + figure.title()
                + " by run";
        String file = FileNames.slug(scenario) + (extra.isEmpty() ? "" : "-" + FileNames.slug(extra)) + "-"
                + fileMiddle + "-" + figure.id() + "-bars.png";
        charts.add(new ScenarioChart(scenario, new BarChart(file, title, figure, group.model(), categoryLabel,
                categories, bars)));
    }

    /** The points of a scenario charted together: one heap, one count of server cores, one delay, one load model. */
    private record Group(String heap, int serverCores, long delayMs, LoadModel model) implements Comparable<Group> {
        static Group of(Point p) {
            return new Group(p.heap(), p.serverCores(), p.delayMs(), LoadModel.of(p));
        }

        Point point(String scenario, int load, int size) {
            return model == LoadModel.OPEN ? new Point(scenario, 0, load, size, delayMs, heap, serverCores)
                    : new Point(scenario, load, 0, size, delayMs, heap, serverCores);
        }

        /** "delay 500 ms, heap 1g, 2 server cores", or empty when none is set. */
        String label() {
            List<String> parts = new ArrayList<>();
            if (delayMs > 0) {
                parts.add("delay " + delayMs + " ms");
            }
            if (!heap.isEmpty()) {
                parts.add("heap " + heap);
            }
            if (serverCores > 0) {
                parts.add(new Point("", 1, 0, 0, 0, "", serverCores).serverCoresLabel());
            }
            return String.join(", ", parts);
        }

        @Override
        public int compareTo(Group o) {
            return Comparator.comparingLong((Group g) -> Point.heapBytes(g.heap())).thenComparing(Group::heap)
                    .thenComparingInt(Group::serverCores).thenComparingLong(Group::delayMs).thenComparing(Group::model).compare(this, o);
        }
    }
}
