package org.esbbench.report.run;

import org.esbbench.report.points.PointSummary;

import java.nio.file.Path;
import java.util.List;
import org.esbbench.report.gate.GateResult;

/**
 * What {@link RunAnalysis} found.
 *
 * @param points   each point over its repeats, in point order
 * @param failures what failed, one line each naming the scenario run or the point; empty when the run passed
 * @param gate     what the criteria and the baseline said ({@link GateResult#NONE} when the run has neither)
 * @param junit    the run's JUnit XML report
 */
public record AnalysisResult(List<PointSummary> points, List<String> failures, GateResult gate, Path junit) {
    public AnalysisResult {
        points = List.copyOf(points);
        failures = List.copyOf(failures);
    }

    public boolean passed() {
        return failures.isEmpty();
    }

    /** What failed, counted by kind: "failed: 1 criterion, 2 regressions, 1 other failure"; "passed" when nothing did. */
    public String verdict() {
        if (passed()) {
            return "passed";
        }
        long criteria = gate.failedCriteria();
        long baseline = gate.baselineProblem().isPresent() ? 1 : 0;
        long regressions = gate.failures().size() - criteria - baseline;
        long other = failures.size() - gate.failures().size();
        List<String> parts = new java.util.ArrayList<>();
        if (criteria > 0) {
            parts.add(criteria + (criteria == 1 ? " criterion" : " criteria"));
        }
        if (regressions > 0) {
            parts.add(regressions + (regressions == 1 ? " regression" : " regressions"));
        }
        if (baseline > 0) {
            parts.add("the baseline could not be read");
        }
        if (other > 0) {
            parts.add(other + (other == 1 ? " other failure" : " other failures") + " (errors, replies, scenario runs)");
        }
        return "failed: " + String.join(", ", parts);
    }
}
