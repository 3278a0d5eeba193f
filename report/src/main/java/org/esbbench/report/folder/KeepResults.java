package org.esbbench.report.folder;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What becomes of a scenario run's raw results (its JMeter results file) once the run no longer writes them
 * ({@code -DkeepResults}): kept gzip-compressed (the default: a long run's results shrink about 25-fold), dropped
 * after the analysis, or kept as JMeter wrote them.
 */
public enum KeepResults {
    COMPRESSED, NONE, PLAIN;

    /** The run parameter (-D and run-parameters.json) that sets it. */
    public static final String PARAMETER = "keepResults";

    /** The value as given on the command line: {@code compressed}, {@code none} or {@code plain}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The value of {@code -DkeepResults}, any case, blank meaning the default.
     *
     * @throws IllegalArgumentException naming the valid values
     */
    public static KeepResults parse(String value) {
        return parse(value, "-D" + PARAMETER);
    }

    /**
     * The value as given, any case, blank meaning the default.
     *
     * @param flag how it was given, for the message: {@code -DkeepResults}, or a command line's option
     * @throws IllegalArgumentException naming the valid values
     */
    public static KeepResults parse(String value, String flag) {
        if (value == null || value.isBlank()) {
            return COMPRESSED;
        }
        for (KeepResults k : values()) {
            if (k.id().equals(value.strip().toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new IllegalArgumentException(flag + "=" + value + " is not known; give one of "
                + Arrays.stream(values()).map(KeepResults::id).collect(Collectors.joining(", "))
                + " (compressed is the default)");
    }
}
