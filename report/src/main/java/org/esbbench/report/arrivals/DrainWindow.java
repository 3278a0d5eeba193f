package org.esbbench.report.arrivals;

/**
 * The run parameter {@code -Ddrain}: seconds after the measurement window's end (the open model's last arrival comes
 * a couple of seconds later) during which a reply still counts as an answer to an arrival due in the window, and
 * JMeter waits for replies before it ends the run; an arrival not answered by then counts as not answered, its wait
 * until the run ended a lower bound in the latency figures.
 *
 * <p>{@code auto} (the default) is the response timeout: a request sent cannot take longer without failing as a
 * timeout, so every request sent by the window's end is answered or failed within the drain; a server that keeps up
 * ends it within milliseconds (JMeter ends the run once the last reply is in).
 */
public final class DrainWindow {
    /** The run parameter (-D and run-parameters.json). */
    public static final String PARAMETER = "drain";
    public static final String AUTO = "auto";
    /** An hour of drain is a typo. */
    static final long MAX_SECONDS = 3600;

    private DrainWindow() {
    }

    /** Checks the value as given ({@code auto} or whole seconds 0…3600). */
    public static void check(String value) {
        seconds(value, 1000);
    }

    /** The drain in seconds, {@code auto} being the response timeout rounded up to a whole second. */
    public static long seconds(String value, long responseTimeoutMillis) {
        String v = value == null ? "" : value.strip();
        if (v.isEmpty() || v.equalsIgnoreCase(AUTO)) {
            return (responseTimeoutMillis + 999) / 1000;
        }
        try {
            long s = Long.parseLong(v.endsWith("s") ? v.substring(0, v.length() - 1).strip() : v);
            if (s >= 0 && s <= MAX_SECONDS) {
                return s;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("-D" + PARAMETER + "=" + value + ": give the seconds after the measurement"
                + " window during which a reply still counts as an answer, a whole number from 0 to " + MAX_SECONDS
                + ", or " + AUTO + " (the default: the response timeout)");
    }
}
