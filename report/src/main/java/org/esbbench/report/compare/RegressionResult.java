package org.esbbench.report.compare;

import org.esbbench.report.figures.Figure;

import org.esbbench.report.figures.Decimal;
import org.esbbench.report.points.Point;

import java.util.ArrayList;
import java.util.List;

/**
 * The outcome of a {@link RegressionCheck}: a verdict per baseline point and the points only the candidate has.
 *
 * @param baseline  the saved baseline run
 * @param candidate the run under check
 * @param limits    the allowed throughput drop and p99 growth
 * @param checks    one per point of the baseline, in point order
 * @param added     points the candidate measured and the baseline did not (not judged)
 */
public record RegressionResult(ComparedRun baseline, ComparedRun candidate, RegressionCheck limits,
                               List<PointCheck> checks, List<Point> added) {

    public RegressionResult {
        checks = List.copyOf(checks);
        added = List.copyOf(added);
    }

    public boolean passed() {
        return checks.stream().allMatch(PointCheck::passed);
    }

    /** One line per failure, naming the point: "FAIL direct_u10_s1024_d0: throughput dropped ...". */
    public List<String> failureMessages() {
        List<String> lines = new ArrayList<>();
        for (PointCheck c : checks) {
            c.failures().forEach(f -> lines.add("FAIL " + c.point().key() + ": " + f));
        }
        return lines;
    }

    /** What the CLI prints: the verdict, the failures if any, and a table of every compared point. */
    public String report() {
        StringBuilder out = new StringBuilder();
        List<Figure> figures = limits.figures();
        String limitsText = limits.describe();
        String runs = "candidate " + candidate.label() + " against baseline " + baseline.label();
        if (passed()) {
            out.append("OK: ").append(runs).append(", ").append(checks.size()).append(" points within limits (")
                    .append(limitsText).append(")\n");
        } else {
            List<String> failures = failureMessages();
            out.append("REGRESSION: ").append(runs).append(", ").append(failures.size()).append(" failure(s) (")
                    .append(limitsText).append(")\n");
            failures.forEach(f -> out.append(f).append('\n'));
        }
        out.append("\n| point |");
        StringBuilder rule = new StringBuilder("|---|");
        for (Figure f : figures) {
            out.append(' ').append(f.heading()).append(" baseline -> candidate | change |");
            rule.append("---:|---:|");
        }
        out.append(" result |\n").append(rule).append("---|\n");
        for (PointCheck c : checks) {
            out.append("| ").append(c.point().key()).append(" |");
            for (Figure f : figures) {
                out.append(' ').append(valueText(f, c.baseline())).append(" -> ")
                        .append(c.candidate() == null ? "missing" : valueText(f, c.candidate()))
                        .append(" | ").append(change(c.change(f))).append(" |");
            }
            out.append(' ').append(c.passed() ? c.withinSpread().isEmpty() ? "ok" : "ok (within spread)" : "FAIL")
                    .append(" |\n");
        }
        for (PointCheck c : checks) {
            c.withinSpread().forEach(w -> out.append("\nWithin spread, not failed: ").append(c.point().key()).append(": ")
                    .append(w).append('\n'));
        }
        if (!added.isEmpty()) {
            out.append("\nNot in the baseline (not checked): ")
                    .append(String.join(", ", added.stream().map(Point::key).toList())).append('\n');
        }
        return out.toString();
    }

    private static String valueText(Figure f, org.esbbench.report.points.PointSummary s) {
        return s.value(f) == null ? "n/a" : f.format(s.value(f).value());
    }

    private static String change(Double percent) {
        return percent == null ? "" : Decimal.signedPercent(percent);
    }
}
