package org.esbbench.report.chart;

import java.util.List;

/**
 * A chart against load before it is drawn: the file it goes to, its titles, the load model its x axis counts and
 * its lines. Every point on its lines is of that model (the constructor refuses a mix), so users and arrivals per
 * second never share an axis or a line.
 *
 * @param fileName the PNG's name (the SVG beside it)
 */
record LoadChart(String fileName, String title, String valueAxisLabel, LoadModel model, List<UsersLine> lines) {

    LoadChart {
        lines = List.copyOf(lines);
        for (UsersLine line : lines) {
            for (UsersLine.Value v : line.values()) {
                if (LoadModel.of(v.point()) != model) {
                    throw new IllegalArgumentException(title + ": point " + v.point().key() + " is not of the "
                            + model + " model its axis counts");
                }
            }
        }
    }

    /** The load axis's title as drawn (log scale or not, as the chart's range decides). */
    String loadAxisLabel() {
        return UsersChart.loadAxis(this).getLabel();
    }
}
