package org.esbbench.report.compare;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One baseline point in the regression check.
 *
 * @param point         the point
 * @param baseline      the baseline's summary
 * @param candidate     the candidate's summary, {@code null} when it did not measure the point
 * @param changePercent per regressed figure, the change of the candidate's value in percent of the baseline's
 *                      ({@code null} when unknown: point or figure missing, a baseline of 0 where higher is better)
 * @param failures      why the point fails the check; empty when it passes
 * @param withinSpread  changes beyond the tolerance that the runs' own spread over their repeats covers: reported,
 *                      not failed
 */
public record PointCheck(Point point, PointSummary baseline, PointSummary candidate, Map<Figure, Double> changePercent,
                         List<String> failures, List<String> withinSpread) {

    public PointCheck {
        changePercent = Collections.unmodifiableMap(new LinkedHashMap<>(changePercent));
        failures = List.copyOf(failures);
        withinSpread = List.copyOf(withinSpread);
    }

    /** The figure's change in percent of the baseline, {@code null} when unknown. */
    public Double change(Figure figure) {
        return changePercent.get(figure);
    }

    public boolean passed() {
        return failures.isEmpty();
    }
}
