package org.esbbench.report.points;

import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;

/**
 * The median of a figure over a point's repeats and its spread (lowest and highest), as the IBM method reports
 * repeated runs. With one repeat, min = median = max.
 */
public record Spread(double median, double min, double max, int n) {

    /** The spread of the non-null values, or {@code null} when there are none. */
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

    /** (max - min) / median in percent: 0 for a single repeat. */
    public double relativeSpreadPercent() {
        return median == 0 ? 0 : 100 * (max - min) / Math.abs(median);
    }

    /** Whether the two ranges [min, max] overlap: their difference is within the runs' own spread. */
    public boolean overlaps(Spread other) {
        return min <= other.max && other.min <= max;
    }
}
