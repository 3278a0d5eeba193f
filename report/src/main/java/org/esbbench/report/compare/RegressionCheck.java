package org.esbbench.report.compare;

import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The CI regression check: a candidate run fails against a saved baseline run when, on a point both measured,
 * the median throughput dropped or the median p99 grew by more than the allowed percentages, or when it did not
 * measure a point the baseline did. Points only the candidate measured are reported, not judged.
 *
 * <p>p99 is recorded in whole milliseconds, so a growth counts only when it is also more than that 1 ms
 * resolution (a 2 ms p99 becoming 3 ms is a step of the clock, not a 50 % regression), and a baseline of 0 ms is
 * taken as 1 ms for the percentage.
 *
 * @param maxThroughputDropPercent largest allowed throughput drop, in percent of the baseline (e.g. 10)
 * @param maxP99GrowthPercent      largest allowed p99 growth, in percent of the baseline (e.g. 20)
 */
public record RegressionCheck(double maxThroughputDropPercent, double maxP99GrowthPercent) {
    public static final double DEFAULT_MAX_THROUGHPUT_DROP_PERCENT = 10;
    public static final double DEFAULT_MAX_P99_GROWTH_PERCENT = 20;

    /** The smallest p99 step the results can show (ms): growth within it is not judged. */
    static final double P99_RESOLUTION_MS = 1;

    public RegressionCheck {
        if (!(maxThroughputDropPercent >= 0) || !(maxP99GrowthPercent >= 0)
                || Double.isInfinite(maxThroughputDropPercent) || Double.isInfinite(maxP99GrowthPercent)) {
            throw new IllegalArgumentException("the allowed throughput drop and p99 growth must be percentages of 0 "
                    + "or more, got " + maxThroughputDropPercent + " and " + maxP99GrowthPercent);
        }
    }

    public RegressionResult check(ComparedRun baseline, ComparedRun candidate) {
        List<PointCheck> checks = new ArrayList<>();
        for (PointSummary base : baseline.points().values()) {
            checks.add(checkPoint(base, candidate.point(base.point())));
        }
        List<Point> added = candidate.points().keySet().stream()
                .filter(p -> baseline.point(p) == null).sorted().toList();
        return new RegressionResult(baseline, candidate, this, checks, added);
    }

    private PointCheck checkPoint(PointSummary base, PointSummary candidate) {
        if (candidate == null) {
            return new PointCheck(base.point(), base, null, null, null, List.of("not measured by the candidate run"));
        }
        List<String> failures = new ArrayList<>();
        double baseTput = base.throughputPerSecond().median();
        double candTput = candidate.throughputPerSecond().median();
        Double tputChange = baseTput > 0 ? 100 * (candTput - baseTput) / baseTput : null;
        if (tputChange != null && -tputChange > maxThroughputDropPercent) {
            failures.add(String.format(Locale.ROOT, "throughput dropped %.1f%% (%.1f/s -> %.1f/s), more than the "
                    + "allowed %s%%", -tputChange, baseTput, candTput, percent(maxThroughputDropPercent)));
        }
        double baseP99 = base.p99Ms().median();
        double candP99 = candidate.p99Ms().median();
        double p99Change = 100 * (candP99 - baseP99) / Math.max(baseP99, P99_RESOLUTION_MS);
        if (p99Change > maxP99GrowthPercent && candP99 - baseP99 > P99_RESOLUTION_MS) {
            failures.add(String.format(Locale.ROOT, "p99 grew %.1f%% (%s ms -> %s ms), more than the allowed %s%%",
                    p99Change, percent(baseP99), percent(candP99), percent(maxP99GrowthPercent)));
        }
        return new PointCheck(base.point(), base, candidate, tputChange, p99Change, failures);
    }

    /** A percentage or millisecond value, without a trailing ".0". */
    static String percent(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }
}
