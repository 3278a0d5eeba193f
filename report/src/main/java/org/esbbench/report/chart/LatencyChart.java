package org.esbbench.report.chart;

import org.esbbench.report.figures.Decimal;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.LatencyDistribution;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The response-time percentile distribution of a run, drawn as HdrHistogram's published latency plots draw it:
 * response time against percentile, with the percentile axis stretched as log10(1 / (1 - p)) so each "nine"
 * of the tail (90%, 99%, 99.9%, 99.99% ...) gets as much room as the body.
 */
public final class LatencyChart {

    private LatencyChart() {
    }

    /**
     * Writes {@code pngFile} and the {@code .svg} beside it.
     *
     * @param title the chart title, e.g. the point key and repeat
     * @param steps the distribution, as {@link LatencyDistribution#of} gives it
     * @return the files written, PNG first
     */
    public static List<Path> write(String title, List<LatencyDistribution.Step> steps, Path pngFile) throws IOException {
        LinkedHashMap<String, List<LatencyDistribution.Step>> one = new LinkedHashMap<>();
        one.put("Response time", steps);
        return write(title, one, pngFile);
    }

    /**
     * Several distributions on one chart (e.g. the same point in two runs), one line each, labelled by the map's
     * keys in its order.
     *
     * @return the files written, PNG first
     */
    public static List<Path> write(String title, LinkedHashMap<String, List<LatencyDistribution.Step>> distributions,
                                   Path pngFile) throws IOException {
        return ChartFiles.write(create(title, distributions), pngFile);
    }

    static JFreeChart create(String title, Map<String, List<LatencyDistribution.Step>> distributions) {
        ChartFiles.init();
        if (distributions.isEmpty()) {
            throw new IllegalArgumentException("no latency distribution to chart for " + title);
        }
        XYSeriesCollection dataset = new XYSeriesCollection();
        double maxPosition = 1; // at least up to the 90% tick
        boolean lonePoint = false;
        for (var d : distributions.entrySet()) {
            if (d.getValue().isEmpty()) {
                throw new IllegalArgumentException("latency distribution '" + d.getKey() + "' has no steps");
            }
            double maxMs = d.getValue().stream().mapToDouble(LatencyDistribution.Step::valueMs).max().orElseThrow();
            // The 100% step sits at infinity on this axis: it is named in the legend instead of plotted.
            XYSeries series = new XYSeries(String.format(Locale.ROOT, "%s (max %s ms)", d.getKey(), number(maxMs)),
                    false, true);
            for (LatencyDistribution.Step s : d.getValue()) {
                if (s.percentile() < 100) {
                    double x = TickFormat.Percentile.position(s.percentile());
                    series.add(x, s.valueMs());
                    maxPosition = Math.max(maxPosition, x);
                }
            }
            if (series.isEmpty()) {
                // All samples at one value (e.g. a single sample): every percentile is the maximum.
                series.add(0, maxMs);
            }
            lonePoint |= series.getItemCount() == 1;
            dataset.addSeries(series);
        }

        NumberAxis percentileAxis = new NumberAxis("Percentile");
        percentileAxis.setTickUnit(new NumberTickUnit(1, new TickFormat.Percentile()));
        // Up to the next whole "nine" past the deepest percentile measured, so the tail does not run into the frame.
        percentileAxis.setRange(0, Math.ceil(maxPosition + 1e-9));

        NumberAxis msAxis = new NumberAxis("Response time (ms)");
        msAxis.setAutoRangeIncludesZero(true);
        msAxis.setNumberFormatOverride(ticks());

        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, lonePoint);
        // One path per line: hundreds of short segments would otherwise show their joins as a dotted texture.
        renderer.setDrawSeriesLineAsPath(true);
        XYPlot plot = new XYPlot(dataset, percentileAxis, msAxis, renderer);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartStyle.apply(chart, "Percentile axis stretched as 1 / (1 - p); the maximum (100%) is given in the legend");
        return chart;
    }

    /**
     * Tick labels of a response-time axis (ms): up to three decimals, so the ticks of a sub-millisecond axis read
     * 0.125, 0.25 rather than 0.1, 0.3 rounded from them.
     */
    static NumberFormat ticks() {
        return new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT));
    }

    /** As every latency figure is written: ms with three decimals (a sub-millisecond maximum reads 0.913). */
    private static String number(double ms) {
        return Decimal.fixed(ms, StandardFigures.LATENCY_DECIMALS);
    }
}
