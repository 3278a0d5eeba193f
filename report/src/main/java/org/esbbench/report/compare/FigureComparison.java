package org.esbbench.report.compare;

import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.Spread;

/**
 * One figure of one point in one run against the baseline run.
 *
 * @param figure   what is compared
 * @param baseline the baseline run's median and spread, {@code null} when it has none
 * @param other    the compared run's median and spread, {@code null} when it has none
 * @param ratio    other median / baseline median, {@code null} when either is missing or the baseline is 0
 * @param verdict  whether the difference exceeds the runs' own spread
 */
public record FigureComparison(Figure figure, Spread baseline, Spread other, Double ratio, Verdict verdict) {

    /** Compares a figure of two summaries of the same point; either may be {@code null} (point not measured). */
    public static FigureComparison of(Figure figure, PointSummary baseline, PointSummary other) {
        if (baseline == null || other == null) {
            return new FigureComparison(figure, figure.of(baseline), figure.of(other), null, Verdict.MISSING);
        }
        Spread b = figure.of(baseline);
        Spread o = figure.of(other);
        if (b == null || o == null) {
            return new FigureComparison(figure, b, o, null, Verdict.NOT_AVAILABLE);
        }
        Double ratio = b.median() == 0 ? null : o.median() / b.median();
        Verdict verdict;
        if (b.n() < 2 && o.n() < 2) {
            verdict = Verdict.NO_SPREAD_KNOWN;
        } else {
            verdict = b.overlaps(o) ? Verdict.WITHIN_SPREAD : Verdict.SIGNIFICANT;
        }
        return new FigureComparison(figure, b, o, ratio, verdict);
    }
}
