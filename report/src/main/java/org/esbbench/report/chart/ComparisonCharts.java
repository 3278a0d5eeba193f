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
 * Line charts that compare runs (two versions, two configurations of one server): per scenario, series (message
 * size and backend delay) and load model, each figure the catalogue compares against concurrent users or against
 * arrivals per second, one line per run. Only where the series was measured at two or more load levels of the
 * model: a single level is a single dot per run, which {@link ComparisonBars} shows side by side instead.
 */
public final class ComparisonCharts {

    private ComparisonCharts() {
    }

    /** The standard catalogue's compared figures; see {@link #write(LinkedHashMap, Path, Figures)}. */
    public static List<Path> write(LinkedHashMap<String, List<PointSummary>> runs, Path outDir) throws IOException {
        return write(runs, outDir, Figures.standard());
    }

    /**
     * Writes {@code <scenario>-<series>-<model>-<figure id>.png/.svg}, for every compared figure known to a run,
     * into {@code outDir}, where {@code <series>} is the file-name form of the series label (e.g.
     * {@code 1-kib-delay-500-ms}) and {@code <model>} is {@code users} or {@code arrivals}. A run that did not
     * measure a series has no line in its charts; a series measured at one load level of a model has no chart.
     *
     * @param runs each run's points by run label (the legend), in legend order
     * @return the files written, in scenario, series and model order
     */
    public static List<Path> write(LinkedHashMap<String, List<PointSummary>> runs, Path outDir, Figures figures)
            throws IOException {
        List<Path> written = new ArrayList<>();
        for (LoadChart chart : charts(runs, figures)) {
            written.addAll(ChartFiles.write(UsersChart.create(chart), outDir.resolve(chart.fileName())));
        }
        return written;
    }

    /** The charts {@link #write(LinkedHashMap, Path, Figures)} draws, in the same order, before they are drawn. */
    static List<LoadChart> charts(LinkedHashMap<String, List<PointSummary>> runs, Figures figures) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs to compare");
        }
        // scenario -> series and model (in point order: delay, then size, closed model first) -> run label -> points
        Map<String, Map<SeriesKey, Map<String, List<PointSummary>>>> groups = new TreeMap<>();
        runs.forEach((run, points) -> points.stream()
                .sorted(Comparator.comparing(PointSummary::point))
                .forEach(p -> groups.computeIfAbsent(p.point().scenario(), s -> new TreeMap<>())
                        .computeIfAbsent(SeriesKey.of(p.point()), k -> new LinkedHashMap<>())
                        .computeIfAbsent(run, r -> new ArrayList<>()).add(p)));

        List<LoadChart> charts = new ArrayList<>();
        for (var scenario : groups.entrySet()) {
            for (var series : scenario.getValue().entrySet()) {
                List<PointSummary> all = series.getValue().values().stream().flatMap(List::stream).toList();
                if (all.stream().map(p -> p.point().load()).distinct().count() < 2) {
                    continue;
                }
                SeriesKey key = series.getKey();
                String label = key.label();
                for (Figure figure : figures.compared()) {
                    if (all.stream().allMatch(p -> p.value(figure) == null)) {
                        continue;
                    }
                    String title = scenario.getKey() + ", " + label + ": " + figure.title() + " by run, "
                            + key.model().against();
                    String file = FileNames.slug(scenario.getKey()) + "-" + FileNames.slug(label) + "-"
                            + key.model().fileToken() + "-" + figure.id() + ".png";
                    charts.add(new LoadChart(file, title, figure.axisLabel(), key.model(),
                            lines(series.getValue(), figure)));
                }
            }
        }
        return charts;
    }

    /** One line per run that measured the series; runs keep the order they were given in. */
    private static List<UsersLine> lines(Map<String, List<PointSummary>> byRun, Figure figure) {
        List<UsersLine> lines = new ArrayList<>();
        byRun.forEach((run, points) -> lines.add(new UsersLine(run, points.stream()
                .map(p -> new UsersLine.Value(p.point(), p.value(figure))).toList())));
        return lines;
    }

    /**
     * A series of one scenario in one load model: ordered as {@link Point} orders them (heap, server cores, delay,
     * then size), the closed model before the open one.
     */
    private record SeriesKey(String heap, int serverCores, long delayMs, int sizeBytes, LoadModel model)
            implements Comparable<SeriesKey> {
        static SeriesKey of(Point p) {
            return new SeriesKey(p.heap(), p.serverCores(), p.delayMs(), p.sizeBytes(), LoadModel.of(p));
        }

        String label() {
            return LoadModel.seriesLabel(new Point("", 0, 0, sizeBytes, delayMs, heap, serverCores));
        }

        @Override
        public int compareTo(SeriesKey o) {
            return Comparator.comparingLong((SeriesKey k) -> Point.heapBytes(k.heap())).thenComparing(SeriesKey::heap)
                    .thenComparingInt(SeriesKey::serverCores).thenComparingLong(SeriesKey::delayMs).thenComparingInt(SeriesKey::sizeBytes)
                    .thenComparing(SeriesKey::model).compare(this, o);
        }
    }
}
