package org.esbbench.report.run;

import org.esbbench.report.samples.Statistics;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How many errors a measurement window may have and still count as a result ({@code -DmaxErrorPercent}): a server
 * swept up to a concurrency where it sheds a few requests keeps its figures. Errors are transport failures (no reply,
 * a gateway status from the server): at or under the threshold, a scenario run passes with a warning naming it and
 * its error %; over it, the run fails. Incorrect replies are never tolerated: a reply that came and was wrong means
 * corruption, whatever the threshold. The threshold holds for every scenario run (each repeat of a point) on its own.
 *
 * @param maxErrorPercent errors as percent of a window's samples that are tolerated, 0..100; 0 (the default)
 *                        tolerates none
 */
public record ErrorTolerance(double maxErrorPercent) {
    /** The run parameter (-D and run-parameters.json) that sets it. */
    public static final String PARAMETER = "maxErrorPercent";
    /** The flag a scenario run whose error % crossed the threshold gets in points.csv and the summary. */
    public static final String FLAG = "errors-over-max";
    public static final ErrorTolerance NONE = new ErrorTolerance(0);

    public ErrorTolerance {
        if (!(maxErrorPercent >= 0 && maxErrorPercent <= 100)) {
            throw new IllegalArgumentException(PARAMETER + " must be 0..100, was " + maxErrorPercent);
        }
    }

    /**
     * Parses the parameter's value as given with {@code -DmaxErrorPercent}; blank is the default, 0.
     *
     * @throws IllegalArgumentException saying what is wrong, what is valid and how to fix it
     */
    public static ErrorTolerance parse(String value) {
        return parse(value, "-D" + PARAMETER);
    }

    /**
     * Parses the parameter's value as given; blank is the default, 0.
     *
     * @param flag how it was given, for the message: {@code -DmaxErrorPercent}, or a command line's option
     * @throws IllegalArgumentException saying what is wrong, what is valid and how to fix it
     */
    public static ErrorTolerance parse(String value, String flag) {
        OptionalDouble percent = AnalysisOptionsBuilder.percent(value, flag, p -> p >= 0 && p <= 100,
                "give the errors tolerated per scenario run as a percent of its samples, a number from 0 to 100 (e.g. "
                        + flag + "=1 or 0.5); 0, the default, fails the run on any error. Incorrect replies always fail it");
        return percent.isPresent() ? new ErrorTolerance(percent.getAsDouble()) : NONE;
    }

    /** The threshold the run parameters record; the default (0) for a run recorded before it existed. */
    public static ErrorTolerance of(Map<String, String> parameters) {
        return parse(parameters.get(PARAMETER));
    }

    /** Whether the window's errors are more than tolerated (with no tolerance: any error). */
    public boolean crossed(Statistics m) {
        return m.errors() > 0 && m.errorPercent() > maxErrorPercent;
    }

    /** Whether the window's errors are over a threshold that was set (not 0): the {@link #FLAG} and its message. */
    public boolean overSetThreshold(Statistics m) {
        return maxErrorPercent > 0 && crossed(m);
    }

    /** Whether the window has errors that the threshold lets pass. */
    public boolean tolerated(Statistics m) {
        return m.errors() > 0 && !crossed(m);
    }

    /** The threshold as the summary and the messages print it ("1", "0.5"). */
    public String describe() {
        return format(maxErrorPercent);
    }

    static String format(double percent) {
        if (percent == Math.rint(percent)) {
            return Long.toString((long) percent);
        }
        String s = String.format(Locale.ROOT, "%.4f", percent);
        return s.replaceFirst("0+$", "").replaceFirst("\\.$", "");
    }

    /** The sentence the summary adds under its table when errors are tolerated; empty with none. */
    public Optional<String> explanation() {
        if (maxErrorPercent == 0) {
            return Optional.empty();
        }
        return Optional.of("Errors were tolerated up to " + describe() + " % of a scenario run's samples (-D"
                + PARAMETER + "); a scenario run over it is flagged " + FLAG + " and fails the run; incorrect replies"
                + " fail it whatever their number.");
    }
}
