package org.esbbench.report.chart;

import org.esbbench.report.samples.Window;
import org.esbbench.report.usage.HostSeries;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The server's host over one scenario run, as the PerfMon agent reported it: CPU (percent of all its cores) and
 * memory in use (percent of its RAM) against seconds since the run's start, with the measurement window shaded,
 * so a reader sees whether the figures of the window were steady or a spike.
 */
public final class HostChart {
    /** The measurement window's shade: light enough to read the lines through. */
    private static final Color WINDOW_SHADE = new Color(0x4E, 0x79, 0xA7, 0x22);

    private HostChart() {
    }

    /**
     * Writes {@code pngFile} and the {@code .svg} beside it.
     *
     * @param window the scenario run's warm-up and measurement window (the x axis counts from its start)
     * @return the files written, PNG first; none when the series holds no reading
     */
    public static List<Path> write(String title, HostSeries series, Window window, Path pngFile) throws IOException {
        if (series.isEmpty()) {
            return List.of();
        }
        return ChartFiles.write(create(title, series, window), pngFile);
    }

    static JFreeChart create(String title, HostSeries series, Window window) {
        ChartFiles.init();
        long start = window.startMillis();
        XYSeriesCollection dataset = new XYSeriesCollection();
        dataset.addSeries(line("host CPU %", series.cpu(Long.MIN_VALUE, Long.MAX_VALUE), start));
        dataset.addSeries(line("host memory in use %", series.memory(Long.MIN_VALUE, Long.MAX_VALUE), start));

        NumberAxis time = new NumberAxis("Seconds since the scenario run's start");
        time.setAutoRangeIncludesZero(false);
        NumberAxis percent = new NumberAxis("Percent of the host");
        percent.setRange(0, 100);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        XYPlot plot = new XYPlot(dataset, time, percent, renderer);
        plot.addDomainMarker(new IntervalMarker((window.measurementStartMillis() - start) / 1000.0,
                (window.measurementEndMillis() - start) / 1000.0, WINDOW_SHADE));
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartStyle.apply(chart, "PerfMon agent on " + (series.host().isEmpty() ? "?" : series.host())
                + "; shaded: the measurement window");
        return chart;
    }

    private static XYSeries line(String name, List<HostSeries.Reading> readings, long start) {
        XYSeries s = new XYSeries(name, true, true);
        readings.forEach(r -> s.add((r.epochMs() - start) / 1000.0, r.percent()));
        return s;
    }
}
