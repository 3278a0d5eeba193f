package org.esbbench.report.dashboard;

import org.esbbench.report.samples.Statistics;

import java.util.List;
import java.util.Locale;

/**
 * Whether the suite's statistics of a window agree with JMeter's dashboard of the same window. Count, failures,
 * min and max must be equal and the mean equal up to floating-point rounding (both are sums over every sample).
 * Percentiles are computed differently: the suite reads an HdrHistogram of 3 significant digits (the value at
 * which the percentile's rank is reached), JMeter interpolates between the two nearest samples; so they agree when
 * within {@code max(1 ms, 0.1 %)} of each other. JMeter's percentiles agree only when the dashboard was made with
 * every sample ({@link JMeterDashboard#ALL_SAMPLES}); with JMeter's default they describe the last 20 000 only.
 * The suite's side must be of JMeter's whole-millisecond elapsed times, as the dashboard's are, even when the file
 * has microseconds: {@link org.esbbench.report.samples.WindowedResults#readWholeMillis}.
 */
public final class Agreement {
    /** Relative tolerance of the means: they are equal sums divided alike, up to rounding of a double. */
    static final double MEAN_RELATIVE_TOLERANCE = 1e-9;
    /** HdrHistogram with 3 significant digits: values are exact to 1 ms up to 2 048 ms, to 0.1 % above. */
    static final double PERCENTILE_RELATIVE_TOLERANCE = 0.001;
    static final double PERCENTILE_ABSOLUTE_TOLERANCE_MS = 1.0;

    private Agreement() {
    }

    /** One compared figure. */
    public record Figure(String name, double ours, double jmeter, String rule, boolean agrees) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%-12s %16s %16s  %-22s %s", name, format(ours), format(jmeter), rule,
                agrees ? "yes" : "NO");
        }

        private static String format(double value) {
            return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : String.format(Locale.ROOT, "%.6f", value);
        }
    }

    /**
     * Compares the measurement statistics with the dashboard's "Total". Failed samples, for JMeter, are errors and
     * incorrect replies together.
     */
    public static List<Figure> compare(Statistics ours, DashboardStatistics jmeter) {
        return List.of(
            exact("samples", ours.samples(), jmeter.samples()),
            exact("failed", ours.errors() + ours.incorrect(), jmeter.errors()),
            exact("min ms", ours.minMillis(), jmeter.minMillis()),
            exact("max ms", ours.maxMillis(), jmeter.maxMillis()),
            new Figure("mean ms", ours.meanMillis(), jmeter.meanMillis(), "equal (1e-9 relative)",
                Math.abs(ours.meanMillis() - jmeter.meanMillis())
                    <= MEAN_RELATIVE_TOLERANCE * Math.max(1, Math.abs(jmeter.meanMillis()))),
            percentile("p90 ms", ours.p90Millis(), jmeter.pct1Millis()),
            percentile("p95 ms", ours.p95Millis(), jmeter.pct2Millis()),
            percentile("p99 ms", ours.p99Millis(), jmeter.pct3Millis()));
    }

    public static boolean all(List<Figure> figures) {
        return figures.stream().allMatch(Figure::agrees);
    }

    /** Whether the figures that do not depend on JMeter's statistic window (all but the percentiles) agree. */
    public static boolean exactOnes(List<Figure> figures) {
        return figures.stream().filter(f -> !f.name().startsWith("p")).allMatch(Figure::agrees);
    }

    /** The figures as a plain-text table, one per line under a header. */
    public static String table(List<Figure> figures) {
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "%-12s %16s %16s  %-22s %s%n",
            "figure", "ours", "JMeter", "rule", "agrees"));
        figures.forEach(f -> table.append(f).append(System.lineSeparator()));
        return table.toString();
    }

    private static Figure exact(String name, double ours, double jmeter) {
        return new Figure(name, ours, jmeter, "equal", ours == jmeter);
    }

    private static Figure percentile(String name, double ours, double jmeter) {
        double tolerance = Math.max(PERCENTILE_ABSOLUTE_TOLERANCE_MS, PERCENTILE_RELATIVE_TOLERANCE * Math.abs(jmeter));
        return new Figure(name, ours, jmeter, "within max(1 ms, 0.1%)", Math.abs(ours - jmeter) <= tolerance);
    }
}
