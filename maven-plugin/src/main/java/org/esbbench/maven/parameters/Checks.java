package org.esbbench.maven.parameters;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The checks of run parameters and their messages, written once: every parameter that is a number, a list of
 * numbers or one of a few words is checked here, by the catalogue before any load and by the parsers that turn
 * the values into a run. Each message starts with {@code -Dname=value} and says what is valid.
 */
public final class Checks {

    /** The parameters that take a comma-separated list: their number message says so. */
    private static final Set<String> LISTS = Set.of("users", "rate", "size", "delay");

    private Checks() {
    }

    /** Parses one value of a list. */
    public interface Parser<T> {
        T parse(String value) throws InvalidRunException;
    }

    /** A whole number in 1..max. */
    public static RunParameter.Check positive(long max) {
        return (name, value) -> positive(name, value, max);
    }

    /** A whole number in 0..max. */
    public static RunParameter.Check nonNegative(long max) {
        return (name, value) -> nonNegative(name, value, max);
    }

    /** One whole number in 1..max or a comma-separated list of them. */
    public static RunParameter.Check positiveList(long max) {
        return (name, value) -> list(name, value, x -> positive(name, x, max));
    }

    /** One whole number in 0..max or a comma-separated list of them. */
    public static RunParameter.Check nonNegativeList(long max) {
        return (name, value) -> list(name, value, x -> nonNegative(name, x, max));
    }

    /** {@code true} or {@code false}, in any case. */
    public static RunParameter.Check trueOrFalse() {
        return Checks::bool;
    }

    public static boolean bool(String name, String value) throws InvalidRunException {
        String v = value == null ? "" : value.strip();
        if (v.equalsIgnoreCase("true")) {
            return true;
        }
        if (v.equalsIgnoreCase("false")) {
            return false;
        }
        throw new InvalidRunException("-D" + name + "=" + value + ": valid: true, false");
    }

    /** What 0 means for a port the suite picks itself, and for a PerfMon agent's port. */
    public static final String ANY_FREE_PORT = "any free port";
    public static final String NO_PERFMON_AGENT = "no PerfMon agent";

    /** A TCP port, 1 to 65535, or 0 with the meaning {@code zero} gives it (null: 0 is refused). */
    public static RunParameter.Check port(String zero) {
        return (name, value) -> port(name, value, zero);
    }

    public static int port(String name, String value, String zero) throws InvalidRunException {
        try {
            int p = Integer.parseInt(value == null ? "" : value.strip());
            if ((zero != null ? p >= 0 : p >= 1) && p <= 65535) {
                return p;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidRunException("-D" + name + "=" + value + ": not a port; give " + (zero != null ? "0 to " : "1 to ")
                + "65535" + (zero != null ? " (0: " + zero + ")" : ""));
    }

    /** A number from 0 to 100. */
    public static RunParameter.Check percent() {
        return percent("a percentage from 0 to 100");
    }

    /** A number from 0 to 100; {@code advice} says so in the parameter's own words. */
    public static RunParameter.Check percent(String advice) {
        return (name, value) -> {
            double p;
            try {
                p = Double.parseDouble(value == null ? "" : value.strip());
            } catch (NumberFormatException e) {
                p = Double.NaN;
            }
            if (!(p >= 0 && p <= 100)) {
                throw new InvalidRunException("-D" + name + "=" + value + ": " + advice);
            }
        };
    }

    /** One of {@code valid}, in any case. */
    /**
     * The form of {@code serverCpus}: {@code auto}, {@code shared}, a count, or {@code cpus:LIST}; whether this machine
     * can give it is the CPU planner's to say, at check, with the target known.
     */
    public static RunParameter.Check serverCpus() {
        return (name, value) -> {
            String v = value == null ? "" : value.trim();
            if (!v.isEmpty() && !v.matches("auto|shared|[1-9][0-9]*( *, *[1-9][0-9]*)*|cpus:[0-9][0-9 ,-]*")) {
                throw new InvalidRunException(name + " '" + value + "' is none of: auto, shared, a count of cores"
                        + " (e.g. 1), or CPUs by number (e.g. cpus:1 or cpus:2-3)");
            }
        };
    }

    public static RunParameter.Check oneOf(String... valid) {
        return (name, value) -> oneOf(name, value, List.of(valid));
    }

    /** Each comma-separated entry one of {@code valid}. */
    public static RunParameter.Check listOf(String... valid) {
        return (name, value) -> list(name, value, x -> oneOf(name, x, List.of(valid)));
    }

    /** One value or a comma-separated list; sorted ascending, duplicates dropped. */
    public static <T extends Comparable<T>> List<T> list(String name, String value, Parser<T> parser)
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

    public static long positive(String name, String value, long max) throws InvalidRunException {
        long n = number(name, value, max);
        if (n <= 0) {
            throw new InvalidRunException("-D" + name + "=" + value + ": must be greater than zero");
        }
        return n;
    }

    public static long nonNegative(String name, String value, long max) throws InvalidRunException {
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
                    + (LISTS.contains(name) ? " (or a comma-separated list of them)" : ""));
        }
    }

    /** {@code value} lower-cased if it is one of {@code valid}. */
    public static String oneOf(String name, String value, List<String> valid) throws InvalidRunException {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        if (!valid.contains(v)) {
            throw new InvalidRunException("-D" + name + "=" + value + ": valid: " + String.join(", ", valid));
        }
        return v;
    }

    /** The constant of {@code type} that {@code value} names, in any case. */
    public static <E extends Enum<E>> E choice(String name, String value, Class<E> type) throws InvalidRunException {
        List<String> valid = java.util.stream.Stream.of(type.getEnumConstants())
                .map(e -> e.name().toLowerCase(Locale.ROOT)).toList();
        return Enum.valueOf(type, oneOf(name, value, valid).toUpperCase(Locale.ROOT));
    }

    /** A value the report's own parser reads (it throws IllegalArgumentException with the message). */
    public static RunParameter.Check parsedBy(java.util.function.Consumer<String> parser) {
        return (name, value) -> {
            try {
                parser.accept(value);
            } catch (IllegalArgumentException e) {
                throw new InvalidRunException(e.getMessage());
            }
        };
    }
}
