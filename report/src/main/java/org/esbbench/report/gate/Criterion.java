package org.esbbench.report.gate;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.points.Point;

/**
 * One pass/fail bound of {@code -Dcriteria}: {@code SCENARIO:FIGURE OP NUMBER}, e.g. {@code direct:p99_ms<5}, where
 * the scenario {@code *} stands for every scenario (and plan) of the run. It is judged on each point of its scenario,
 * on the point's value over its repeats (the value summary.csv gives: a median, a total, a percent of all samples, or
 * the percentile of the merged histograms).
 *
 * @param scenario the scenario or plan id, or {@link #EVERY}
 * @param figure   the figure of the catalogue, by its id (the column of points.csv)
 * @param bound    the comparison
 * @param limit    the number the value is compared with, in the figure's unit
 * @param text     the criterion as given (without white space), how every message names it
 */
public record Criterion(String scenario, Figure figure, Bound bound, double limit, String text) {
    /** The scenario of a criterion that holds for every scenario of the run. */
    public static final String EVERY = "*";

    public boolean appliesTo(Point point) {
        return scenario.equals(EVERY) || scenario.equals(point.scenario());
    }

    public boolean holds(double value) {
        return bound.holds(value, limit);
    }

    /** The bound with the figure's unit: "< 5 ms". */
    public String boundText() {
        String number = org.esbbench.report.figures.Decimal.trimmed(limit, 9);
        return bound.symbol() + " " + number + (figure.unit().isEmpty() ? "" : " " + figure.unit());
    }
}
