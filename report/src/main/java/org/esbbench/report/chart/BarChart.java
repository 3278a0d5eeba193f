package org.esbbench.report.chart;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.points.Spread;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A grouped bar chart, as the published ESB rounds compare servers: one group per category (a message size, or
 * a load level of one model), one bar per run in each group, its value printed above it.
 *
 * @param fileName      the PNG's name (the SVG beside it)
 * @param figure        the figure the bars show
 * @param model         the load model of every point behind the bars
 * @param categoryLabel the category axis's title ("Message size", "Concurrent users", "Arrival rate (arrivals/s)")
 * @param categories    the groups, in axis order
 * @param bars          per run label (legend order), its value in each category; null where the run did not
 *                      measure it
 */
record BarChart(String fileName, String title, Figure figure, LoadModel model, String categoryLabel,
                List<String> categories, Map<String, List<Spread>> bars) {

    BarChart {
        categories = List.copyOf(categories);
        Map<String, List<Spread>> copy = new LinkedHashMap<>();
        for (Map.Entry<String, List<Spread>> run : bars.entrySet()) {
            if (run.getValue().size() != categories.size()) {
                throw new IllegalArgumentException(title + ": " + run.getValue().size() + " values of " + run.getKey()
                        + " for " + categories.size() + " categories");
            }
            // values may be null (a run that did not measure the category): List.copyOf would refuse them
            copy.put(run.getKey(), java.util.Collections.unmodifiableList(new java.util.ArrayList<>(run.getValue())));
        }
        bars = java.util.Collections.unmodifiableMap(copy);
    }

    /** The bars as JFreeChart draws them: one row (series) per run, one column per category. */
    DefaultCategoryDataset dataset() {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        bars.forEach((run, values) -> {
            for (int i = 0; i < categories.size(); i++) {
                Spread v = values.get(i);
                dataset.addValue(v == null ? null : v.value(), run, categories.get(i));
            }
        });
        return dataset;
    }

    JFreeChart draw() {
        ChartFiles.init();
        int maxRepeats = bars.values().stream().flatMap(List::stream).filter(java.util.Objects::nonNull)
                .mapToInt(Spread::n).max().orElse(0);
        DecimalFormat values = new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
        BarRenderer renderer = new BarRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.05);
        renderer.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", values));
        renderer.setDefaultItemLabelsVisible(true);
        renderer.setDefaultPositiveItemLabelPosition(
                new ItemLabelPosition(ItemLabelAnchor.OUTSIDE12, TextAnchor.BOTTOM_CENTER));

        NumberAxis valueAxis = new NumberAxis(figure.axisLabel());
        valueAxis.setNumberFormatOverride(values);
        valueAxis.setUpperMargin(0.12); // room for the value labels above the tallest bar
        CategoryPlot plot = new CategoryPlot(dataset(), new CategoryAxis(categoryLabel), valueAxis, renderer);
        plot.setOrientation(PlotOrientation.VERTICAL);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartStyle.apply(chart, maxRepeats > 1 ? "Each bar: the point's value over up to " + maxRepeats + " repeats"
                : null);
        return chart;
    }
}
