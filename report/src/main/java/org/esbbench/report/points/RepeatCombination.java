package org.esbbench.report.points;

import org.HdrHistogram.AbstractHistogram;
import org.esbbench.report.figures.Figure;

import java.util.List;
import java.util.Objects;

/** Combines one figure over a point's repeats as the figure's {@link org.esbbench.report.figures.Combination} says. */
final class RepeatCombination {
    private RepeatCombination() {
    }

    /**
     * @param merged the merged histogram of all repeats, {@code null} when not every repeat's is known
     * @return the point's value with the lowest and highest of the repeats, {@code null} when no repeat knows it
     */
    static Spread combine(Figure figure, List<RepeatRow> repeats, AbstractHistogram merged) {
        Spread repeatsSpread = Spread.of(repeats.stream().map(r -> r.value(figure)).toList());
        if (repeatsSpread == null) {
            return null;
        }
        return switch (figure.combination()) {
            case MEDIAN -> repeatsSpread;
            case TOTAL -> repeatsSpread.withValue(sum(figure, repeats));
            case PERCENT -> {
                Figure part = figure.part().orElseThrow();
                Figure whole = figure.whole().orElseThrow();
                Double percent = Figure.percentOf(sum(part, repeats), sum(whole, repeats));
                yield percent == null ? repeatsSpread : repeatsSpread.withValue(percent);
            }
            case MERGED_HISTOGRAM -> merged == null ? repeatsSpread : repeatsSpread.withValue(figure.fromHistogram(merged));
        };
    }

    private static Double sum(Figure figure, List<RepeatRow> repeats) {
        List<Double> values = repeats.stream().map(r -> r.value(figure)).filter(Objects::nonNull).toList();
        return values.isEmpty() ? null : values.stream().mapToDouble(Double::doubleValue).sum();
    }
}
