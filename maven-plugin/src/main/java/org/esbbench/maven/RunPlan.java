package org.esbbench.maven;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.esbbench.report.points.Point;
import org.esbbench.core.Scenario;

/**
 * The validated parameters of one run. Everything arrives as text from Maven properties so that a bad
 * value is reported in our words (naming the property and the valid choices) before any process starts,
 * not as a conversion error or, worse, halfway through a twenty-minute window.
 *
 * <p>users, size and delay each take one value or a comma-separated list: the run measures every
 * combination (a point) for every selected scenario, {@code repeats} times, as the published rounds chart
 * throughput against concurrency per message size and the IBM method reports the median of repeated runs.
 */
public record RunPlan(List<Scenario> scenarios, List<Integer> users, List<Integer> sizes, List<Long> delays,
                      int repeats, long warmupSeconds, long measurementSeconds, String heap) {

    public static final long MAX_DELAY_MS = 600_000;
    public static final int MAX_REPEATS = 100;

    public static RunPlan parse(String scenarios, String users, String size, String delay,
                                String warmup, String measurement, String heap) throws InvalidRunException {
        return parse(scenarios, users, size, delay, "1", warmup, measurement, heap);
    }

    public static RunPlan parse(String scenarios, String users, String size, String delay, String repeats,
                                String warmup, String measurement, String heap) throws InvalidRunException {
        return new RunPlan(
                scenarios(scenarios),
                list("users", users, v -> (int) positive("users", v, Integer.MAX_VALUE)),
                list("size", size, v -> (int) positive("size", v, Integer.MAX_VALUE)),
                list("delay", delay, v -> nonNegative("delay", v, MAX_DELAY_MS)),
                (int) positive("repeats", repeats, MAX_REPEATS),
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

    private interface Parser<T> {
        T parse(String value) throws InvalidRunException;
    }

    /** One value or a comma-separated list; sorted ascending, duplicates dropped. */
    private static <T extends Comparable<T>> List<T> list(String name, String value, Parser<T> parser)
            throws InvalidRunException {
        Set<T> values = new TreeSet<>();
        for (String part : (value == null ? "" : value).split(",", -1)) {
            values.add(parser.parse(part.trim()));
        }
        if (values.isEmpty()) {
            throw new InvalidRunException("-D" + name + " is empty");
        }
        return List.copyOf(values);
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
            throw new InvalidRunException("-D" + name + "=" + value + ": not a whole number"
                    + (name.equals("users") || name.equals("size") || name.equals("delay") ? " (or a comma-separated list of them)" : ""));
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

    /**
     * Every point of the run in the order it is measured: by delay (the backend restarts between delays),
     * then size, then users, then scenario.
     */
    public List<Point> points() {
        List<Point> points = new ArrayList<>();
        for (long delay : delays) {
            for (int size : sizes) {
                for (int u : users) {
                    for (Scenario s : scenarios) {
                        points.add(new Point(s.id(), u, size, delay));
                    }
                }
            }
        }
        return points;
    }

    /** Scenario runs in the whole run: points times repeats. */
    public int scenarioRuns() {
        return points().size() * repeats;
    }

    /** Total planned duration of the JMeter part of the run, for progress and ETA. */
    public long plannedSeconds() {
        return scenarioRuns() * (warmupSeconds + measurementSeconds);
    }

    public List<String> scenarioIds() {
        return scenarios.stream().map(Scenario::id).toList();
    }

    /** "10" or "10, 50, 100": a parameter's values for messages. */
    static String describe(List<?> values) {
        return values.stream().map(Object::toString).collect(Collectors.joining(", "));
    }
}
