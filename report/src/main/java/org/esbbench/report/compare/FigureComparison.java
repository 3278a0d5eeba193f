package org.esbbench.report.compare;

import org.esbbench.report.figures.Figure;

import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.Spread;

/**
 * One figure of one point in one run against the baseline run.
 *
 * @param figure   what is compared
 * @param baseline the baseline run's value and spread, {@code null} when it has none
 * @param other    the compared run's value and spread, {@code null} when it has none
 * @param ratio    other value / baseline value, {@code null} when either is missing or the baseline is 0
 * @param verdict  whether the difference exceeds the runs' own spread
 */
public record FigureComparison(Figure figure, Spread baseline, Spread other, Double ratio, Verdict verdict) {

    /** Compares a figure of two summaries of the same point; either may be {@code null} (point not measured). */
    public static FigureComparison of(Figure figure, PointSummary baseline, PointSummary other) {
        if (baseline == null || other == null) {
            return new FigureComparison(figure, valueOf(figure, baseline), valueOf(figure, other), null, Verdict.MISSING);
        }
        Spread b = baseline.value(figure);
        Spread o = other.value(figure);
        if (b == null || o == null) {
            return new FigureComparison(figure, b, o, null, Verdict.NOT_AVAILABLE);
        }
        Double ratio = b.value() == 0 ? null : o.value() / b.value();
        Verdict verdict;
        if (b.n() < 2 && o.n() < 2) {
            verdict = Verdict.NO_SPREAD_KNOWN;
        } else {
            verdict = b.overlaps(o) ? Verdict.WITHIN_SPREAD : Verdict.SIGNIFICANT;
        }
        return new FigureComparison(figure, b, o, ratio, verdict);
    }

    /** The figure's value in a summary, {@code null} when the point or the figure is missing. */
    static Spread valueOf(Figure figure, PointSummary summary) {
        return summary == null ? null : summary.value(figure);
    }
}
