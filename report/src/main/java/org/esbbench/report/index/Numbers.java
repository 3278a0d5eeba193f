package org.esbbench.report.index;

import org.esbbench.report.points.Spread;

import java.util.Locale;

/** Figures as text for tables: fixed decimals, dot as decimal separator whatever the machine's locale. */
public final class Numbers {
    private Numbers() {
    }

    public static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** The median, or empty when unknown. */
    public static String median(Spread spread, int decimals) {
        return spread == null ? "" : fixed(spread.median(), decimals);
    }

    /** "median [min–max]" over two or more repeats, just the median for one, empty when unknown. */
    public static String spread(Spread spread, int decimals) {
        if (spread == null) {
            return "";
        }
        String median = fixed(spread.median(), decimals);
        return spread.n() < 2 ? median
                : median + " [" + fixed(spread.min(), decimals) + "–" + fixed(spread.max(), decimals) + "]";
    }

    /** A change as a signed percentage, e.g. "+4.2%" or "-10.9%". */
    public static String percentChange(double ratio) {
        return String.format(Locale.ROOT, "%+.1f%%", (ratio - 1) * 100);
    }
}
