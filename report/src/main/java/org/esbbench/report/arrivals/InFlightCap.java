package org.esbbench.report.arrivals;

import java.util.Locale;

/**
 * The run parameter {@code -DmaxInFlight}: the most requests the open model may have in flight (the Scheduled
 * Arrivals Thread Group's threads serving an arrival). Past it an arrival waits for a request to end, the wait is
 * counted as the server's backlog (blocked time) and the point is flagged {@value #FLAG}: from then on it was a closed
 * model of that many users.
 *
 * <p>{@code auto} (the default) sizes it per point by Little's law, in flight = arrival rate × response time, with
 * room to spare: twice the rate × (the backend delay + {@value #ALLOWANCE_MILLIS} ms for the server's own time and a
 * pause of it), at least {@value #MIN_AUTO}. A server that keeps up stays far below it (direct at 300/s with no delay
 * has a handful in flight); one that falls behind reaches it within seconds, and the flag says so.
 */
public final class InFlightCap {
    /** The run parameter (-D and run-parameters.json). */
    public static final String PARAMETER = "maxInFlight";
    /** The value that sizes the cap per point. */
    public static final String AUTO = "auto";
    /** The flag of a point during which every request the group may have in flight was, and arrivals waited. */
    public static final String FLAG = "in-flight-capped";
    static final int MIN_AUTO = 100;
    static final long ALLOWANCE_MILLIS = 250;
    /** More threads than this on one JMeter is a typo, not a plan. */
    public static final int MAX = 100_000;

    private InFlightCap() {
    }

    /** Checks the value as given ({@code auto} or a whole number 1…{@value #MAX}). */
    public static void check(String value) {
        String v = value == null ? "" : value.strip();
        if (v.isEmpty() || v.equalsIgnoreCase(AUTO)) {
            return;
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= 1 && n <= MAX) {
                return;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("-D" + PARAMETER + "=" + value + ": give the most requests the open model"
                + " may have in flight, a whole number from 1 to " + MAX + ", or " + AUTO + " (the default: twice the"
                + " rate × (delay + " + ALLOWANCE_MILLIS + " ms), at least " + MIN_AUTO + ")");
    }

    /** The cap of a point at {@code rate} arrivals/s with a backend delay of {@code delayMillis}. */
    public static int of(String value, int rate, long delayMillis) {
        check(value);
        String v = value == null ? "" : value.strip();
        if (!v.isEmpty() && !v.equalsIgnoreCase(AUTO)) {
            return Integer.parseInt(v);
        }
        double needed = 2.0 * rate * (delayMillis + ALLOWANCE_MILLIS) / 1000.0;
        return (int) Math.min(MAX, Math.max(MIN_AUTO, Math.ceil(needed)));
    }

    /** How the cap was chosen, for the summary ("auto: 2 × 600/s × (2000 + 250) ms"). */
    public static String describe(String value, int rate, long delayMillis) {
        String v = value == null ? "" : value.strip();
        if (!v.isEmpty() && !v.equalsIgnoreCase(AUTO)) {
            return v + " (-D" + PARAMETER + ")";
        }
        return String.format(Locale.ROOT, "%d (auto: 2 × %d/s × (%d + %d) ms, at least %d)", of(value, rate,
                delayMillis), rate, delayMillis, ALLOWANCE_MILLIS, MIN_AUTO);
    }
}
