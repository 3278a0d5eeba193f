package org.esbbench.maven;

import org.esbbench.report.points.Point;

/**
 * The folder names {@link AnalyzeMojo} and {@link SummaryMarkdown} still use. The run's layout is report's
 * {@link org.esbbench.report.run.RunLayout}; this class goes with the analysis' move into report.
 */
final class RunLayout {
    /** Raw JMeter results, one file per scenario run: {@code jtl/<point>_r<N>.csv}. */
    static final String JTL = "jtl";
    /** JMeter's HTML dashboards of the measurement windows: {@code dashboards/<point>_r<N>/index.html}. */
    static final String DASHBOARDS = "dashboards";
    /** Percentile distributions: {@code latency/<point>_r<N>.csv}. */
    static final String LATENCY = "latency";
    /** Charts, PNG and SVG. */
    static final String CHARTS = "charts";
    /** JMeter's logs and console output. */
    static final String LOGS = "logs";

    private RunLayout() {
    }

    /** {@code direct_u10_s1024_d0_r1}: the name of one scenario run's files. */
    static String runName(Point point, int repeat) {
        return point.key() + "_r" + repeat;
    }
}
