package org.esbbench.report.chart;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
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
 * A figure (throughput, p99, ...) against the load of one model (concurrent users, or arrivals per second), one
 * line per series or run: the point's value (as its figure's combination rule gives it) as the line, the lowest
 * and highest of its repeats as an error bar when a point was measured more than once.
 */
final class UsersChart {

    /**
     * From this ratio of highest to lowest load on, the load axis is logarithmic: a sweep like 20, 40, ..., 2560
     * users would otherwise crowd its first half into a corner.
     */
    private static final double LOG_AXIS_RATIO = 32;

    private UsersChart() {
    }

    static JFreeChart create(LoadChart data) {
        ChartFiles.init();
        String title = data.title();
        List<UsersLine.Value> measured = measured(data);
        int maxRepeats = measured.stream().mapToInt(v -> v.spread().n()).max().orElseThrow();
        YIntervalSeriesCollection dataset = dataset(data);

        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDrawYError(maxRepeats > 1);
        renderer.setDefaultLinesVisible(true);
        renderer.setDefaultShapesVisible(true);
        renderer.setCapLength(8);
        renderer.setErrorStroke(new BasicStroke(1.2f));
        // null: each bar in its line's colour
        renderer.setErrorPaint(null);

        NumberAxis valueAxis = new NumberAxis(data.valueAxisLabel());
        valueAxis.setAutoRangeIncludesZero(true);
        if (measured.stream().allMatch(v -> v.spread().max() == 0 && v.spread().min() == 0)) {
            // All zero (no errors anywhere): JFreeChart cannot auto-range an empty span, so give it one.
            valueAxis.setRange(0, 1);
        }
        valueAxis.setNumberFormatOverride(new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT)));

        XYPlot plot = new XYPlot(dataset, loadAxis(data), valueAxis, renderer);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartStyle.apply(chart, maxRepeats > 1
                ? "Median of up to " + maxRepeats + " repeats; bars show lowest to highest" : null);
        return chart;
    }

    /**
     * The lines as the chart plots them: per line, each measured point at its load (or its logarithm on a log
     * axis) with its value, lowest and highest repeat. Points where the figure was not measured are left out.
     */
    static YIntervalSeriesCollection dataset(LoadChart data) {
        List<UsersLine.Value> measured = measured(data);
        boolean log = logScale(minLoad(measured), maxLoad(measured));
        YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
        for (UsersLine line : data.lines()) {
            YIntervalSeries series = new YIntervalSeries(line.label());
            for (UsersLine.Value v : line.values()) {
                if (v.spread() != null) {
                    series.add(position(v.load(), log), v.spread().value(), v.spread().min(), v.spread().max());
                }
            }
            dataset.addSeries(series);
        }
        return dataset;
    }

    private static List<UsersLine.Value> measured(LoadChart data) {
        if (data.lines().isEmpty()) {
            throw new IllegalArgumentException("no lines to chart for " + data.title());
        }
        List<UsersLine.Value> measured = data.lines().stream().flatMap(l -> l.values().stream())
                .filter(v -> v.spread() != null).toList();
        if (measured.isEmpty()) {
            throw new IllegalArgumentException("no values to chart for " + data.title());
        }
        return measured;
    }

    private static int minLoad(List<UsersLine.Value> measured) {
        return measured.stream().mapToInt(UsersLine.Value::load).min().orElseThrow();
    }

    private static int maxLoad(List<UsersLine.Value> measured) {
        return measured.stream().mapToInt(UsersLine.Value::load).max().orElseThrow();
    }

    /** Where a load sits on the load axis: itself, or its base-2 logarithm on a log scale. */
    private static double position(int load, boolean log) {
        return log ? TickFormat.PowerOfTwo.position(load) : load;
    }

    private static boolean logScale(int minLoad, int maxLoad) {
        // A load of 0 (results files summarised without --users) has no logarithm.
        return minLoad > 0 && (double) maxLoad / minLoad >= LOG_AXIS_RATIO;
    }

    /** The x axis: the chart's load model, linear or (for a wide sweep) base-2 logarithmic. */
    static NumberAxis loadAxis(LoadChart data) {
        ChartFiles.init();
        List<UsersLine.Value> measured = measured(data);
        int minUsers = minLoad(measured);
        int maxUsers = maxLoad(measured);
        if (logScale(minUsers, maxUsers)) {
            NumberAxis axis = new NumberAxis(data.model().axisLabel(true));
            axis.setTickUnit(new NumberTickUnit(1, new TickFormat.PowerOfTwo()));
            axis.setRange(position(minUsers, true) - 0.5, position(maxUsers, true) + 0.5);
            return axis;
        }
        NumberAxis axis = new NumberAxis(data.model().axisLabel(false));
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
