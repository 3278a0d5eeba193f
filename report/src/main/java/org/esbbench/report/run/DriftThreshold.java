package org.esbbench.report.run;

import java.io.IOException;
import java.util.Map;
import org.esbbench.report.folder.RunLayout;

/**
 * The run parameter {@code -DdriftThreshold}: how far, in percent, the first and last thirds of a measurement window
 * may differ in throughput or p99 before the window is flagged {@value WindowDrift#FLAG} ({@link WindowDrift}).
 * Check validates it and records it in the run parameters file; the analysis reads it from there unless given again.
 */
public final class DriftThreshold {
    /** The run parameter (-D and run-parameters.json) that sets it. */
    public static final String PARAMETER = "driftThreshold";
    /** Above 1000 % nothing real is flagged any more: a typo, most likely. */
    public static final double MAX_PERCENT = 1000;

    private DriftThreshold() {
    }

    /**
     * Parses the parameter's value as given with {@code -DdriftThreshold}; blank is the default
     * ({@link AnalysisOptions#DEFAULT_DRIFT_THRESHOLD_PERCENT}).
     *
     * @throws IllegalArgumentException saying what is wrong, what is valid and how to fix it
     */
    public static double parse(String value) {
        return parse(value, "-D" + PARAMETER);
    }

    /**
     * Parses the parameter's value as given; blank is the default.
     *
     * @param flag how it was given, for the message: {@code -DdriftThreshold}, or a command line's option
     * @throws IllegalArgumentException saying what is wrong, what is valid and how to fix it
     */
    public static double parse(String value, String flag) {
        return AnalysisOptionsBuilder.percent(value, flag, p -> p > 0 && p <= MAX_PERCENT, "give how far, in percent,"
                + " the first and last thirds of a measurement window may differ in throughput or p99 before it is"
                + " flagged " + WindowDrift.FLAG + ", a number above 0 and at most " + (long) MAX_PERCENT + " (e.g. "
                + flag + "=10, the default, or 25)").orElse(AnalysisOptions.DEFAULT_DRIFT_THRESHOLD_PERCENT);
    }

    /** The threshold the run parameters record; the default for a run recorded before it existed. */
    public static double of(Map<String, String> parameters) {
        return parse(parameters.get(PARAMETER));
    }

    /** The threshold the run parameters file of {@code layout} records (for an analysis not given one). */
    public static double recorded(RunLayout layout) throws IOException {
        return AnalysisOptionsBuilder.recorded(layout, DriftThreshold::of);
    }

    /** The threshold as the summary and the messages print it ("10", "2.5"). */
    public static String describe(double percent) {
        return ErrorTolerance.format(percent);
    }
}
