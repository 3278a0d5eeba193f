package org.esbbench.report.chart;

import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.Spread;

import java.util.function.Function;

/** A figure charted against concurrent users: how to read it from a point, its axis title and file suffix. */
enum Figure {
    THROUGHPUT("throughput", "Throughput", "Throughput (msgs/s)", PointSummary::throughputPerSecond),
    P99("p99", "p99 response time", "p99 response time (ms)", PointSummary::p99Ms);

    final String fileSuffix;
    final String title;
    final String axisLabel;
    final Function<PointSummary, Spread> value;

    Figure(String fileSuffix, String title, String axisLabel, Function<PointSummary, Spread> value) {
        this.fileSuffix = fileSuffix;
        this.title = title;
        this.axisLabel = axisLabel;
        this.value = value;
    }
}
