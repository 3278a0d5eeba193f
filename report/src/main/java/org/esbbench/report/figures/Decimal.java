package org.esbbench.report.figures;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
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

    /**
     * Fixed decimals, except a non-zero value that would show as zero: that one with two significant digits
     * (0.00001 with 2 decimals is "0.00001"), so that a rare failure never reads as none.
     */
    public static String shown(double value, int decimals) {
        if (value != 0 && Double.isFinite(value) && Math.abs(value) < 0.5 * Math.pow(10, -decimals)) {
            return new BigDecimal(value).round(new MathContext(2, RoundingMode.HALF_UP)).stripTrailingZeros()
                    .toPlainString();
        }
        return fixed(value, decimals);
    }

    /** Rounded to at most {@code decimals} decimals, trailing zeros dropped: "0", "12.5", "0.000017". */
    public static String trimmed(double value, int decimals) {
        if (!Double.isFinite(value)) {
            return fixed(value, decimals);
        }
        BigDecimal rounded = new BigDecimal(value).setScale(decimals, RoundingMode.HALF_UP);
        return rounded.signum() == 0 ? "0" : rounded.stripTrailingZeros().toPlainString();
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
