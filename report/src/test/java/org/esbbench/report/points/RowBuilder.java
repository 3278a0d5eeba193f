package org.esbbench.report.points;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.samples.LatencyTiming;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.esbbench.report.figures.StandardFigures.ERRORS;
import static org.esbbench.report.figures.StandardFigures.ERROR_PCT;
import static org.esbbench.report.figures.StandardFigures.INCORRECT;
import static org.esbbench.report.figures.StandardFigures.INCORRECT_PCT;
import static org.esbbench.report.figures.StandardFigures.SAMPLES;

/** Builds a {@link RepeatRow} for tests, figure by figure; error % and incorrect % follow from the counts. */
public final class RowBuilder {
    private final Point point;
    private final int repeat;
    private final Map<Figure, Double> values = new LinkedHashMap<>();
    private String flags = "";
    private String dashboard = "";
    private LatencyTiming timing;

    private RowBuilder(Point point, int repeat) {
        this.point = point;
        this.repeat = repeat;
    }

    public static RowBuilder row(Point point, int repeat) {
        return new RowBuilder(point, repeat);
    }

    public RowBuilder set(Figure figure, Double value) {
        values.put(figure, value);
        return this;
    }

    /** Samples, errors and incorrect replies, with their percentages. */
    public RowBuilder counts(long samples, long errors, long incorrect) {
        values.put(SAMPLES, (double) samples);
        values.put(ERRORS, (double) errors);
        values.put(INCORRECT, (double) incorrect);
        values.put(ERROR_PCT, Figure.percentOf((double) errors, (double) samples));
        values.put(INCORRECT_PCT, Figure.percentOf((double) incorrect, (double) samples));
        return this;
    }

    public RowBuilder flags(String text) {
        this.flags = text;
        return this;
    }

    public RowBuilder dashboard(String path) {
        this.dashboard = path;
        return this;
    }

    public RowBuilder timing(LatencyTiming latencyTiming) {
        this.timing = latencyTiming;
        return this;
    }

    public RepeatRow build() {
        return new RepeatRow(point, repeat, values, flags, dashboard, timing);
    }
}
