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
    private static final Figures STANDARD = new Figures(StandardFigures.ALL, StandardFigures.HEADLINE);

    private final List<Figure> all;
    private final List<Figure> headline;

    private Figures(List<Figure> all, List<Figure> headline) {
        if (all.stream().map(Figure::id).distinct().count() != all.size()) {
            throw new IllegalArgumentException("two figures with the same id in " + all);
        }
        if (!all.containsAll(headline)) {
            throw new IllegalArgumentException("a headline figure outside the catalogue: " + headline);
        }
        this.all = List.copyOf(all);
        this.headline = List.copyOf(headline);
    }

    public static Figures standard() {
        return STANDARD;
    }

    /** This catalogue and one more figure, last (not in the headline). */
    public Figures with(Figure extra) {
        List<Figure> more = new ArrayList<>(all);
        more.add(extra);
        return new Figures(more, headline);
    }

    /** This catalogue and one more figure, last in the catalogue and in the headline. */
    public Figures withHeadline(Figure extra) {
        List<Figure> more = new ArrayList<>(headline);
        more.add(extra);
        return new Figures(with(extra).all, more);
    }

    public List<Figure> all() {
        return all;
    }

    /**
     * The figures a reader looks at first, in their order: the headline table of summary.md and of the results
     * index. Every other figure follows in {@link #rest()}.
     */
    public List<Figure> headline() {
        return headline;
    }

    /** Every figure not in the headline, in catalogue order. */
    public List<Figure> rest() {
        return all.stream().filter(f -> !headline.contains(f)).toList();
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
