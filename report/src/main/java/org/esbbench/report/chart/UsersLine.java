package org.esbbench.report.chart;

import org.esbbench.report.points.Point;
import org.esbbench.report.points.Spread;

import java.util.List;

/**
 * One line of a chart against load: a label for the legend and, per point on the line, the point and its value
 * and spread of the plotted figure over the repeats.
 */
record UsersLine(String label, List<Value> values) {

    /** A point of the line; {@code spread} is null where the figure was not measured. */
    record Value(Point point, Spread spread) {
        /** Where the point sits on the load axis: its users, or its arrivals per second. */
        int load() {
            return point.load();
        }
    }

    UsersLine {
        values = List.copyOf(values);
    }
}
