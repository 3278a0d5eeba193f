package org.esbbench.report.summary;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;

import java.util.ArrayList;
import java.util.List;

/**
 * The table of points for people, as summary.md and the results index show it: the point, its repeats, every
 * figure of the catalogue (value with [lowest–highest] over two or more repeats) and its flags. The heap column
 * is the server's heap when the run measures several, empty when it does not vary it. The writers only
 * render it; what the columns are is decided here.
 */
public final class PointTable {
    /** Columns before the figures; {@link #numeric} says which are numbers (right-aligned). */
    private static final List<String> POINT_HEADINGS = List.of("scenario", "users or rate", "size", "delay ms", "heap",
            "repeats");

    private PointTable() {
    }

    public static List<String> headings(Figures figures) {
        List<String> headings = new ArrayList<>(POINT_HEADINGS);
        figures.all().forEach(f -> headings.add(f.heading()));
        headings.add("flags");
        return headings;
    }

    /** Whether column {@code index} holds numbers: all but the scenario and the flags. */
    public static boolean numeric(int index, Figures figures) {
        return index > 0 && index < POINT_HEADINGS.size() + figures.all().size();
    }

    /** The cells of one point; an unknown figure is an empty cell. */
    public static List<String> cells(PointSummary s, Figures figures) {
        Point p = s.point();
        List<String> cells = new ArrayList<>(List.of(p.scenario(), p.loadLabel(), Point.sizeLabel(p.sizeBytes()),
                Long.toString(p.delayMs()), p.heap(), Integer.toString(s.repeatCount())));
        for (Figure f : figures.all()) {
            cells.add(f.format(s.value(f)));
        }
        cells.add(String.join("; ", s.flags()));
        return cells;
    }
}
