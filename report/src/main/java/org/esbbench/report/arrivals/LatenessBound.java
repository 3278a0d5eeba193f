package org.esbbench.report.arrivals;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The run parameter {@code -DlatenessBound}: how late, in ms, the generator may send an open-model arrival before it
 * counts as late. An idle generator sends within its timer's resolution and a thread's wake-up; past the bound the
 * arrival waited on the generator (a busy core, a GC pause, a stopped JMeter), and a window where more than 1 % of the
 * arrivals did is flagged {@value #FLAG}: its p99 carries the generator's delay. The default is measured (an idle
 * generator's lateness p99 at 20 and 300 arrivals/s on a 2-core machine, docs/benchmarks.md).
 */
public final class LatenessBound {
    /** The run parameter (-D and run-parameters.json) that sets it. */
    public static final String PARAMETER = "latenessBound";
    /** The default bound, ms. */
    public static final double DEFAULT_MILLIS = 10;
    /** A bound over a minute no longer says anything of a generator: a typo, most likely. */
    public static final double MAX_MILLIS = 60_000;
    /** The flag of a window whose generator was late for more than 1 % of its arrivals. */
    public static final String FLAG = "generator-late";

    private LatenessBound() {
    }

    /** The value as given with {@code -DlatenessBound}; blank is the default. */
    public static double parse(String value) {
        return parse(value, "-D" + PARAMETER);
    }

    /**
     * The value as given; blank is the default.
     *
     * @param flag how it was given, for the message
     * @throws IllegalArgumentException saying what is wrong and what to give instead
     */
    public static double parse(String value, String flag) {
        String v = value == null ? "" : value.strip();
        if (v.isEmpty()) {
            return DEFAULT_MILLIS;
        }
        double millis;
        try {
            millis = Double.parseDouble(v.endsWith("ms") ? v.substring(0, v.length() - 2).strip() : v);
        } catch (NumberFormatException e) {
            millis = Double.NaN;
        }
        if (!(millis > 0 && millis <= MAX_MILLIS)) {
            throw new IllegalArgumentException(flag + "=" + value + ": give how late, in ms, the generator may send an"
                    + " open-model arrival before it counts as late, a number above 0 and at most " + (long) MAX_MILLIS
                    + " (e.g. " + flag + "=" + describe(DEFAULT_MILLIS) + ", the default, or 0.5)");
        }
        return millis;
    }

    /** The bound the run parameters give (the default when they name none). */
    public static double of(Map<String, String> parameters) {
        return parse(parameters.get(PARAMETER));
    }

    /** The bound as the summary and the messages print it ("2", "0.5"). */
    public static String describe(double millis) {
        if (millis == Math.rint(millis)) {
            return Long.toString((long) millis);
        }
        return String.format(Locale.ROOT, "%.3f", millis).replaceFirst("0+$", "").replaceFirst("\\.$", "");
    }

    /** The window's flag when the generator was late for more than 1 % of its arrivals. */
    public static Optional<String> flag(ArrivalFigures arrivals) {
        if (!arrivals.generatorLate()) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%s: %.1f %% of the arrivals were sent more than %s ms after"
                        + " their due time (lateness p99 %.3f ms, max %.3f ms): response times include the generator's"
                        + " delay", FLAG, arrivals.latePercent(), describe(arrivals.boundMillis()),
                arrivals.latenessP99Millis(), arrivals.latenessMaxMillis()));
    }
}
