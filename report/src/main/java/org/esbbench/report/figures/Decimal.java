package org.esbbench.report.figures;

import java.util.Locale;

/**
 * The one way a number becomes text in every output (CSV, Markdown, HTML, run.json excepted): fixed decimals and
 * a dot as decimal separator whatever the machine's locale, so files written on any machine read the same.
 */
public final class Decimal {
    private Decimal() {
    }

    public static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** A change as a signed percentage of a ratio, e.g. "+4.2%" or "-10.9%". */
    public static String percentChange(double ratio) {
        return String.format(Locale.ROOT, "%+.1f%%", (ratio - 1) * 100);
    }

    /** A change already in percent, signed, one decimal: "+19.0%", "-9.5%". */
    public static String signedPercent(double percent) {
        return String.format(Locale.ROOT, "%+.1f%%", percent);
    }
}
