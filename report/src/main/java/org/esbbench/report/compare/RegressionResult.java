package org.esbbench.report.compare;

import org.esbbench.report.index.Numbers;
import org.esbbench.report.points.Point;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
        String limitsText = "throughput drop <= " + RegressionCheck.percent(limits.maxThroughputDropPercent())
                + "%, p99 growth <= " + RegressionCheck.percent(limits.maxP99GrowthPercent()) + "%";
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
        out.append("\n| point | throughput/s baseline -> candidate | change | p99 ms baseline -> candidate | change | result |\n")
                .append("|---|---:|---:|---:|---:|---|\n");
        for (PointCheck c : checks) {
            out.append("| ").append(c.point().key()).append(" | ")
                    .append(Numbers.fixed(c.baseline().throughputPerSecond().median(), 1)).append(" -> ")
                    .append(c.candidate() == null ? "missing" : Numbers.fixed(c.candidate().throughputPerSecond().median(), 1))
                    .append(" | ").append(change(c.throughputChangePercent())).append(" | ")
                    .append(RegressionCheck.percent(c.baseline().p99Ms().median())).append(" -> ")
                    .append(c.candidate() == null ? "missing" : RegressionCheck.percent(c.candidate().p99Ms().median()))
                    .append(" | ").append(change(c.p99ChangePercent())).append(" | ")
                    .append(c.passed() ? "ok" : "FAIL").append(" |\n");
        }
        if (!added.isEmpty()) {
            out.append("\nNot in the baseline (not checked): ")
                    .append(String.join(", ", added.stream().map(Point::key).toList())).append('\n');
        }
        return out.toString();
    }

    private static String change(Double percent) {
        return percent == null ? "" : String.format(Locale.ROOT, "%+.1f%%", percent);
    }
}
