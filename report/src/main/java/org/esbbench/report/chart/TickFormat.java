package org.esbbench.report.chart;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Locale;

/**
 * Tick labels for an axis that plots a transformed value (a logarithm) on a plain linear axis, labelled with
 * the value it stands for. Plain text labels, unlike JFreeChart's LogAxis, which draws its labels as attributed
 * text that JFreeSVG writes as glyph outlines rather than searchable SVG text.
 */
@SuppressWarnings("serial") // never serialised: NumberFormat is Serializable only by inheritance
abstract class TickFormat extends NumberFormat {

    /** The label of the tick at axis position {@code position}. */
    abstract String label(double position);

    /**
     * The "percentile distribution" axis of HdrHistogram plots: position d (in decades) stands for the
     * percentile p where 1 / (1 - p) = 10^d, so 0 is "0%", 1 is "90%", 2 is "99%", 3 is "99.9%" and so on.
     */
    @SuppressWarnings("serial")
    static final class Percentile extends TickFormat {

        /** The axis position of a percentile given in percent, below 100. */
        static double position(double percentile) {
            return -Math.log10(1 - percentile / 100);
        }

        static double percentile(double position) {
            return 100 * (1 - Math.pow(10, -position));
        }

        @Override
        String label(double position) {
            // Rounded well below a tick's resolution, so 3 prints "99.9%", not "99.89999999999999%".
            BigDecimal p = BigDecimal.valueOf(percentile(position)).setScale(7, RoundingMode.HALF_UP).stripTrailingZeros();
            return (p.signum() == 0 ? "0" : p.toPlainString()) + "%";
        }
    }

    /** A base-2 logarithmic axis: position x stands for 2^x, printed as a whole number (1, 2, 4, ... 1,024). */
    @SuppressWarnings("serial")
    static final class PowerOfTwo extends TickFormat {
        private final DecimalFormat integers = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));

        static double position(double value) {
            return Math.log(value) / Math.log(2);
        }

        @Override
        String label(double position) {
            return integers.format(Math.pow(2, position));
        }
    }

    @Override
    public StringBuffer format(double position, StringBuffer out, FieldPosition pos) {
        return out.append(label(position));
    }

    @Override
    public StringBuffer format(long position, StringBuffer out, FieldPosition pos) {
        return format((double) position, out, pos);
    }

    @Override
    public Number parse(String source, ParsePosition pos) {
        throw new UnsupportedOperationException("tick labels are only formatted");
    }
}
