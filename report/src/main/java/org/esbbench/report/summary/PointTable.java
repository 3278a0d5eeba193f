package org.esbbench.report.summary;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;

import java.util.ArrayList;
import java.util.List;

/**
 * A table of points for people, as summary.md and the results index show it; the writers only render it, what the
 * columns are is decided here. Two tables: the {@link #headline} (the point and the catalogue's headline figures
 * with the flags) and the {@link #others} (every other figure). A value over two or more repeats shows
 * "median [lowest–highest]" with the figure's display precision, the value alone when every repeat shows the same
 * ({@link Figure#formatBrief}).
 *
 * @param headings the column headings
 * @param numeric  per column, whether it holds numbers (right-aligned)
 * @param points   the points, one per row
 * @param rows     the cells of each row, an unknown figure an empty cell
 */
public record PointTable(List<String> headings, List<Boolean> numeric, List<PointSummary> points,
                         List<List<String>> rows) {
    /** The heading of the column that says the load: users (closed model) or arrivals per second (open model). */
    public static final String LOAD = "users or arrivals/s";

    public PointTable {
        headings = List.copyOf(headings);
        numeric = List.copyOf(numeric);
        points = List.copyOf(points);
        rows = rows.stream().map(List::copyOf).toList();
    }

    /**
     * The point (scenario, load, then size and delay in one column, with the heap and the server's cores when the run
     * varies them), the
     * headline figures and the flags: at most 12 columns with the standard catalogue.
     */
    public static PointTable headline(List<PointSummary> points, Figures figures) {
        boolean offered = points.stream().anyMatch(p -> p.value(StandardFigures.OFFERED) != null);
        return of(points, StandardFigures.headlineOf(figures.headline(), offered), false, true);
    }

    /**
     * The point, its repeats and every figure outside the headline that at least one point has (a column empty for
     * every point, such as the engines' CPU of a run without engines, stays in the CSVs only).
     */
    public static PointTable others(List<PointSummary> points, Figures figures) {
        List<Figure> known = figures.rest().stream()
                .filter(f -> points.stream().anyMatch(p -> p.value(f) != null)).toList();
        return of(points, known, true, false);
    }

    private static PointTable of(List<PointSummary> points, List<Figure> figures, boolean repeats, boolean flags) {
        boolean heap = points.stream().anyMatch(p -> !p.point().heap().isEmpty());
        boolean cores = points.stream().anyMatch(p -> p.point().serverCores() > 0);
        List<String> headings = new ArrayList<>(List.of("scenario", LOAD,
                "size · delay" + (heap ? " · heap" : "") + (cores ? " · server cores" : "")));
        List<Boolean> numeric = new ArrayList<>(List.of(false, true, true));
        if (repeats) {
            headings.add("repeats");
            numeric.add(true);
        }
        for (Figure f : figures) {
            headings.add(f.heading());
            numeric.add(true);
        }
        if (flags) {
            headings.add("flags");
            numeric.add(false);
        }
        List<List<String>> rows = new ArrayList<>();
        for (PointSummary s : points) {
            Point p = s.point();
            List<String> cells = new ArrayList<>(List.of(p.scenario(), p.loadLabel(), sizeAndDelay(p)));
            if (repeats) {
                cells.add(Integer.toString(s.repeatCount()));
            }
            figures.forEach(f -> cells.add(f.formatBrief(s.value(f))));
            if (flags) {
                cells.add(String.join("; ", s.flags()));
            }
            rows.add(cells);
        }
        return new PointTable(headings, numeric, points, rows);
    }

    /** "1 KiB · 0 ms", with " · 512m" when the run varies the heap and " · 2 server cores" when it varies those. */
    static String sizeAndDelay(Point p) {
        String text = Point.sizeLabel(p.sizeBytes()) + " · " + p.delayMs() + " ms";
        return text + (p.heap().isEmpty() ? "" : " · " + p.heap())
                + (p.serverCores() == 0 ? "" : " · " + p.serverCoresLabel());
    }

    /** The column of {@code heading}, -1 when the table has none. */
    public int column(String heading) {
        return headings.indexOf(heading);
    }
}
