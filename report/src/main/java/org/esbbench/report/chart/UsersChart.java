package org.esbbench.report.chart;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;

/**
 * A figure (throughput, p99, ...) against concurrent users, one line per series or run: the point's value (as its
 * figure's combination rule gives it) as the line, the lowest and highest of its repeats as an error bar when a
 * point was measured more than once.
 */
final class UsersChart {

    /**
     * From this ratio of highest to lowest users value on, the users axis is logarithmic: a sweep like
     * 20, 40, ..., 2560 would otherwise crowd its first half into a corner.
     */
    private static final double LOG_AXIS_RATIO = 32;

    private UsersChart() {
    }

    static JFreeChart create(String title, String valueAxisLabel, List<UsersLine> lines) {
        ChartFiles.init();
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("no lines to chart for " + title);
        }
        // Points where the figure was not measured (a null spread) are left out.
        List<UsersLine.Value> measured = lines.stream().flatMap(l -> l.values().stream())
                .filter(v -> v.spread() != null).toList();
        if (measured.isEmpty()) {
            throw new IllegalArgumentException("no values to chart for " + title);
        }
        int minUsers = measured.stream().mapToInt(UsersLine.Value::users).min().orElseThrow();
        int maxUsers = measured.stream().mapToInt(UsersLine.Value::users).max().orElseThrow();
        int maxRepeats = measured.stream().mapToInt(v -> v.spread().n()).max().orElseThrow();
        boolean log = logScale(minUsers, maxUsers);

        YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
        for (UsersLine line : lines) {
            YIntervalSeries series = new YIntervalSeries(line.label());
            for (UsersLine.Value v : line.values()) {
                if (v.spread() != null) {
                    series.add(position(v.users(), log), v.spread().value(), v.spread().min(), v.spread().max());
                }
            }
            dataset.addSeries(series);
        }

        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDrawYError(maxRepeats > 1);
        renderer.setDefaultLinesVisible(true);
        renderer.setDefaultShapesVisible(true);
        renderer.setCapLength(8);
        renderer.setErrorStroke(new BasicStroke(1.2f));
        // null: each bar in its line's colour
        renderer.setErrorPaint(null);

        NumberAxis valueAxis = new NumberAxis(valueAxisLabel);
        valueAxis.setAutoRangeIncludesZero(true);
        if (measured.stream().allMatch(v -> v.spread().max() == 0 && v.spread().min() == 0)) {
            // All zero (no errors anywhere): JFreeChart cannot auto-range an empty span, so give it one.
            valueAxis.setRange(0, 1);
        }
        valueAxis.setNumberFormatOverride(new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT)));

        XYPlot plot = new XYPlot(dataset, usersAxis(minUsers, maxUsers), valueAxis, renderer);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartStyle.apply(chart, maxRepeats > 1
                ? "Median of up to " + maxRepeats + " repeats; bars show lowest to highest" : null);
        return chart;
    }

    /** Where a users value sits on the users axis: itself, or its base-2 logarithm on a log scale. */
    private static double position(int users, boolean log) {
        return log ? TickFormat.PowerOfTwo.position(users) : users;
    }

    private static boolean logScale(int minUsers, int maxUsers) {
        // A load of 0 (results files summarised without --users) has no logarithm.
        return minUsers > 0 && (double) maxUsers / minUsers >= LOG_AXIS_RATIO;
    }

    private static ValueAxis usersAxis(int minUsers, int maxUsers) {
        if (logScale(minUsers, maxUsers)) {
            NumberAxis axis = new NumberAxis("Concurrent users (log scale)");
            axis.setTickUnit(new NumberTickUnit(1, new TickFormat.PowerOfTwo()));
            axis.setRange(position(minUsers, true) - 0.5, position(maxUsers, true) + 0.5);
            return axis;
        }
        NumberAxis axis = new NumberAxis("Concurrent users");
        axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        axis.setNumberFormatOverride(new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        if (minUsers == maxUsers) {
            // A single users value: give it room instead of letting the axis collapse around it.
            axis.setRange(0, Math.max(1, 2.0 * maxUsers));
        } else {
            axis.setAutoRangeIncludesZero(true);
            axis.setLowerMargin(0.02);
            axis.setUpperMargin(0.05);
        }
        return axis;
    }
}
