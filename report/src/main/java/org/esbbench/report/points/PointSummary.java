package org.esbbench.report.points;

import org.HdrHistogram.AbstractHistogram;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.samples.LatencyHistogram;
import org.esbbench.report.samples.LatencyTiming;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * One point over all its repeats: each figure of the catalogue combined as its {@link
 * org.esbbench.report.figures.Combination} says (with the lowest and highest of the repeats), and every flag
 * any repeat raised.
 *
 * @param point   the point
 * @param repeats its repeats, as measured
 * @param values  each figure's combined value and spread; a figure no repeat knows is absent
 * @param flags   each kind of flag with the number of repeats that raised it
 */
public record PointSummary(Point point, List<RepeatRow> repeats, Map<Figure, Spread> values, List<String> flags) {

    public PointSummary {
        repeats = List.copyOf(repeats);
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        flags = List.copyOf(flags);
    }

    /** Combines the repeats of one point by the standard catalogue, without histograms (medians instead). */
    public static PointSummary of(Point point, List<RepeatRow> repeats) {
        return of(point, repeats, Figures.standard(), RepeatHistograms.NONE);
    }

    public static PointSummary of(Point point, List<RepeatRow> repeats, Figures figures, RepeatHistograms histograms) {
        if (repeats.isEmpty()) {
            throw new IllegalArgumentException("no repeats for " + point.key());
        }
        AbstractHistogram merged = merged(point, repeats, histograms).orElse(null);
        Map<Figure, Spread> values = new LinkedHashMap<>();
        for (Figure f : figures.all()) {
            Spread s = RepeatCombination.combine(f, repeats, merged);
            if (s != null) {
                values.put(f, s);
            }
        }
        return new PointSummary(point, repeats, values, flagCounts(repeats));
    }

    /** Groups rows by point (in point order) and combines each group, without histograms. */
    public static List<PointSummary> summarise(List<RepeatRow> rows) {
        return summarise(rows, Figures.standard(), RepeatHistograms.NONE);
    }

    /** Groups rows by point (in point order) and combines each group. */
    public static List<PointSummary> summarise(List<RepeatRow> rows, Figures figures, RepeatHistograms histograms) {
        Map<Point, List<RepeatRow>> byPoint = new TreeMap<>();
        for (RepeatRow r : rows) {
            byPoint.computeIfAbsent(r.point(), p -> new ArrayList<>()).add(r);
        }
        List<PointSummary> out = new ArrayList<>();
        byPoint.forEach((p, rs) -> out.add(of(p, rs, figures, histograms)));
        return out;
    }

    /** The figure's combined value and spread, {@code null} when no repeat knows it. */
    public Spread value(Figure figure) {
        return values.get(figure);
    }

    public long samples() {
        return count(StandardFigures.SAMPLES);
    }

    public long errors() {
        return count(StandardFigures.ERRORS);
    }

    public long incorrect() {
        return count(StandardFigures.INCORRECT);
    }

    public int repeatCount() {
        return repeats.size();
    }

    private long count(Figure figure) {
        Spread s = values.get(figure);
        return s == null ? 0 : Math.round(s.value());
    }

    /**
     * All repeats' histograms (µs) merged, empty unless every repeat has one (else a partial merge would mislead);
     * tagged whole milliseconds only when every repeat was.
     */
    private static Optional<AbstractHistogram> merged(Point point, List<RepeatRow> repeats, RepeatHistograms histograms) {
        List<AbstractHistogram> all = new ArrayList<>();
        for (RepeatRow r : repeats) {
            Optional<AbstractHistogram> h = histograms.of(point, r.repeat());
            if (h.isEmpty()) {
                return Optional.empty();
            }
            all.add(h.get());
        }
        return Optional.of(LatencyHistogram.merged(all));
    }

    /**
     * How the point's response times were timed over its repeats (the same for all, or mixed); empty when no repeat
     * says (a points.csv written before it was recorded).
     */
    public Optional<LatencyTiming> latencyTiming() {
        List<LatencyTiming> known = repeats.stream().map(RepeatRow::latencyTiming).flatMap(Optional::stream).toList();
        return known.size() < repeats.size() ? Optional.empty() : LatencyTiming.together(known);
    }

    /**
     * A flag's kind is its text before the colon ("generator-saturated: ..."); the summary says in how many
     * repeats each kind was raised, the details per repeat stay in points.csv.
     */
    private static List<String> flagCounts(List<RepeatRow> repeats) {
        Map<String, Integer> kinds = new LinkedHashMap<>();
        for (RepeatRow r : repeats) {
            Set<String> inThisRepeat = new LinkedHashSet<>();
            for (String f : r.flags().split(";")) {
                if (!f.isBlank()) {
                    int colon = f.indexOf(':');
                    inThisRepeat.add((colon < 0 ? f : f.substring(0, colon)).trim());
                }
            }
            inThisRepeat.forEach(k -> kinds.merge(k, 1, Integer::sum));
        }
        List<String> flags = new ArrayList<>();
        kinds.forEach((kind, n) -> flags.add(kind + " in " + n + " of " + repeats.size()
                + (repeats.size() == 1 ? " repeat" : " repeats")));
        return flags;
    }
}
