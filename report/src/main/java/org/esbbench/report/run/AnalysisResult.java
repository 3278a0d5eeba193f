package org.esbbench.report.run;

import org.esbbench.report.points.PointSummary;

import java.util.List;

/**
 * What {@link RunAnalysis} found.
 *
 * @param points   each point over its repeats, in point order
 * @param failures what failed, one line each naming the scenario run; empty when the run passed
 */
public record AnalysisResult(List<PointSummary> points, List<String> failures) {
    public AnalysisResult {
        points = List.copyOf(points);
        failures = List.copyOf(failures);
    }

    public boolean passed() {
        return failures.isEmpty();
    }
}
