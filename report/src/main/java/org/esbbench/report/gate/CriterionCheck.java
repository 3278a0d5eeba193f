package org.esbbench.report.gate;

import org.esbbench.report.points.Point;
import org.esbbench.report.points.Spread;

/**
 * One criterion judged on one point.
 *
 * @param point     the point
 * @param criterion the criterion
 * @param value     the point's value of the criterion's figure over its repeats, {@code null} when the run has none
 *                  (a figure not measured, e.g. CPU of a server the suite cannot see): then the criterion fails
 */
public record CriterionCheck(Point point, Criterion criterion, Spread value) {

    public boolean passed() {
        return value != null && criterion.holds(value.value());
    }

    /** The point's value with its unit, "n/a" when unknown: "7.352 ms". */
    public String valueText() {
        if (value == null) {
            return "n/a";
        }
        String unit = criterion.figure().unit();
        return criterion.figure().recorded(value.value()) + (unit.isEmpty() ? "" : " " + unit);
    }

    /** "direct_u2_s1024_d0: p99_ms = 7.352 ms, bound < 5 ms" (or "..., no value, bound ..."). */
    public String message() {
        return point.key() + ": " + criterion.figure().id() + (value == null ? " has no value in this run"
                : " = " + valueText()) + ", bound " + criterion.boundText();
    }
}
