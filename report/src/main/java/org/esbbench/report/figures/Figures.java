package org.esbbench.report.figures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A catalogue of figures, in output order: what every writer (points.csv, summary.csv and .md, the results index,
 * charts, comparisons, run.json) iterates over. {@link #standard()} is the suite's; a test can build one with an
 * extra figure ({@link #with(Figure)}) and hand it to the writers.
 */
public final class Figures {
    private static final Figures STANDARD = new Figures(StandardFigures.ALL);

    private final List<Figure> all;

    private Figures(List<Figure> all) {
        if (all.stream().map(Figure::id).distinct().count() != all.size()) {
            throw new IllegalArgumentException("two figures with the same id in " + all);
        }
        this.all = List.copyOf(all);
    }

    public static Figures standard() {
        return STANDARD;
    }

    /** This catalogue and one more figure, last. */
    public Figures with(Figure extra) {
        List<Figure> more = new ArrayList<>(all);
        more.add(extra);
        return new Figures(more);
    }

    public List<Figure> all() {
        return all;
    }

    public List<Figure> charted() {
        return all.stream().filter(Figure::isCharted).toList();
    }

    public List<Figure> compared() {
        return all.stream().filter(Figure::isCompared).toList();
    }

    public List<Figure> regressed() {
        return all.stream().filter(Figure::isRegressed).toList();
    }

    /** The figures read from the response-time histogram (the percentiles). */
    public List<Figure> fromHistogram() {
        return all.stream().filter(f -> f.combination() == Combination.MERGED_HISTOGRAM).toList();
    }

    public Optional<Figure> byId(String id) {
        return all.stream().filter(f -> f.id().equals(id)).findFirst();
    }

    /** Every figure of one scenario run (insertion-ordered; a value is {@code null} when unknown). */
    public Map<Figure, Double> compute(WindowMeasurement measurement) {
        Map<Figure, Double> values = new LinkedHashMap<>();
        all.forEach(f -> values.put(f, f.compute(measurement)));
        return values;
    }
}
