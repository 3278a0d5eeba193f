package org.esbbench.report.figures;

import org.esbbench.report.points.Spread;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.esbbench.report.figures.StandardFigures.*;

class FigureTest {
    @Test
    void eachKindOfFigureHasItsDisplayPrecision() {
        assertThat(ERROR_PCT.format(1.23456)).isEqualTo("1.23");
        assertThat(INCORRECT_PCT.format(0.0)).isEqualTo("0.00");
        assertThat(MEAN.format(0.96512)).isEqualTo("0.965");
        assertThat(THROUGHPUT.format(1927.875)).isEqualTo("1927.9");
        assertThat(SAMPLES.format(15423.0)).isEqualTo("15423");
        assertThat(CPU_PER_MESSAGE.format(450.2249)).isEqualTo("450.2");
        assertThat(SERVER_CPU.format(41.789)).isEqualTo("41.8");
        assertThat(GC_THROUGHPUT.format(99.35)).isEqualTo("99.35");
        assertThat(HEAP_AFTER_FULL_GC.format(23.14)).isEqualTo("23.1");
    }

    @Test
    void aDisplayNeverShowsMoreDecimalsThanTheFigureIsRecordedWith() {
        // percentiles are recorded to the microsecond: shown with 3 decimals, whole milliseconds too
        assertThat(P99.decimals()).isEqualTo(3);
        assertThat(P99.shownDecimals()).isEqualTo(3);
        assertThat(P99.format(6.0)).isEqualTo("6.000");
        Figure coarse = Figure.median("coarse_ms", "coarse", "ms", 0, m -> 0.0).shown(3);
        assertThat(coarse.shownDecimals()).isZero();
        assertThat(coarse.format(6.0)).isEqualTo("6");
        Figure fine = Figure.median("fine_ms", "fine", "ms", 6, m -> 0.0).shown(3);
        assertThat(fine.shownDecimals()).isEqualTo(3);
        assertThat(fine.format(1.2345678)).isEqualTo("1.235");
        assertThatThrownBy(() -> fine.shown(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRareFailureNeverShowsAsNone() {
        // one failure in ten million samples
        assertThat(ERROR_PCT.format(Figure.percentOf(1.0, 10_000_000.0))).isEqualTo("0.00001");
        assertThat(ERROR_PCT.format(0.0123)).isEqualTo("0.01");
        assertThat(ERROR_PCT.format(0.004)).isEqualTo("0.004");
        assertThat(ERROR_PCT.format(0.005)).isEqualTo("0.01");
    }

    @Test
    void theSpreadFollowsTheDisplayPrecision() {
        assertThat(THROUGHPUT.format(Spread.of(1647.0, 2208.75))).isEqualTo("1927.9 [1647.0–2208.8]");
        assertThat(ERROR_PCT.format(new Spread(0.3, 0, 3, 2))).isEqualTo("0.30 [0.00–3.00]");
        assertThat(ERROR_PCT.format(new Spread(0, 0, 0, 2))).isEqualTo("0.00 [0.00–0.00]");
        assertThat(THROUGHPUT.format(Spread.of(100.0))).as("one repeat").isEqualTo("100.0");
        assertThat(SAMPLES.format(new Spread(6000, 3000, 3000, 2))).as("a total has no spread").isEqualTo("6000");
    }

    @Test
    void theBriefFormLeavesOutASpreadThatShowsNothing() {
        assertThat(ERROR_PCT.formatBrief(new Spread(0, 0, 0, 2))).isEqualTo("0.00");
        assertThat(GC_THROUGHPUT.formatBrief(new Spread(100, 99.999, 100, 2))).as("the same at 2 decimals")
                .isEqualTo("100.00");
        assertThat(ERROR_PCT.formatBrief(new Spread(0.3, 0, 3, 2))).isEqualTo("0.30 [0.00–3.00]");
        assertThat(THROUGHPUT.formatBrief(Spread.of(100.0))).isEqualTo("100.0");
        assertThat(THROUGHPUT.formatBrief(null)).isEmpty();
    }

    @Test
    void filesForToolsKeepTheRecordedPrecisionWithoutTrailingZeros() {
        assertThat(ERROR_PCT.recorded(0.0)).isEqualTo("0");
        assertThat(ERROR_PCT.recorded(1.0 / 60)).isEqualTo("0.016667");
        assertThat(ERROR_PCT.recorded(0.00001)).isEqualTo("0.00001");
        assertThat(THROUGHPUT.recorded(1050.0)).isEqualTo("1050");
        assertThat(THROUGHPUT.recorded(1927.875)).isEqualTo("1927.88");
        assertThat(GC_THROUGHPUT.recorded(99.35)).isEqualTo("99.35");
        assertThat(MEAN.recorded(-0.0000001)).isEqualTo("0");
        assertThat(THROUGHPUT.recorded(null)).isEmpty();
    }

    @Test
    void theHeadlineIsASelectionOfTheCatalogueAndTheRestFollows() {
        Figures figures = Figures.standard();

        assertThat(figures.headline()).containsExactly(OFFERED, THROUGHPUT, MEAN, P50, P99, P99_9, ERROR_PCT, INCORRECT_PCT,
                CPU_PER_MESSAGE);
        assertThat(figures.rest()).doesNotContainAnyElementsOf(figures.headline()).contains(SAMPLES, STDDEV, P90, MACHINE_CPU);
        assertThat(figures.rest().size() + figures.headline().size()).isEqualTo(figures.all().size());

        Figure extra = Figure.median("received_kib_per_s", "received", "KiB/s", 1, m -> 0.0);
        assertThat(figures.with(extra).headline()).isEqualTo(figures.headline());
        assertThat(figures.withHeadline(extra).headline()).endsWith(extra);
        assertThat(figures.withHeadline(extra).all()).endsWith(extra);
        assertThat(List.copyOf(figures.with(extra).rest())).endsWith(extra);
    }
}
