package org.esbbench.report.chart;

import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.samples.ThroughputSeries;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One scenario run's measurement window over time: throughput per 10 s bucket (by sample start) above, the
 * bucket's p99 below, on a shared axis of seconds into the window, with the window's thirds marked (what the drift
 * rule compares). A window of under 10 s is one point; a last bucket shorter than {@value #MIN_CHARTED_MILLIS} ms is
 * left out when there are others (a few seconds' rate is noise), and the subtitle says so. A bucket without samples
 * plots a throughput of 0 and no p99; one the load did not reach (the run ended early) plots nothing.
 */
public final class ThroughputChart {
    /** A shorter last bucket is not charted (it still counts in the window's figures and thirds). */
    public static final long MIN_CHARTED_MILLIS = 5_000;
    private static final Color THIRD_MARK = new Color(0x999999);

    private ThroughputChart() {
    }

    /**
     * The chart's file name in a run's charts folder: {@code NAME-over-window.png} (not "-throughput": a scenario's
     * throughput against users is {@code SCENARIO-throughput_per_s.png}); {@link RunLayout#throughputChartName} names it.
     */
    public static String fileName(String scenarioRun) {
        return RunLayout.throughputChartName(scenarioRun);
    }

    /**
     * Writes {@code pngFile} and the {@code .svg} beside it.
     *
     * @return the files written, PNG first
     */
    public static List<Path> write(String title, ThroughputSeries series, Path pngFile) throws IOException {
        return ChartFiles.write(create(title, series), pngFile);
    }

    /** The buckets the chart plots: covered ones, but a short last one when there are others. */
    public static List<ThroughputSeries.Slice> charted(ThroughputSeries series) {
        List<ThroughputSeries.Slice> all = series.buckets();
        List<ThroughputSeries.Slice> charted = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            ThroughputSeries.Slice b = all.get(i);
            boolean stub = i == all.size() - 1 && all.size() > 1 && b.lengthMillis() < MIN_CHARTED_MILLIS;
            if (!stub && b.coveredMillis() > 0) {
                charted.add(b);
            }
        }
        return charted;
    }

    static JFreeChart create(String title, ThroughputSeries series) {
        ChartFiles.init();
        XYSeries throughput = new XYSeries("throughput (samples/s)", true, false);
        XYSeries p99 = new XYSeries("p99 (ms)", true, false);
        for (ThroughputSeries.Slice b : charted(series)) {
            double x = (b.offsetMillis() + b.lengthMillis() / 2.0) / 1000;
            throughput.add(x, b.throughputPerSecond());
            p99.add(x, b.samples() == 0 ? null : (Number) b.p99Millis());
        }
        double windowSeconds = series.window().measurementMillis() / 1000.0;
        NumberAxis time = new NumberAxis("Seconds into the measurement window");
        time.setRange(0, windowSeconds);

        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
        plot.setGap(12);
        plot.add(subplot(throughput, "Throughput (samples/s)", windowSeconds,
                new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT))), 3);
        plot.add(subplot(p99, "p99 (ms)", windowSeconds, LatencyChart.ticks()), 2);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartStyle.apply(chart, subtitle(series));
        return chart;
    }

    private static XYPlot subplot(XYSeries line, String axisLabel, double windowSeconds, NumberFormat ticks) {
        NumberAxis axis = new NumberAxis(axisLabel);
        axis.setAutoRangeIncludesZero(true);
        axis.setNumberFormatOverride(ticks);
        if (line.getItemCount() == 0 || line.getMaxY() <= 0 || Double.isNaN(line.getMaxY())) {
            axis.setRange(0, 1); // nothing or all zero: JFreeChart cannot auto-range an empty span
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        XYPlot plot = new XYPlot(new XYSeriesCollection(line), null, axis, renderer);
        for (double third : new double[]{windowSeconds / 3, windowSeconds * 2 / 3}) {
            ValueMarker mark = new ValueMarker(third, THIRD_MARK, new BasicStroke(1f, BasicStroke.CAP_BUTT,
                    BasicStroke.JOIN_MITER, 10f, new float[]{4f, 4f}, 0f));
            plot.addDomainMarker(mark);
        }
        ChartStyle.subplot(plot);
        return plot;
    }

    private static String subtitle(ThroughputSeries series) {
        List<ThroughputSeries.Slice> all = series.buckets();
        ThroughputSeries.Slice last = all.get(all.size() - 1);
        String text = "Per " + ThroughputSeries.BUCKET_MILLIS / 1000 + " s of the window, by sample start; dashed: its thirds";
        if (all.size() > 1 && last.lengthMillis() < MIN_CHARTED_MILLIS) {
            text += "; last " + String.format(Locale.ROOT, "%.1f", last.lengthMillis() / 1000.0) + " s not charted";
        }
        return text;
    }
}
