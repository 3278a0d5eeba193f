package org.esbbench.report.run;

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
        if (value == null || value.isBlank()) {
            return COMPRESSED;
        }
        for (KeepResults k : values()) {
            if (k.id().equals(value.strip().toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new IllegalArgumentException("-DkeepResults=" + value + " is not known; give one of "
                + Arrays.stream(values()).map(KeepResults::id).collect(Collectors.joining(", "))
                + " (compressed is the default)");
    }
}
