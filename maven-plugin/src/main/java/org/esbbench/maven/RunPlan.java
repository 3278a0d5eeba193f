package org.esbbench.maven;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.esbbench.core.Scenario;

/**
 * The validated parameters of one run. Everything arrives as text from Maven properties so that a bad
 * value is reported in our words (naming the property and the valid choices) before any process starts,
 * not as a conversion error or, worse, halfway through a twenty-minute window.
 */
public record RunPlan(List<Scenario> scenarios, int users, int size, long delayMs,
                      long warmupSeconds, long measurementSeconds, String heap) {

    public static final long MAX_DELAY_MS = 600_000;

    public static RunPlan parse(String scenarios, String users, String size, String delay,
                                String warmup, String measurement, String heap) throws InvalidRunException {
        return new RunPlan(
                scenarios(scenarios),
                (int) positive("users", users, Integer.MAX_VALUE),
                (int) positive("size", size, Integer.MAX_VALUE),
                nonNegative("delay", delay, MAX_DELAY_MS),
                positive("warmup", warmup, Long.MAX_VALUE),
                positive("measurement", measurement, Long.MAX_VALUE),
                heap(heap));
    }

    /** "all", or a comma-separated list of scenario ids, in the catalogue's order, without repeats. */
    static List<Scenario> scenarios(String value) throws InvalidRunException {
        String v = value == null ? "" : value.trim();
        if (v.isEmpty() || v.equalsIgnoreCase("all")) {
            return List.of(Scenario.values());
        }
        Set<Scenario> chosen = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        for (String id : v.split(",")) {
            String trimmed = id.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            try {
                chosen.add(Scenario.byId(trimmed));
            } catch (IllegalArgumentException e) {
                unknown.add(trimmed);
            }
        }
        if (!unknown.isEmpty() || chosen.isEmpty()) {
            throw new InvalidRunException("unknown scenario " + (unknown.isEmpty() ? "''" : "'" + String.join("', '", unknown) + "'")
                    + " in -Dscenarios=" + value + "; valid: all, " + String.join(", ", Scenario.ids()));
        }
        return chosen.stream().sorted().toList();
    }

    private static long positive(String name, String value, long max) throws InvalidRunException {
        long n = number(name, value, max);
        if (n <= 0) {
            throw new InvalidRunException("-D" + name + "=" + value + ": must be greater than zero");
        }
        return n;
    }

    private static long nonNegative(String name, String value, long max) throws InvalidRunException {
        long n = number(name, value, max);
        if (n < 0) {
            throw new InvalidRunException("-D" + name + "=" + value + ": must not be negative");
        }
        return n;
    }

    private static long number(String name, String value, long max) throws InvalidRunException {
        try {
            long n = Long.parseLong(value == null ? "" : value.trim());
            if (n > max) {
                throw new InvalidRunException("-D" + name + "=" + value + ": at most " + max);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new InvalidRunException("-D" + name + "=" + value + ": not a whole number");
        }
    }

    /** A JVM heap size as -Xmx takes it: digits with an optional k, m or g. */
    private static String heap(String value) throws InvalidRunException {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        if (!v.matches("[1-9][0-9]*[kmg]?")) {
            throw new InvalidRunException("-Dheap=" + value + ": a heap size such as 512m or 2g");
        }
        return v;
    }

    /** Total planned duration of the JMeter part of the run, for progress and ETA. */
    public long plannedSeconds() {
        return scenarios.size() * (warmupSeconds + measurementSeconds);
    }

    public List<String> scenarioIds() {
        return scenarios.stream().map(Scenario::id).toList();
    }
}
