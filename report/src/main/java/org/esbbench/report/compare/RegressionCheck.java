package org.esbbench.report.compare;

import org.esbbench.report.figures.Better;
import org.esbbench.report.figures.Decimal;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.Spread;
import org.esbbench.report.samples.LatencyTiming;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The regression check of a candidate run against a baseline run, for the CLI's {@code regress} and the build's
 * baseline gate ({@code -Dbaseline}): the candidate fails when, on a point both measured, a figure of the tolerance
 * got worse by more than its allowed percentage (a drop for figures where higher is better, a growth where lower is
 * better) <em>and</em> by more than the runs' own spread; or when it did not measure a point the baseline did. Points
 * only the candidate measured are reported, not judged.
 *
 * <p>The runs' spread: with two or more repeats in either run, a change whose [lowest, highest] range over the
 * repeats overlaps the baseline's is within the noise the runs themselves show, and is reported as such, not failed;
 * with one repeat each there is no spread to judge by, and the tolerance alone decides.
 *
 * <p>A change counts only when it is also more than the figure's resolution, and a baseline of 0 is taken as one
 * step for the percentage of a growth. The resolution is the figure's last decimal, but for a response time of a
 * point timed in whole milliseconds in either run (JMeter's elapsed: no microsecond timing, or a run analysed
 * before it) it is 1 ms: a 2 ms p99 becoming 3 ms is a step of the clock, not a 50 % regression. Timed in
 * microseconds on both sides, 0.001 ms.
 *
 * @param tolerance per figure judged, in catalogue order, the allowed worsening in percent of the baseline
 */
public record RegressionCheck(Map<Figure, Double> tolerance) {
    public static final double DEFAULT_MAX_THROUGHPUT_DROP_PERCENT = 10;
    public static final double DEFAULT_MAX_P99_GROWTH_PERCENT = 20;
    /** The build's parameter of the tolerance (-D and run-parameters.json). */
    public static final String TOLERANCE_PARAMETER = "baselineTolerance";
    /** The tolerance when none is given: the figures the catalogue marks for the check, with the defaults above. */
    public static final String DEFAULT_TOLERANCE = "throughput_per_s:10,p99_ms:20";
    /** JMeter's clock step: the resolution of a response time not timed in microseconds. */
    static final double WHOLE_MILLISECOND = 1.0;

    public RegressionCheck {
        if (tolerance.isEmpty()) {
            throw new IllegalArgumentException("a regression check needs at least one figure to judge");
        }
        for (Map.Entry<Figure, Double> e : tolerance.entrySet()) {
            double p = e.getValue();
            if (!(p >= 0) || Double.isInfinite(p)) {
                throw new IllegalArgumentException("the allowed change of " + e.getKey().id()
                        + " must be a percentage of 0 or more, got " + p);
            }
            if (e.getKey().better().isEmpty()) {
                throw new IllegalArgumentException(e.getKey().id() + " has no better direction to judge a change by");
            }
        }
        tolerance = Collections.unmodifiableMap(new LinkedHashMap<>(tolerance));
    }

    /**
     * The standard catalogue's regressed figures (throughput, p99): those where higher is better may drop by
     * {@code maxDropPercent}, those where lower is better grow by {@code maxGrowthPercent}.
     */
    public RegressionCheck(double maxDropPercent, double maxGrowthPercent) {
        this(byDirection(maxDropPercent, maxGrowthPercent));
    }

    private static Map<Figure, Double> byDirection(double maxDropPercent, double maxGrowthPercent) {
        if (!(maxDropPercent >= 0) || !(maxGrowthPercent >= 0)
                || Double.isInfinite(maxDropPercent) || Double.isInfinite(maxGrowthPercent)) {
            throw new IllegalArgumentException("the allowed drop and growth must be percentages of 0 "
                    + "or more, got " + maxDropPercent + " and " + maxGrowthPercent);
        }
        Map<Figure, Double> limits = new LinkedHashMap<>();
        for (Figure f : Figures.standard().regressed()) {
            limits.put(f, f.better().orElseThrow() == Better.HIGHER ? maxDropPercent : maxGrowthPercent);
        }
        return limits;
    }

