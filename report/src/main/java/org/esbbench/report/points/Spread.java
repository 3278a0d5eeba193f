package org.esbbench.report.points;

import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;

/**
 * A point's figure and its spread over the point's repeats (lowest and highest of the repeats' own values), as the
 * IBM method reports repeated runs.
 *
 * @param value the point's figure as its combination rule gives it (a median, a total, a percent of all
 *              samples, or read from the merged histogram of the repeats)
 * @param min   the lowest of the repeats' values
 * @param max   the highest of the repeats' values
 * @param n     the repeats that had a value
 */
public record Spread(double value, double min, double max, int n) {

    /** The median and spread of the non-null values, or {@code null} when there are none. */
    public static Spread of(Collection<? extends Number> values) {
        double[] v = values.stream().filter(Objects::nonNull).mapToDouble(Number::doubleValue).sorted().toArray();
        if (v.length == 0) {
            return null;
        }
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        return new Spread(median, v[0], v[v.length - 1], v.length);
    }

    public static Spread of(double... values) {
        return of(Arrays.stream(values).boxed().toList());
    }

    /** The same lowest, highest and n with another value (a total, a percentage, a merged histogram's). */
    public Spread withValue(double other) {
        return new Spread(other, min, max, n);
    }

    /** (max - min) / value in percent: 0 for a single repeat. */
    public double relativeSpreadPercent() {
        return value == 0 ? 0 : 100 * (max - min) / Math.abs(value);
    }

    /** Whether the two ranges [min, max] overlap: their difference is within the runs' own spread. */
    public boolean overlaps(Spread other) {
        return min <= other.max && other.min <= max;
    }
}
