package org.esbbench.report.compare;

import org.esbbench.report.figures.Figure;

import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One point across the compared runs.
 *
 * @param point     the point
 * @param summaries one entry per run, in the runs' order; {@code null} where that run did not measure the point
 */
public record PointComparison(Point point, List<PointSummary> summaries) {

    public PointComparison {
        summaries = Collections.unmodifiableList(new ArrayList<>(summaries));
    }

    public boolean presentIn(int run) {
        return summaries.get(run) != null;
    }

    /** Indexes of the runs that did not measure this point. */
    public List<Integer> missingIn() {
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < summaries.size(); i++) {
            if (summaries.get(i) == null) {
                missing.add(i);
            }
        }
        return missing;
    }

    /** The figure in run {@code run} against the baseline (run 0). */
    public FigureComparison compare(Figure figure, int run) {
        return FigureComparison.of(figure, summaries.get(0), summaries.get(run));
    }
}
