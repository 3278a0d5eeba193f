package org.esbbench.report.chart;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Stroke;

/**
 * The look of the published ESB performance rounds: white background, light grid, titled axes, a legend
 * under the plot, and distinct colours and marker shapes per line (so lines stay apart in grey print too).
 */
public final class ChartStyle {

    /** Tableau 10: distinct on white and reasonably safe for colour-blind readers. */
    private static final Paint[] LINE_COLOURS = {
            new Color(0x4E79A7), new Color(0xF28E2B), new Color(0xE15759), new Color(0x59A14F),
            new Color(0xB07AA1), new Color(0x76B7B2), new Color(0xEDC948), new Color(0xFF9DA7),
            new Color(0x9C755F), new Color(0xBAB0AC)};

    private static final Stroke LINE = new BasicStroke(2.0f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    private static final Color GRID = new Color(0xDDDDDD);
    private static final Color AXIS = new Color(0x555555);
    private static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 16);
    private static final Font SUBTITLE_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Font AXIS_LABEL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    private static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final Font LEGEND_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

    private ChartStyle() {
    }

    /** The colour of the {@code index}-th line of a chart (tests look for it in the rendered image). */
    public static Color lineColour(int index) {
        return (Color) LINE_COLOURS[index % LINE_COLOURS.length];
    }

    /** Styles a finished XY or bar chart in place; {@code subtitle} may be null. */
    public static void apply(JFreeChart chart, String subtitle) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        chart.setPadding(new RectangleInsets(8, 8, 8, 24)); // room for the last x tick label
        chart.getTitle().setFont(TITLE_FONT);
        if (subtitle != null) {
            TextTitle sub = new TextTitle(subtitle, SUBTITLE_FONT);
            sub.setPaint(AXIS);
            chart.addSubtitle(sub);
        }
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setItemFont(LEGEND_FONT);
            legend.setFrame(BlockBorder.NONE);
            legend.setBackgroundPaint(Color.WHITE);
            legend.setPosition(RectangleEdge.BOTTOM);
        }

        if (chart.getPlot() instanceof CategoryPlot bars) {
            bars(bars);
            return;
        }
        XYPlot plot = chart.getXYPlot();
        background(plot);
        plot.setAxisOffset(RectangleInsets.ZERO_INSETS);
        plot.setDrawingSupplier(new DefaultDrawingSupplier(LINE_COLOURS,
                DefaultDrawingSupplier.DEFAULT_FILL_PAINT_SEQUENCE, DefaultDrawingSupplier.DEFAULT_OUTLINE_PAINT_SEQUENCE,
                new Stroke[]{LINE}, DefaultDrawingSupplier.DEFAULT_OUTLINE_STROKE_SEQUENCE,
                DefaultDrawingSupplier.createStandardSeriesShapes()));
        axis(plot.getDomainAxis());
        if (plot.getRangeAxis() != null) { // a combined plot's value axes are its subplots'
            axis(plot.getRangeAxis());
        }
    }

    /**
     * Styles one subplot of a combined plot (each has its own value axis and grid); call before {@link #apply}.
     * Public for the charts drawn outside this package (the capacity search's).
     */
    public static void subplot(XYPlot plot) {
        background(plot);
        axis(plot.getRangeAxis());
    }

    /** A grouped bar chart: the lines' colours for the runs' bars, a grid across the values only. */
    private static void bars(CategoryPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlinePaint(AXIS);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinePaint(GRID);
        plot.setRangeGridlineStroke(new BasicStroke(1f));
        plot.setAxisOffset(RectangleInsets.ZERO_INSETS);
        for (int i = 0; i < plot.getDataset().getRowCount(); i++) {
            plot.getRenderer().setSeriesPaint(i, lineColour(i));
        }
        plot.getRenderer().setDefaultItemLabelFont(TICK_FONT);
        plot.getRenderer().setDefaultItemLabelPaint(AXIS);
        CategoryAxis categories = plot.getDomainAxis();
        categories.setLabelFont(AXIS_LABEL_FONT);
        categories.setLabelPaint(Color.BLACK);
        categories.setTickLabelFont(TICK_FONT);
        categories.setTickLabelPaint(AXIS);
        categories.setAxisLinePaint(AXIS);
        axis(plot.getRangeAxis());
    }

    /** White, outlined, with a light grid: every plot and subplot. */
    private static void background(XYPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlinePaint(AXIS);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
        plot.setDomainGridlineStroke(new BasicStroke(1f));
        plot.setRangeGridlineStroke(new BasicStroke(1f));
    }

    private static void axis(ValueAxis axis) {
        axis.setLabelFont(AXIS_LABEL_FONT);
        axis.setLabelPaint(Color.BLACK);
        axis.setTickLabelFont(TICK_FONT);
        axis.setTickLabelPaint(AXIS);
        axis.setAxisLinePaint(AXIS);
        axis.setTickMarkPaint(AXIS);
    }
}
