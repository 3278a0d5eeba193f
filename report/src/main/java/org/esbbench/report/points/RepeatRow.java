package org.esbbench.report.points;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.samples.LatencyTiming;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One repeat of one point, as written to a run's {@code points.csv}: the value of every figure of the catalogue
 * ({@code null}, or absent, when unknown: no CPU figures for an external server without a JMX address, a column
 * a file written before the figure existed does not have), the flags it raised and its dashboard.
 *
 * @param point     what was measured
 * @param repeat    1-based repeat number
 * @param values    figure values, in catalogue order
 * @param flags     saturation and other warnings, "; " separated, empty when none
 * @param dashboard path of the JMeter dashboard's index.html relative to the run folder, or empty
 * @param timing    how its response times were timed ({@code latency_timing}); null when unknown (a points.csv
 *                  written before it was recorded: whole milliseconds then)
 */
public record RepeatRow(Point point, int repeat, Map<Figure, Double> values, String flags, String dashboard,
                        LatencyTiming timing) {

    /** A row whose latency timing is not known. */
    public RepeatRow(Point point, int repeat, Map<Figure, Double> values, String flags, String dashboard) {
        this(point, repeat, values, flags, dashboard, null);
    }

    public RepeatRow {
        // LinkedHashMap keeps catalogue order and, unlike Map.copyOf, allows the null of an unknown figure.
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        flags = flags == null ? "" : flags;
        dashboard = dashboard == null ? "" : dashboard;
    }

    /** How its response times were timed; empty when not known. */
    public Optional<LatencyTiming> latencyTiming() {
        return Optional.ofNullable(timing);
    }

    /** The figure's value, {@code null} when unknown. */
    public Double value(Figure figure) {
        return values.get(figure);
    }

    public long samples() {
        return count(StandardFigures.SAMPLES);
    }

    public long errors() {
        return count(StandardFigures.ERRORS);
    }

    public long incorrect() {
        return count(StandardFigures.INCORRECT);
    }

    public boolean clean() {
        return errors() == 0 && incorrect() == 0;
    }

    private long count(Figure figure) {
        Double v = values.get(figure);
        return v == null ? 0 : Math.round(v);
    }

    @Override
    public boolean equals(Object o) {
        // Values compared by figure id and value; a figure absent and a figure known to be unknown are the same.
        return o instanceof RepeatRow r && r.point.equals(point) && r.repeat == repeat && r.flags.equals(flags)
                && r.dashboard.equals(dashboard) && known(r.values).equals(known(values)) && r.timing == timing;
    }

    @Override
    public int hashCode() {
        return Objects.hash(point, repeat, known(values), flags, dashboard, timing);
    }

    private static Map<Figure, Double> known(Map<Figure, Double> values) {
        Map<Figure, Double> known = new LinkedHashMap<>();
        values.forEach((f, v) -> {
            if (v != null) {
                known.put(f, v);
            }
        });
        return known;
    }
}
