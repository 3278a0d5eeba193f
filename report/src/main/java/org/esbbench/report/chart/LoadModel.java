package org.esbbench.report.chart;

import org.esbbench.report.points.Point;

/**
 * The two ways a run loads a server, each charted on its own axis: concurrent users (closed model: a user sends
 * its next request when the reply is in) and arrivals per second (open model: requests arrive at a set rate
 * whatever the replies do). A number of users and a rate are different quantities, so no chart puts both on one
 * axis or joins them into one line.
 */
public enum LoadModel {
    CLOSED("users", "Concurrent users", "Concurrent users (log scale)", "users", "against users"),
    OPEN("arrivals", "Arrival rate (arrivals/s)", "Arrival rate (arrivals/s, log scale)", "arrivals/s",
            "against arrival rate");

    private final String fileToken;
    private final String axisLabel;
    private final String logAxisLabel;
    private final String unit;
    private final String against;

    LoadModel(String fileToken, String axisLabel, String logAxisLabel, String unit, String against) {
        this.fileToken = fileToken;
        this.axisLabel = axisLabel;
        this.logAxisLabel = logAxisLabel;
        this.unit = unit;
        this.against = against;
    }

    public static LoadModel of(Point point) {
        return point.isOpen() ? OPEN : CLOSED;
    }

    /** The model's word in chart file names: "users" or "arrivals". */
    public String fileToken() {
        return fileToken;
    }

    /** The load axis's title; {@code log} adds "(log scale)". */
    public String axisLabel(boolean log) {
        return log ? logAxisLabel : axisLabel;
    }

    /** A load level as a category or legend names it: "20 users", "50 arrivals/s". */
    public String loadLabel(int load) {
        return String.format(java.util.Locale.ROOT, "%,d %s", load, unit);
    }

    /** The end of a chart title: "against users" or "against arrival rate". */
    public String against() {
        return against;
    }

    /**
     * The series a point belongs to within one model's chart: size, delay, heap and server cores ("1 KiB, delay 500 ms"), without
     * the model, which the chart's axis already says.
     */
    static String seriesLabel(Point p) {
        return new Point(p.scenario(), 1, 0, p.sizeBytes(), p.delayMs(), p.heap(), p.serverCores()).seriesLabel();
    }
}
