package org.esbbench.report.roundreport;

import org.esbbench.report.chart.ChartFiles;
import org.esbbench.report.chart.ChartStyle;
import org.esbbench.report.points.Spread;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.CategoryItemRendererState;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.Range;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.DefaultCategoryDataset;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A grouped bar chart of any values, as the published rounds set servers side by side (AdroitLogic's round 7: one
 * group per scenario, one bar per server): each bar a median, with a whisker from the lowest to the highest value
 * behind it when they differ, and bars drawn pale where the data says their value is not to be trusted (a
 * published figure from incorrect replies). {@link ComparisonBars} draws the runs of a comparison by figure and
 * load; this one takes its groups and bars as given, for the round report. Same look and files (PNG and SVG) as
 * every chart of the suite.
 */
public final class GroupedBars {

    /** How much of a pale bar's colour is kept: the bar stays recognisable in its series' colour. */
    private static final int PALE_ALPHA = 80;
    private static final Color WHISKER = new Color(0x333333);
    /** Up to this many groups, their names fit level under them; more are slanted. */
    private static final int SIDE_BY_SIDE = 4;

    /**
     * One series: a bar in each group.
     *
     * @param name   the legend's name
     * @param values per group, the bar's value (median) and its lowest–highest; null where there is no bar
     * @param pale   per group, whether to draw the bar pale (its value is shown but not to be trusted)
     */
    public record Series(String name, List<Spread> values, List<Boolean> pale) {
        public Series {
            values = Collections.unmodifiableList(new ArrayList<>(values)); // nulls allowed: no bar
            pale = List.copyOf(pale);
            if (pale.size() != values.size()) {
                throw new IllegalArgumentException(name + ": " + pale.size() + " pale marks for " + values.size()
                        + " values");
            }
        }

        /** A series without pale bars. */
        public Series(String name, List<Spread> values) {
            this(name, values, Collections.nCopies(values.size(), false));
        }
    }

    /**
     * What to draw.
     *
     * @param title         the chart's title
     * @param subtitle      a line under it (what a bar and a whisker are), or null
     * @param categoryLabel the group axis's title
     * @param valueLabel    the value axis's title
     * @param categories    the groups, in axis order
     * @param series        the bars of each group, in legend order
     */
    public record Spec(String title, String subtitle, String categoryLabel, String valueLabel, List<String> categories,
                       List<Series> series) {
        public Spec {
            categories = List.copyOf(categories);
            series = List.copyOf(series);
            for (Series s : series) {
                if (s.values().size() != categories.size()) {
                    throw new IllegalArgumentException(title + ": " + s.values().size() + " values of " + s.name()
                            + " for " + categories.size() + " groups");
                }
            }
        }
    }

    private GroupedBars() {
    }

    /**
     * Writes the chart as {@code pngFile} and the SVG beside it.
     *
     * @return the two files, PNG first
     */
    public static List<Path> write(Spec spec, Path pngFile) throws IOException {
        return ChartFiles.write(draw(spec), pngFile);
    }

    static JFreeChart draw(Spec spec) {
        ChartFiles.init();
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        for (Series s : spec.series()) {
            for (int i = 0; i < spec.categories().size(); i++) {
                Spread v = s.values().get(i);
                dataset.addValue(v == null ? null : v.value(), s.name(), spec.categories().get(i));
            }
        }
        WhiskerRenderer renderer = new WhiskerRenderer(spec.series());
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.05);

        NumberAxis valueAxis = new NumberAxis(spec.valueLabel());
        valueAxis.setNumberFormatOverride(new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        valueAxis.setUpperMargin(0.08);
        CategoryAxis groups = new CategoryAxis(spec.categoryLabel());
        if (spec.categories().size() > SIDE_BY_SIDE) {
            // Long names such as cbr-transport-header, many groups: slanted, they stay readable side by side.
            groups.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        CategoryPlot plot = new CategoryPlot(dataset, groups, valueAxis, renderer);
        plot.setOrientation(PlotOrientation.VERTICAL);
        JFreeChart chart = new JFreeChart(spec.title(), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartStyle.apply(chart, spec.subtitle());
        return chart;
    }

    /** Bars as {@link BarRenderer} draws them, then a whisker over each from its lowest to its highest value. */
    private static final class WhiskerRenderer extends BarRenderer {
        private final List<Series> series;

        WhiskerRenderer(List<Series> series) {
            this.series = series;
        }

        private Spread spread(int row, int column) {
            return series.get(row).values().get(column);
        }

        @Override
        public Paint getItemPaint(int row, int column) {
            Paint paint = super.getItemPaint(row, column);
            if (series.get(row).pale().get(column) && paint instanceof Color c) {
                return new Color(c.getRed(), c.getGreen(), c.getBlue(), PALE_ALPHA);
            }
            return paint;
        }

        /** The value axis reaches the highest whisker, not only the tallest bar. */
        @Override
        public Range findRangeBounds(CategoryDataset dataset, boolean includeInterval) {
            Range bars = super.findRangeBounds(dataset, includeInterval);
            double high = series.stream().flatMap(s -> s.values().stream()).filter(java.util.Objects::nonNull)
                    .mapToDouble(Spread::max).max().orElse(Double.NaN);
            if (bars == null || Double.isNaN(high)) {
                return bars;
            }
            return new Range(bars.getLowerBound(), Math.max(bars.getUpperBound(), high));
        }

        @Override
        public void drawItem(Graphics2D g2, CategoryItemRendererState state, Rectangle2D dataArea, CategoryPlot plot,
                             CategoryAxis domainAxis, ValueAxis rangeAxis, CategoryDataset dataset, int row, int column,
                             int pass) {
            super.drawItem(g2, state, dataArea, plot, domainAxis, rangeAxis, dataset, row, column, pass);
            Spread s = spread(row, column);
            int visibleRow = state.getVisibleSeriesIndex(row);
            if (pass != getPassCount() - 1 || s == null || s.n() < 2 || s.min() == s.max() || visibleRow < 0) {
                return;
            }
            double x0 = calculateBarW0(plot, plot.getOrientation(), dataArea, domainAxis, state, visibleRow, column);
            double centre = x0 + state.getBarWidth() / 2;
            double cap = Math.max(2, state.getBarWidth() / 4);
            double low = rangeAxis.valueToJava2D(s.min(), dataArea, plot.getRangeAxisEdge());
            double high = rangeAxis.valueToJava2D(s.max(), dataArea, plot.getRangeAxisEdge());
            g2.setPaint(WHISKER);
            g2.setStroke(new BasicStroke(1.2f));
            g2.draw(new Line2D.Double(centre, low, centre, high));
            g2.draw(new Line2D.Double(centre - cap, low, centre + cap, low));
            g2.draw(new Line2D.Double(centre - cap, high, centre + cap, high));
        }
    }
}