    /**
     * Parses a tolerance as given with {@code -DbaselineTolerance}: {@code FIGURE:PERCENT,...} (e.g.
     * {@code throughput_per_s:10,p99_ms:20}, a "%" after the number allowed); blank is {@link #DEFAULT_TOLERANCE}.
     *
     * @param flag how it was given, for the message
     * @throws IllegalArgumentException naming the part that is wrong and the figures that can be judged
     */
    public static RegressionCheck parse(String value, Figures figures, String flag) {
        String text = value == null || value.isBlank() ? DEFAULT_TOLERANCE : value;
        Map<Figure, Double> limits = new LinkedHashMap<>();
        List<Figure> judged = figures.all().stream().filter(f -> f.better().isPresent()).toList();
        String valid = String.join(", ", judged.stream().map(Figure::id).toList());
        for (String part : text.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            int colon = p.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException(flag + ": '" + p + "' is not FIGURE:PERCENT (e.g. " + flag + "="
                        + DEFAULT_TOLERANCE + ")");
            }
            String id = p.substring(0, colon).strip();
            Figure figure = judged.stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow(() ->
                    new IllegalArgumentException(flag + ": '" + p + "': " + (figures.byId(id).isPresent()
                            ? id + " has no better direction (higher or lower) to judge a change by"
                            : "no figure " + id) + "; the figures a baseline can judge: " + valid));
            String number = p.substring(colon + 1).strip();
            number = number.endsWith("%") ? number.substring(0, number.length() - 1).strip() : number;
            double percent;
            try {
                percent = Double.parseDouble(number);
            } catch (NumberFormatException e) {
                percent = Double.NaN;
            }
            if (!(percent >= 0) || Double.isInfinite(percent)) {
                throw new IllegalArgumentException(flag + ": '" + p + "': the allowed change must be a percentage of 0"
                        + " or more (e.g. " + id + ":10)");
            }
            limits.put(figure, percent);
        }
        if (limits.isEmpty()) {
            throw new IllegalArgumentException(flag + ": no figure given (e.g. " + flag + "=" + DEFAULT_TOLERANCE + ")");
        }
        Map<Figure, Double> ordered = new LinkedHashMap<>();
        figures.all().stream().filter(limits::containsKey).forEach(f -> ordered.put(f, limits.get(f)));
        return new RegressionCheck(ordered);
    }

    /** The figures judged, in catalogue order. */
    public List<Figure> figures() {
        return List.copyOf(tolerance.keySet());
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
        return tolerance.get(figure);
    }

    /** The tolerance as the reports print it: "throughput drop <= 10%, p99 growth <= 20%". */
    public String describe() {
        return String.join(", ", figures().stream().map(f -> f.title()
                + (f.better().orElseThrow() == Better.HIGHER ? " drop <= " : " growth <= ") + percent(limit(f)) + "%")
                .toList());
    }

    private PointCheck checkPoint(PointSummary base, PointSummary candidate) {
        if (candidate == null) {
            return new PointCheck(base.point(), base, null, Map.of(), List.of("not measured by the candidate run"),
                    List.of());
        }
        Map<Figure, Double> changes = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        List<String> withinSpread = new ArrayList<>();
        for (Figure f : figures()) {
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
                String what = f.title() + (higherIsBetter ? " dropped " : " grew ") + Decimal.fixed(worsening, 1) + "% ("
                        + withUnit(f, b.value()) + " -> " + withUnit(f, c.value()) + "), more than the allowed "
                        + percent(limit(f)) + "%";
                if (beyondSpread(b, c)) {
                    failures.add(what);
                } else {
                    withinSpread.add(what + ", but within the runs' spread (" + range(f, b) + " against " + range(f, c)
                            + " over the repeats)");
                }
            }
        }
        return new PointCheck(base.point(), base, candidate, changes, failures, withinSpread);
    }

    /** Whether the runs' repeats say the change is more than their own noise: see the class comment. */
    static boolean beyondSpread(Spread baseline, Spread candidate) {
        return (baseline.n() < 2 && candidate.n() < 2) || !baseline.overlaps(candidate);
    }

    private static String range(Figure f, Spread s) {
        return f.format(s.min()) + "–" + f.format(s.max());
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
