package org.esbbench.report.gate;

import org.esbbench.report.capacity.SearchRow;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A criterion on a capacity search ({@code -Dcapacity}): {@code capacity>=N}, or {@code SCENARIO:capacity>=N} for
 * one scenario's searches, N the arrivals per second each search must show the server holds under the objective.
 * It is judged on the capacity found, the highest rate that passed: a search that ended at the generator's limit
 * with a capacity of N or more passes (the server held N, whatever more it could), one below N fails however it
 * ended, for it did not show the server holds N.
 *
 * @param scenario the scenario or plan id, or {@link Criterion#EVERY}
 * @param minRate  the lowest capacity that passes, arrivals/s
 * @param text     the criterion as given (without white space)
 */
public record CapacityCriterion(String scenario, int minRate, String text) {

    /** The word of a capacity criterion: what tells it from a figure's. */
    public static final String WORD = "capacity";

    private static final Pattern CAPACITY = Pattern.compile("(?:([^:]+):)?capacity(?![A-Za-z0-9_])(.*)");
    private static final Pattern AT_LEAST = Pattern.compile(">=([0-9]+)(?:/s)?");

    /**
     * The criterion when {@code text} names the capacity ({@code capacity...} or {@code SCENARIO:capacity...});
     * empty when it names something else (a figure).
     *
     * @param flag how it was given, for the message
     * @throws IllegalArgumentException when it names the capacity in a form other than {@code capacity>=N}, N a
     *                                  whole number of arrivals per second from 1
     */
    static Optional<CapacityCriterion> parse(String text, String flag) {
        Matcher m = CAPACITY.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        Matcher bound = AT_LEAST.matcher(m.group(2));
        int rate = 0;
        if (bound.matches()) {
            try {
                rate = Integer.parseInt(bound.group(1));
            } catch (NumberFormatException e) {
                rate = 0; // beyond any rate: refused below
            }
        }
        if (rate < 1) {
            throw new IllegalArgumentException(flag + ": '" + text + "': a capacity criterion is capacity>=N, N the"
                    + " lowest capacity a search must find, a whole number of arrivals per second from 1 (e.g. "
                    + flag + "=capacity>=1000, or direct:capacity>=1000 for one scenario's searches)");
        }
        return Optional.of(new CapacityCriterion(m.group(1) == null ? Criterion.EVERY : m.group(1), rate, text));
    }

    public boolean appliesTo(SearchRow search) {
        return scenario.equals(Criterion.EVERY) || scenario.equals(search.point().scenario());
    }

    /** Whether the search showed the server holds the rate: its capacity (highest pass) at least {@link #minRate}. */
    public boolean holds(SearchRow search) {
        return search.capacity() >= minRate;
    }

    /** ">= 1,000/s". */
    public String boundText() {
        return ">= " + String.format(Locale.ROOT, "%,d", minRate) + "/s";
    }
}
