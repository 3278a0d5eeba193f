package org.esbbench.report.compare;

import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;

import java.util.List;

/**
 * One baseline point in the regression check.
 *
 * @param point                   the point
 * @param baseline                the baseline's summary
 * @param candidate               the candidate's summary, {@code null} when it did not measure the point
 * @param throughputChangePercent change of the median throughput in percent of the baseline ({@code null} when
 *                                unknown: point missing or a baseline of 0)
 * @param p99ChangePercent        change of the median p99 in percent of the baseline (a baseline of 0 ms counts as 1 ms)
 * @param failures                why the point fails the check; empty when it passes
 */
public record PointCheck(Point point, PointSummary baseline, PointSummary candidate, Double throughputChangePercent,
                         Double p99ChangePercent, List<String> failures) {

    public PointCheck {
        failures = List.copyOf(failures);
    }

    public boolean passed() {
        return failures.isEmpty();
    }
}
