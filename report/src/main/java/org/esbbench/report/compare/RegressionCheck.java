package org.esbbench.report.compare;

import org.esbbench.report.LatencyTiming;
import org.esbbench.report.figures.Better;
import org.esbbench.report.figures.Decimal;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.Spread;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CI regression check: a candidate run fails against a saved baseline run when, on a point both measured, a
 * figure the catalogue marks for the check ({@link Figure#isRegressed()}: throughput and p99) got worse by more
 * than the allowed percentage: a drop for figures where higher is better, a growth where lower is better; or
 * when it did not measure a point the baseline did. Points only the candidate measured are reported, not judged.
 *
 * <p>A change counts only when it is also more than the figure's resolution, and a baseline of 0 is taken as one
 * step for the percentage of a growth. The resolution is the figure's last decimal, but for a response time of a
 * point timed in whole milliseconds in either run (JMeter's elapsed: no microsecond timing, or a run analysed
 * before it) it is 1 ms: a 2 ms p99 becoming 3 ms is a step of the clock, not a 50 % regression. Timed in
 * microseconds on both sides, 0.001 ms.
 *
 * @param maxDropPercent   largest allowed drop of a figure where higher is better, in percent of the baseline
 * @param maxGrowthPercent largest allowed growth of a figure where lower is better, in percent of the baseline
 * @param figures          the catalogue whose regressed figures are checked
 */
public record RegressionCheck(double maxDropPercent, double maxGrowthPercent, Figures figures) {
    public static final double DEFAULT_MAX_THROUGHPUT_DROP_PERCENT = 10;
    public static final double DEFAULT_MAX_P99_GROWTH_PERCENT = 20;
    /** JMeter's clock step: the resolution of a response time not timed in microseconds. */
    static final double WHOLE_MILLISECOND = 1.0;

    public RegressionCheck {
        if (!(maxDropPercent >= 0) || !(maxGrowthPercent >= 0)
                || Double.isInfinite(maxDropPercent) || Double.isInfinite(maxGrowthPercent)) {
            throw new IllegalArgumentException("the allowed drop and growth must be percentages of 0 "
                    + "or more, got " + maxDropPercent + " and " + maxGrowthPercent);
        }
    }

    /** The standard catalogue: throughput may drop by {@code maxDropPercent}, p99 grow by {@code maxGrowthPercent}. */
    public RegressionCheck(double maxDropPercent, double maxGrowthPercent) {
        this(maxDropPercent, maxGrowthPercent, Figures.standard());
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

    /** The allowed worsening of a figure, in percent of the baseline. */
    public double limit(Figure figure) {
        return figure.better().orElseThrow() == Better.HIGHER ? maxDropPercent : maxGrowthPercent;
    }

    private PointCheck checkPoint(PointSummary base, PointSummary candidate) {
        if (candidate == null) {
            return new PointCheck(base.point(), base, null, Map.of(), List.of("not measured by the candidate run"));
        }
        Map<Figure, Double> changes = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        for (Figure f : figures.regressed()) {
            Spread b = base.value(f);
            Spread c = candidate.value(f);
            if (b == null || c == null) {
                changes.put(f, null);
                continue;
            }
            double resolution = resolution(f, base, candidate);
            boolean higherIsBetter = f.better().orElseThrow() == Better.HIGHER;
            Double change = higherIsBetter ? (b.value() > 0 ? 100 * (c.value() - b.value()) / b.value() : null)
                    : 100 * (c.value() - b.value()) / Math.max(b.value(), resolution);
            changes.put(f, change);
            double worsening = change == null ? 0 : higherIsBetter ? -change : change;
            if (worsening > limit(f) && Math.abs(c.value() - b.value()) > resolution) {
                failures.add(f.title() + (higherIsBetter ? " dropped " : " grew ") + Decimal.fixed(worsening, 1) + "% ("
                        + withUnit(f, b.value()) + " -> " + withUnit(f, c.value()) + "), more than the allowed "
                        + percent(limit(f)) + "%");
            }
        }
        return new PointCheck(base.point(), base, candidate, changes, failures);
    }

    /** The smallest change of the figure that is not a step of the clock: see the class comment. */
    static double resolution(Figure f, PointSummary base, PointSummary candidate) {
        boolean wholeMillis = StandardFigures.RESPONSE_TIMES.contains(f)
                && !(inMicros(base) && inMicros(candidate));
        return wholeMillis ? WHOLE_MILLISECOND : Math.pow(10, -f.decimals());
    }

    private static boolean inMicros(PointSummary s) {
        return s.latencyTiming().orElse(LatencyTiming.WHOLE_MILLISECONDS) == LatencyTiming.MICROSECONDS;
    }

    static String withUnit(Figure f, double value) {
        return f.format(value) + (f.unit().isEmpty() ? "" : " " + f.unit());
    }

    /** A percentage without a trailing ".0". */
    static String percent(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Decimal.fixed(value, 1);
    }
}
