package org.esbbench.report.chart;

import org.esbbench.report.points.Spread;

import java.util.List;

/**
 * One line of a chart against concurrent users: a label for the legend and, per users value, the point's value and
 * spread of the plotted figure over the repeats.
 */
record UsersLine(String label, List<Value> values) {

    record Value(int users, Spread spread) {
    }

    UsersLine {
        values = List.copyOf(values);
    }
}
