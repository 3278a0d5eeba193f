package org.esbbench.report.run;

import java.io.IOException;
import java.util.Map;

/**
 * The run parameter {@code -DdriftThreshold}: how far, in percent, the first and last thirds of a measurement window
 * may differ in throughput or p99 before the window is flagged {@value WindowDrift#FLAG} ({@link WindowDrift}).
 * Check validates it and records it in the run plan; the analysis reads it from there unless given again.
 */
public final class DriftThreshold {
    /** The run parameter (-D and run-plan.json) that sets it. */
    public static final String PARAMETER = "driftThreshold";
    /** Above 1000 % nothing real is flagged any more: a typo, most likely. */
    public static final double MAX_PERCENT = 1000;

    private DriftThreshold() {
    }

    /**
     * Parses the parameter's value as given; blank is the default ({@link AnalysisOptions#DEFAULT_DRIFT_THRESHOLD_PERCENT}).
     *
     * @throws IllegalArgumentException saying what is wrong, what is valid and how to fix it
     */
    public static double parse(String value) {
        String v = value == null ? "" : value.strip();
        if (v.isEmpty()) {
            return AnalysisOptions.DEFAULT_DRIFT_THRESHOLD_PERCENT;
        }
        double percent;
        try {
            percent = Double.parseDouble(v.endsWith("%") ? v.substring(0, v.length() - 1).strip() : v);
        } catch (NumberFormatException e) {
            percent = Double.NaN;
        }
        if (!(percent > 0 && percent <= MAX_PERCENT)) {
            throw new IllegalArgumentException("-D" + PARAMETER + "=" + value + ": give how far, in percent, the first"
                    + " and last thirds of a measurement window may differ in throughput or p99 before it is flagged "
                    + WindowDrift.FLAG + ", a number above 0 and at most " + (long) MAX_PERCENT + " (e.g. -D" + PARAMETER
                    + "=10, the default, or 25)");
        }
        return percent;
    }

    /** The threshold a run plan's parameters record; the default for a plan written before it existed. */
    public static double of(Map<String, String> parameters) {
        return parse(parameters.get(PARAMETER));
    }

    /** The threshold the run plan of {@code layout} records (for an analysis not given one). */
    public static double recorded(RunLayout layout) throws IOException {
        try {
            return of(RunPlanFile.read(layout.runPlan()).parameters());
        } catch (IllegalArgumentException e) {
            throw new IOException(layout.runPlan() + ": " + e.getMessage(), e);
        }
    }

    /** The threshold as the summary and the messages print it ("10", "2.5"). */
    public static String describe(double percent) {
        return ErrorTolerance.format(percent);
    }
}
