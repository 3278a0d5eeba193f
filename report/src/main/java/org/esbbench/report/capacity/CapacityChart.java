package org.esbbench.report.capacity;

import org.esbbench.report.chart.ChartFiles;
import org.esbbench.report.chart.ChartStyle;
import org.esbbench.report.chart.FileNames;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * One capacity search as a chart, {@code capacity/<search key>.png} and {@code .svg}: against the offered rate
 * (arrivals/s), the probes' response-time percentiles above (log scale: a failed probe's p99.9 is often a hundred
 * times a passing one's) with the objective's bound as a horizontal line, and the achieved throughput against the
 * offered below (a server that holds the rate sits on the diagonal). The capacity found is a vertical line through
 * both, the lowest rate that failed a dashed one; failed probes are red crosses, the generator's grey triangles,
 * the confirmation window at the capacity a diamond. The warm-up (a closed model's run) is not a probe: left out.
 */
public final class CapacityChart {
    static final Paint FAILED = new Color(0xD62728);
    static final Paint GENERATOR = new Color(0x7F7F7F);
    static final Paint CONFIRMATION = new Color(0x17BECF);
    private static final Color BOUND = new Color(0xD62728);
    private static final Color CAPACITY = new Color(0x2CA02C);
    private static final Font MARKER_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);

    /** The series' names: the legend's, and what a test finds in the SVG. */
    static final String P50 = "p50";
    static final String P99 = "p99";
    static final String P99_9 = "p99.9";
    static final String FAILED_PROBES = "failed probes (p99)";
    static final String GENERATOR_PROBES = "generator's probes (p99)";
    static final String CONFIRMATION_P99 = "confirmation (p99)";
    static final String ACHIEVED = "achieved";
    static final String OFFERED = "offered (held)";
    static final String ACHIEVED_FAILED = "achieved, failed probes";

    private CapacityChart() {
    }

    /** The chart's PNG in the run's capacity folder (the SVG beside it): named after the search's key. */
    public static String fileName(String searchKey) {
        return FileNames.slug(searchKey) + ".png";
    }

    /** The SVG's name, beside the PNG. */
    public static String svgName(String searchKey) {
        return FileNames.slug(searchKey) + ".svg";
    }

    /**
     * Writes the chart of {@code search} from its probes ({@code probes} may hold other searches' rows: only its own
     * are drawn) into {@code dir}.
     *
     * @return the files written, PNG first
     */
    public static List<Path> write(SearchRow search, List<ProbeRow> probes, Path dir) throws IOException {
        return ChartFiles.write(create(search, probes), dir.resolve(fileName(search.key())));
    }

    static JFreeChart create(SearchRow search, List<ProbeRow> all) {
        ChartFiles.init();
        List<ProbeRow> probes = all.stream().filter(p -> p.search().equals(search.key()) && p.isProbe()).toList();
        List<ProbeRow> confirmation = all.stream().filter(p -> p.search().equals(search.key())
                && p.phase().equals(ProbeRow.CONFIRMATION)).toList();
        if (probes.isEmpty() && confirmation.isEmpty()) {
            throw new IllegalArgumentException("capacity search " + search.key() + " has no probes to chart");
        }
        NumberAxis rate = new NumberAxis("Offered rate (arrivals/s)");
        rate.setNumberFormatOverride(new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        // From the lowest probe on, not from 0: a bisection's probes crowd near the knee.
        rate.setAutoRangeIncludesZero(false);
        rate.setLowerMargin(0.05);
        rate.setUpperMargin(0.05);

        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(rate);
        plot.setGap(12);
        plot.add(latency(search, probes, confirmation), 3);
        plot.add(throughput(search, probes, confirmation), 2);
        JFreeChart chart = new JFreeChart("Capacity of " + search.key() + " under " + search.objective(),
                JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartStyle.apply(chart, search.describe() + "; red crosses: failed probes"
                + (confirmation.isEmpty() ? "" : "; diamond: the confirmation window"));
        return chart;
    }

    /** The percentiles of every probe, the failed ones marked, the objective's bound across. */
    private static XYPlot latency(SearchRow search, List<ProbeRow> probes, List<ProbeRow> confirmation) {
        XYSeriesCollection data = new XYSeriesCollection();
        List<Paint> paints = new ArrayList<>();
        List<Boolean> lines = new ArrayList<>();
        List<Shape> shapes = new ArrayList<>();
        Shape dot = new Ellipse2D.Double(-3, -3, 6, 6);
        int colour = 0;
        for (String name : List.of(P50, P99, P99_9)) {
            ToDoubleFunction<ProbeRow> value = name.equals(P50) ? ProbeRow::p50 : name.equals(P99) ? ProbeRow::p99
                    : ProbeRow::p999;
            add(data, series(name, probes, value), paints, ChartStyle.lineColour(colour++), lines, true, shapes, dot);
        }
        add(data, series(FAILED_PROBES, verdict(probes, ProbeJudgement.Verdict.FAIL), ProbeRow::p99), paints, FAILED,
                lines, false, shapes, ShapeUtils.createDiagonalCross(5, 1.2f));
        add(data, series(GENERATOR_PROBES, verdict(probes, ProbeJudgement.Verdict.GENERATOR), ProbeRow::p99), paints,
                GENERATOR, lines, false, shapes, ShapeUtils.createUpTriangle(5));
        add(data, series(CONFIRMATION_P99, confirmation, ProbeRow::p99), paints, CONFIRMATION, lines, false, shapes,
                ShapeUtils.createDiamond(6));

        LogAxis ms = new LogAxis("Response time (ms, log scale)");
        ms.setNumberFormatOverride(new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        ms.setSmallestValue(1e-3);
        XYPlot plot = new XYPlot(data, null, ms, renderer(paints, lines, shapes));
        Objective.Term bound = latencyBound(search);
        if (bound != null) {
            ValueMarker line = new ValueMarker(bound.bound(), BOUND, new BasicStroke(1.5f));
            label(line, "objective " + bound.describe(), RectangleAnchor.TOP_LEFT, TextAnchor.BOTTOM_LEFT);
            plot.addRangeMarker(line, Layer.FOREGROUND);
        }
        rateMarkers(plot, search, true);
        ChartStyle.subplot(plot);
        fitLatencyAxis(ms, data, bound);
        return plot;
    }

    /** The achieved throughput against the offered rate, with the diagonal a server that holds the rate sits on. */
    private static XYPlot throughput(SearchRow search, List<ProbeRow> probes, List<ProbeRow> confirmation) {
        XYSeriesCollection data = new XYSeriesCollection();
        List<Paint> paints = new ArrayList<>();
        List<Boolean> lines = new ArrayList<>();
        List<Shape> shapes = new ArrayList<>();
        Shape dot = new Ellipse2D.Double(-3, -3, 6, 6);
        List<ProbeRow> every = new ArrayList<>(probes);
        every.addAll(confirmation);
        XYSeries offered = new XYSeries(OFFERED, true, true);
        every.forEach(p -> offered.add(p.rate(), p.rate()));
        add(data, offered, paints, new Color(0xBBBBBB), lines, true, shapes, dot);
        add(data, series(ACHIEVED, probes, ProbeRow::achieved), paints, ChartStyle.lineColour(0), lines, true, shapes,
                dot);
        List<ProbeRow> failed = new ArrayList<>(verdict(probes, ProbeJudgement.Verdict.FAIL));
        failed.addAll(verdict(probes, ProbeJudgement.Verdict.GENERATOR));
        add(data, series(ACHIEVED_FAILED, failed, ProbeRow::achieved), paints, FAILED, lines, false, shapes,
                ShapeUtils.createDiagonalCross(5, 1.2f));
        add(data, series("confirmation", confirmation, ProbeRow::achieved), paints, CONFIRMATION, lines, false, shapes,
                ShapeUtils.createDiamond(6));

        NumberAxis perSecond = new NumberAxis("Achieved (msgs/s)");
        perSecond.setNumberFormatOverride(new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        perSecond.setAutoRangeIncludesZero(true);
        XYPlot plot = new XYPlot(data, null, perSecond, renderer(paints, lines, shapes));
        rateMarkers(plot, search, false);
        ChartStyle.subplot(plot);
        return plot;
    }

    /** The capacity (solid) and the lowest rate that failed (dashed), labelled on the upper plot only. */
    private static void rateMarkers(XYPlot plot, SearchRow search, boolean labelled) {
        if (search.capacity() > 0) {
            ValueMarker capacity = new ValueMarker(search.capacity(), CAPACITY, new BasicStroke(2f));
            if (labelled) {
                label(capacity, "capacity " + SearchRow.rate(search.capacity()) + "/s", RectangleAnchor.TOP_LEFT,
                        TextAnchor.TOP_RIGHT);
            }
            plot.addDomainMarker(capacity, Layer.FOREGROUND);
        }
        if (search.lowestFail() > 0) {
            ValueMarker fail = new ValueMarker(search.lowestFail(), BOUND, new BasicStroke(1f, BasicStroke.CAP_BUTT,
                    BasicStroke.JOIN_MITER, 10f, new float[]{4f, 4f}, 0f));
            if (labelled) {
                label(fail, "lowest fail " + SearchRow.rate(search.lowestFail()) + "/s", RectangleAnchor.BOTTOM_RIGHT,
                        TextAnchor.BOTTOM_LEFT);
                if (search.lowestFail() >= maxRate(plot)) {
                    // the last probe: a label right of the line would run out of the plot
                    fail.setLabelAnchor(RectangleAnchor.BOTTOM_LEFT);
                    fail.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
                }
            }
            plot.addDomainMarker(fail, Layer.FOREGROUND);
        }
    }

    private static void label(ValueMarker marker, String text, RectangleAnchor anchor, TextAnchor textAnchor) {
        marker.setLabel(text);
        marker.setLabelFont(MARKER_FONT);
        marker.setLabelPaint(Color.BLACK);
        marker.setLabelAnchor(anchor);
        marker.setLabelTextAnchor(textAnchor);
        marker.setLabelBackgroundColor(new Color(255, 255, 255, 200));
    }

    private static double maxRate(XYPlot plot) {
        double max = 0;
        for (int s = 0; s < plot.getDataset().getSeriesCount(); s++) {
            for (int i = 0; i < plot.getDataset().getItemCount(s); i++) {
                max = Math.max(max, plot.getDataset().getXValue(s, i));
            }
        }
        return max;
    }

    /** The objective's first latency term; null when the recorded objective no longer parses (an old run's). */
    static Objective.Term latencyBound(SearchRow search) {
        try {
            return Objective.parse(search.objective()).latencyTerm();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * A log axis cannot auto-range to include a marker: it is stretched here over the values and the bound, with
     * a little room either side (a factor, as the scale is logarithmic).
     */
    private static void fitLatencyAxis(LogAxis axis, XYSeriesCollection data, Objective.Term bound) {
        double low = Double.POSITIVE_INFINITY;
        double high = 0;
        for (int s = 0; s < data.getSeriesCount(); s++) {
            XYSeries series = data.getSeries(s);
            for (int i = 0; i < series.getItemCount(); i++) {
                double y = series.getY(i).doubleValue();
                low = Math.min(low, y);
                high = Math.max(high, y);
            }
        }
        if (bound != null) {
            low = Math.min(low, bound.bound());
            high = Math.max(high, bound.bound());
        }
        if (high <= 0 || Double.isInfinite(low)) {
            axis.setRange(0.1, 10); // nothing measured: an empty decade rather than JFreeChart's failure
            return;
        }
        axis.setRange(low / 1.5, high * 1.5);
        if (high / low >= 30) {
            // Over a decade or two: a tick per power of ten (1, 10, 100), not at 3.162 and 31.623.
            axis.setTickUnit(new NumberTickUnit(1), false, true);
            axis.setMinorTickCount(9);
            axis.setMinorTickMarksVisible(true);
        }
    }

    private static XYSeries series(String name, List<ProbeRow> rows, ToDoubleFunction<ProbeRow> value) {
        XYSeries series = new XYSeries(name, true, true);
        for (ProbeRow r : rows) {
            double y = value.applyAsDouble(r);
            if (!Double.isNaN(y) && y > 0) { // unknown, or nothing on a log axis: left out
                series.add(r.rate(), y);
            }
        }
        return series;
    }

    private static List<ProbeRow> verdict(List<ProbeRow> probes, ProbeJudgement.Verdict verdict) {
        return probes.stream().filter(p -> !p.verdict().isBlank() && p.decided() == verdict).toList();
    }

    /** Adds the series when it has points (an empty one would only crowd the legend). */
    private static void add(XYSeriesCollection data, XYSeries series, List<Paint> paints, Paint paint,
                            List<Boolean> lines, boolean line, List<Shape> shapes, Shape shape) {
        if (series.isEmpty()) {
            return;
        }
        data.addSeries(series);
        paints.add(paint);
        lines.add(line);
        shapes.add(shape);
    }

    private static XYLineAndShapeRenderer renderer(List<Paint> paints, List<Boolean> lines, List<Shape> shapes) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < paints.size(); i++) {
            renderer.setSeriesPaint(i, paints.get(i));
            renderer.setSeriesLinesVisible(i, lines.get(i));
            renderer.setSeriesShape(i, shapes.get(i));
            renderer.setSeriesStroke(i, new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        }
        return renderer;
    }
}
