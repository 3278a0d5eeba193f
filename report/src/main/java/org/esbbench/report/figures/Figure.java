package org.esbbench.report.figures;

import org.HdrHistogram.AbstractHistogram;
import org.esbbench.report.points.Spread;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * One figure of the catalogue: what it is called in each output, how it is computed for one scenario run, how
 * a point combines it over its repeats, and where it is used. Two figures are the same figure when their ids
 * are (the id is the CSV column).
 *
 * <p>Made with {@link #total}, {@link #percent}, {@link #median} or {@link #mergedHistogram}, then
 * {@link #charted()} and {@link #compared(Better)} / {@link #regressed(Better)} as needed.
 */
public final class Figure {
    private final String id;
    private final String title;
    private final String unit;
    private final int decimals;
    private final int shownDecimals;
    private final Combination combination;
    private final Function<WindowMeasurement, Double> perRepeat;
    private final ToDoubleFunction<AbstractHistogram> fromHistogram;
    private final Figure part;
    private final Figure whole;
    private final boolean charted;
    private final Better better;
    private final boolean regressed;

    private Figure(String id, String title, String unit, int decimals, Combination combination,
                   Function<WindowMeasurement, Double> perRepeat, ToDoubleFunction<AbstractHistogram> fromHistogram,
                   Figure part, Figure whole, boolean charted, Better better, boolean regressed) {
        this(id, title, unit, decimals, decimals, combination, perRepeat, fromHistogram, part, whole, charted, better,
                regressed);
    }

    private Figure(String id, String title, String unit, int decimals, int shownDecimals, Combination combination,
                   Function<WindowMeasurement, Double> perRepeat, ToDoubleFunction<AbstractHistogram> fromHistogram,
                   Figure part, Figure whole, boolean charted, Better better, boolean regressed) {
        if (!id.matches("[a-z0-9_]+")) {
            throw new IllegalArgumentException("a figure's id is a CSV column: lower case, digits and _; got " + id);
        }
        this.id = id;
        this.title = title;
        this.unit = unit;
        this.decimals = decimals;
        this.shownDecimals = shownDecimals;
        this.combination = combination;
        this.perRepeat = perRepeat;
        this.fromHistogram = fromHistogram;
        this.part = part;
        this.whole = whole;
        this.charted = charted;
        this.better = better;
        this.regressed = regressed;
    }

    /** A count summed over the repeats. */
    public static Figure total(String id, String title, String unit, Function<WindowMeasurement, Double> perRepeat) {
        return new Figure(id, title, unit, 0, Combination.TOTAL, perRepeat, null, null, null, false, null, false);
    }

    /** {@code part} as percent of {@code whole} (both totals), per repeat and over all repeats' samples. */
    public static Figure percent(String id, String title, int decimals, Figure part, Figure whole) {
        if (part.combination != Combination.TOTAL || whole.combination != Combination.TOTAL) {
            throw new IllegalArgumentException(id + ": a percentage is of two totals");
        }
        return new Figure(id, title, "%", decimals, Combination.PERCENT,
                m -> percentOf(part.perRepeat.apply(m), whole.perRepeat.apply(m)), null, part, whole, false, null, false);
    }

    /** A figure whose point value is the median over the repeats. */
    public static Figure median(String id, String title, String unit, int decimals,
                                Function<WindowMeasurement, Double> perRepeat) {
        return new Figure(id, title, unit, decimals, Combination.MEDIAN, perRepeat, null, null, null, false, null, false);
    }

    /**
     * A figure read from a histogram of response times: the repeat's own histogram for a repeat, the merged
     * histogram of all repeats for a point. An empty histogram gives 0, as the statistics of an empty window do.
     */
    public static Figure mergedHistogram(String id, String title, String unit, int decimals,
                                         ToDoubleFunction<AbstractHistogram> fromHistogram) {
        return new Figure(id, title, unit, decimals, Combination.MERGED_HISTOGRAM,
                m -> valueOf(fromHistogram, m.histogram()), fromHistogram, null, null, false, null, false);
    }

    /** The same figure, charted against load per scenario. */
    public Figure charted() {
        return new Figure(id, title, unit, decimals, shownDecimals, combination, perRepeat, fromHistogram, part, whole,
                true, better, regressed);
    }

    /** The same figure, put side by side when runs are compared; {@code better} says which way is an improvement. */
    public Figure compared(Better better) {
        return new Figure(id, title, unit, decimals, shownDecimals, combination, perRepeat, fromHistogram, part, whole,
                charted, Objects.requireNonNull(better), regressed);
    }

    /** The same figure, compared and also judged by the regression check (a worsening beyond a limit fails). */
    public Figure regressed(Better better) {
        return new Figure(id, title, unit, decimals, shownDecimals, combination, perRepeat, fromHistogram, part, whole,
                charted, Objects.requireNonNull(better), true);
    }

    /**
     * The same figure, shown to people (summary.md, the results index, comparisons) with {@code decimals} decimals
     * but never more than it is recorded with ({@link #decimals()}): a display can round, not invent digits.
     */
    public Figure shown(int decimals) {
        if (decimals < 0) {
            throw new IllegalArgumentException(id + ": decimals " + decimals);
        }
        return new Figure(id, title, unit, this.decimals, decimals, combination, perRepeat, fromHistogram, part, whole,
                charted, better, regressed);
    }

    /** The CSV column, e.g. {@code p99_ms}. */
    public String id() {
        return id;
    }

    /** The table heading, e.g. "p99 ms". */
    public String title() {
        return title;
    }

    /** The unit, e.g. "ms", "%", "msgs/s"; empty for counts. */
    public String unit() {
        return unit;
    }

    /** The column heading of human tables: the title with its unit, e.g. "p99 ms", "error %", "samples". */
    public String heading() {
        return unit.isEmpty() || title.endsWith(unit) ? title : title + " " + unit;
    }

    /** The value axis of its chart, e.g. "p99 response time (ms)". */
    public String axisLabel() {
        return unit.isEmpty() ? title : title + " (" + unit + ")";
    }

    /**
     * The decimals the figure is recorded with (points.csv, summary.csv, run.json) and compared at: the regression
     * check does not count a change smaller than one unit of the last of them.
     */
    public int decimals() {
        return decimals;
    }

    /** The display precision: the decimals of human tables (summary.md, the results index, comparisons). */
    public int shownDecimals() {
        return Math.min(shownDecimals, decimals);
    }

    public Combination combination() {
        return combination;
    }

    public boolean isCharted() {
        return charted;
    }

    public boolean isCompared() {
        return better != null;
    }

    public boolean isRegressed() {
        return regressed;
    }

    /** Which way is better; empty when runs are not compared on this figure. */
    public Optional<Better> better() {
        return Optional.ofNullable(better);
    }

    /** For a percentage: the total it is a part of and the total it is of. */
    public Optional<Figure> part() {
        return Optional.ofNullable(part);
    }

    public Optional<Figure> whole() {
        return Optional.ofNullable(whole);
    }

    /** The figure of one scenario run; {@code null} when it is unknown (e.g. no CPU records). */
    public Double compute(WindowMeasurement measurement) {
        return perRepeat.apply(measurement);
    }

    /** The figure read from a histogram (a merged one for a point); only for {@link Combination#MERGED_HISTOGRAM}. */
    public double fromHistogram(AbstractHistogram histogram) {
        if (fromHistogram == null) {
            throw new IllegalStateException(id + " is not read from a histogram");
        }
        return valueOf(fromHistogram, histogram);
    }

    /**
     * The value for people: with the display precision ({@link #shownDecimals()}), a non-zero value too small for
     * it with two significant digits (one failure in ten million samples is 0.00001 %, not 0.00); empty when unknown.
     */
    public String format(Double value) {
        return value == null ? "" : Decimal.shown(value, shownDecimals());
    }

    /**
     * The point's value for people, with " [lowest–highest]" of its repeats when it has two or more; empty when
     * unknown. The brackets have the display precision too.
     */
    public String format(Spread spread) {
        if (spread == null) {
            return "";
        }
        String value = format(spread.value());
        return spread.n() < 2 || !combination.hasSpread() ? value
                : value + " [" + format(spread.min()) + "–" + format(spread.max()) + "]";
    }

    /**
     * As {@link #format(Spread)}, without the brackets when the lowest and highest show as the value does (every
     * repeat said the same at the display precision): the tables of a run's points, where "0.00 [0.00–0.00]"
     * in every row of error % would hide the one row that differs.
     */
    public String formatBrief(Spread spread) {
        String full = format(spread);
        if (spread == null || spread.n() < 2 || !combination.hasSpread()) {
            return full;
        }
        String value = format(spread.value());
        return format(spread.min()).equals(value) && format(spread.max()).equals(value) ? value : full;
    }

    /**
     * The value for files read by tools (points.csv, summary.csv, run.json): rounded to the recorded decimals
     * ({@link #decimals()}), trailing zeros dropped ("0", "1927.88", "99.35"); empty when unknown.
     */
    public String recorded(Double value) {
        return value == null ? "" : Decimal.trimmed(value, decimals);
    }

    /** Percent of {@code whole}; 0 for a whole of 0, unknown when either is. */
    public static Double percentOf(Double part, Double whole) {
        if (part == null || whole == null) {
            return null;
        }
        return whole == 0 ? 0.0 : 100.0 * part / whole;
    }

    private static double valueOf(ToDoubleFunction<AbstractHistogram> f, AbstractHistogram h) {
        return h == null || h.getTotalCount() == 0 ? 0 : f.applyAsDouble(h);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Figure f && f.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return id;
    }
}
