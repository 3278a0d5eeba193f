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
 * Charts that compare runs (two servers, two versions, two configurations): per scenario and series
 * (message size and backend delay), each figure the catalogue compares against concurrent users, one line per run.
 */
public final class ComparisonCharts {

    private ComparisonCharts() {
    }

    /** The standard catalogue's compared figures; see {@link #write(LinkedHashMap, Path, Figures)}. */
    public static List<Path> write(LinkedHashMap<String, List<PointSummary>> runs, Path outDir) throws IOException {
        return write(runs, outDir, Figures.standard());
    }

    /**
     * Writes {@code <scenario>-<series>-<figure id>.png/.svg}, for every compared figure known to a run, into
     * {@code outDir}, where {@code <series>} is the file-name form of {@link Point#seriesLabel()} (e.g.
     * {@code 1-kib-delay-500-ms}). A run that did not measure a series has no line in its charts.
     *
     * @param runs each run's points by run label (the legend), in legend order
     * @return the files written, in scenario and series order
     */
    public static List<Path> write(LinkedHashMap<String, List<PointSummary>> runs, Path outDir, Figures figures)
            throws IOException {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs to compare");
        }
        // scenario -> series (in point order: delay, then size) -> run label -> that run's points
        Map<String, Map<SeriesKey, Map<String, List<PointSummary>>>> charts = new TreeMap<>();
        runs.forEach((run, points) -> points.stream()
                .sorted(Comparator.comparing(PointSummary::point))
                .forEach(p -> charts.computeIfAbsent(p.point().scenario(), s -> new TreeMap<>())
                        .computeIfAbsent(SeriesKey.of(p.point()), k -> new LinkedHashMap<>())
                        .computeIfAbsent(run, r -> new ArrayList<>()).add(p)));

        List<Path> written = new ArrayList<>();
        for (var scenario : charts.entrySet()) {
            for (var series : scenario.getValue().entrySet()) {
                String label = series.getKey().label();
                for (Figure figure : figures.compared()) {
                    if (series.getValue().values().stream().flatMap(List::stream).allMatch(p -> p.value(figure) == null)) {
                        continue;
                    }
                    String title = scenario.getKey() + ", " + label + ": " + figure.title() + " by run";
                    Path png = outDir.resolve(FileNames.slug(scenario.getKey()) + "-" + FileNames.slug(label)
                            + "-" + figure.id() + ".png");
                    written.addAll(ChartFiles.write(
                            UsersChart.create(title, figure.axisLabel(), lines(series.getValue(), figure)), png));
                }
            }
        }
        return written;
    }

    /** One line per run that measured the series; runs keep the order they were given in. */
    private static List<UsersLine> lines(Map<String, List<PointSummary>> byRun, Figure figure) {
        List<UsersLine> lines = new ArrayList<>();
        byRun.forEach((run, points) -> lines.add(new UsersLine(run, points.stream()
                .map(p -> new UsersLine.Value(p.point().load(), p.value(figure))).toList())));
        return lines;
    }

    /** A series of one scenario: ordered as {@link Point} orders them (heap, delay, then size). */
    private record SeriesKey(String heap, long delayMs, int sizeBytes) implements Comparable<SeriesKey> {
        static SeriesKey of(Point p) {
            return new SeriesKey(p.heap(), p.delayMs(), p.sizeBytes());
        }

        String label() {
            return new Point("", 0, 0, sizeBytes, delayMs, heap).seriesLabel();
        }

        @Override
        public int compareTo(SeriesKey o) {
            return Comparator.comparingLong((SeriesKey k) -> Point.heapBytes(k.heap())).thenComparing(SeriesKey::heap)
                    .thenComparingLong(SeriesKey::delayMs).thenComparingInt(SeriesKey::sizeBytes).compare(this, o);
        }
    }
}
