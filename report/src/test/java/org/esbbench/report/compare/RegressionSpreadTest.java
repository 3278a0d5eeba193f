package org.esbbench.report.compare;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.index.RunFolderFixture;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.esbbench.report.figures.StandardFigures.CPU_PER_MESSAGE;
import static org.esbbench.report.figures.StandardFigures.ERROR_PCT;
import static org.esbbench.report.figures.StandardFigures.MEAN;
import static org.esbbench.report.figures.StandardFigures.P99;
import static org.esbbench.report.figures.StandardFigures.THROUGHPUT;

/** The regression check's spread rule and its per-figure tolerance ({@code -DbaselineTolerance}). */
class RegressionSpreadTest {
    private static final String FLAG = "-DbaselineTolerance";

    @TempDir
    Path dir;

    private final Point direct = new Point("direct", 10, 1024, 0);
    private final Figures figures = Figures.standard();
    private final RegressionCheck defaults = RegressionCheck.parse(null, figures, FLAG);

    private ComparedRun run(RunFolderFixture fixture) throws IOException {
        return ComparedRun.load(fixture.write(), null);
    }

    private RunFolderFixture fixture(String name) {
        return new RunFolderFixture(dir.resolve(name), name);
    }

    @Test
    void aChangeBeyondTheToleranceWithinOverlappingRepeatRangesPassesAndIsReportedAsWithinSpread() throws IOException {
        // throughput median 1000 -> 850 (-15 %, beyond 10 %), but [800, 1200] and [700, 1100] overlap
        RegressionResult r = defaults.check(run(fixture("base").point(direct, 100, 1000, 800, 1200)),
                run(fixture("cand").point(direct, 100, 850, 700, 1100)));

        assertThat(r.passed()).isTrue();
        assertThat(r.failureMessages()).isEmpty();
        PointCheck check = r.checks().get(0);
        assertThat(check.passed()).isTrue();
        assertThat(check.failures()).isEmpty();
        assertThat(check.change(THROUGHPUT)).isCloseTo(-15, within(1e-9));
        assertThat(check.withinSpread()).containsExactly("throughput dropped 15.0% (1000.0 msgs/s -> 850.0 msgs/s),"
                + " more than the allowed 10%, but within the runs' spread (800.0–1200.0 against 700.0–1100.0 over the"
                + " repeats)");
        assertThat(r.report()).startsWith("OK: ")
                .contains("| direct_u10_s1024_d0 | 1000.0 -> 850.0 | -15.0% |", "| ok (within spread) |",
                        "Within spread, not failed: direct_u10_s1024_d0: throughput dropped 15.0%");
    }

    @Test
    void theSameChangeWithRepeatRangesThatDoNotOverlapFails() throws IOException {
        // the same medians (1000 -> 850), the repeats tight: [990, 1010] against [840, 860]
        RegressionResult r = defaults.check(run(fixture("base").point(direct, 100, 1000, 990, 1010)),
                run(fixture("cand").point(direct, 100, 850, 840, 860)));

        assertThat(r.passed()).isFalse();
        PointCheck check = r.checks().get(0);
        assertThat(check.withinSpread()).isEmpty();
        assertThat(check.failures()).containsExactly(
                "throughput dropped 15.0% (1000.0 msgs/s -> 850.0 msgs/s), more than the allowed 10%");
        assertThat(r.report()).startsWith("REGRESSION: ").contains("| FAIL |").doesNotContain("Within spread");
    }

    @Test
    void rangesThatOnlyTouchStillOverlap() throws IOException {
        RegressionResult r = defaults.check(run(fixture("base").point(direct, 100, 1000, 900, 1100)),
                run(fixture("cand").point(direct, 100, 850, 800, 900)));

        assertThat(r.passed()).isTrue();
        assertThat(r.checks().get(0).withinSpread()).hasSize(1);
    }

    @Test
    void withOneRepeatEachTheToleranceAloneDecides() throws IOException {
        RegressionResult r = defaults.check(run(fixture("base").point(direct, 100, 1000)),
                run(fixture("cand").point(direct, 100, 850)));

        assertThat(r.passed()).isFalse();
        assertThat(r.checks().get(0).withinSpread()).isEmpty();
        assertThat(r.failureMessages()).singleElement().asString().contains("throughput dropped 15.0%");
    }

    @Test
    void oneRepeatAgainstSeveralIsJudgedByTheirRanges() throws IOException {
        // the baseline's single 1000 lies within the candidate's [700, 1100]
        RegressionResult overlapping = defaults.check(run(fixture("base").point(direct, 100, 1000)),
                run(fixture("cand").point(direct, 100, 850, 700, 1100)));
        // ... and outside [840, 860]
        RegressionResult apart = defaults.check(run(fixture("base2").point(direct, 100, 1000)),
                run(fixture("cand2").point(direct, 100, 850, 840, 860)));

        assertThat(overlapping.passed()).isTrue();
        assertThat(overlapping.checks().get(0).withinSpread()).hasSize(1);
        assertThat(apart.passed()).isFalse();
    }

    @Test
    void aChangeWithinTheToleranceIsNeitherFailedNorReportedWhateverTheSpread() throws IOException {
        RegressionResult r = defaults.check(run(fixture("base").point(direct, 100, 1000, 990, 1010)),
                run(fixture("cand").point(direct, 100, 950, 940, 960)));

        assertThat(r.passed()).isTrue();
        assertThat(r.checks().get(0).withinSpread()).isEmpty();
        assertThat(r.report()).contains("| ok |").doesNotContain("within spread");
    }

    @Test
    void onlyTheFiguresOfTheToleranceAreJudged() throws IOException {
        // throughput halves, p99 doubles, mean (p99 / 2 in the fixture) doubles: only the mean is judged
        RegressionCheck meanOnly = RegressionCheck.parse("mean_ms:10", figures, FLAG);
        RegressionResult r = meanOnly.check(run(fixture("base").point(direct, 100, 1000)),
                run(fixture("cand").point(direct, 200, 500)));

        assertThat(meanOnly.figures()).containsExactly(MEAN);
        assertThat(r.failureMessages()).containsExactly(
                "FAIL direct_u10_s1024_d0: mean grew 100.0% (50.000 ms -> 100.000 ms), more than the allowed 10%");
        assertThat(r.checks().get(0).change(THROUGHPUT)).isNull();
        assertThat(r.report()).contains("mean growth <= 10%").doesNotContain("throughput drop");
    }

    @Test
    void parsesAToleranceIntoCatalogueOrderWithPercentSignsAndWhiteSpace() {
        RegressionCheck check = RegressionCheck.parse(" cpu_us_per_msg : 5 , p99_ms:20% ,throughput_per_s:7.5", figures, FLAG);

        assertThat(check.tolerance()).containsExactly(Map.entry(THROUGHPUT, 7.5), Map.entry(P99, 20.0),
                Map.entry(CPU_PER_MESSAGE, 5.0));
        assertThat(check.figures()).containsExactly(THROUGHPUT, P99, CPU_PER_MESSAGE);
        assertThat(check.limit(P99)).isEqualTo(20);
        assertThat(check.describe()).isEqualTo("throughput drop <= 7.5%, p99 growth <= 20%, CPU per msg growth <= 5%");
    }

    @Test
    void aBlankToleranceIsTheDefaultsOfTheConstructor() {
        RegressionCheck byDefault = RegressionCheck.parse("  ", figures, FLAG);

        assertThat(byDefault).isEqualTo(new RegressionCheck(RegressionCheck.DEFAULT_MAX_THROUGHPUT_DROP_PERCENT,
                RegressionCheck.DEFAULT_MAX_P99_GROWTH_PERCENT));
        assertThat(byDefault.tolerance()).containsExactly(Map.entry(THROUGHPUT, 10.0), Map.entry(P99, 20.0));
        assertThat(RegressionCheck.parse(null, figures, FLAG)).isEqualTo(byDefault);
        assertThat(byDefault.describe()).isEqualTo("throughput drop <= 10%, p99 growth <= 20%");
    }

    @Test
    void anUnknownFigureIsRefusedListingTheFiguresABaselineCanJudge() {
        String judgeable = String.join(", ", figures.all().stream().filter(f -> f.better().isPresent())
                .map(Figure::id).toList());

        assertThat(judgeable).contains("throughput_per_s", "p99_ms", "mean_ms").doesNotContain("error_pct");
        assertThatThrownBy(() -> RegressionCheck.parse("throughput_per_s:10,p98_ms:20", figures, FLAG))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(FLAG + ": 'p98_ms:20': no figure p98_ms; the figures a baseline can judge: " + judgeable);
    }

    @Test
    void aFigureWithoutABetterDirectionIsRefused() {
        assertThatThrownBy(() -> RegressionCheck.parse("error_pct:10", figures, "--baseline-tolerance"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--baseline-tolerance: 'error_pct:10': error_pct has no better direction"
                        + " (higher or lower) to judge a change by; the figures a baseline can judge: ")
                .hasMessageContaining("p99_ms");
    }

    @Test
    void aNegativeOrMissingPercentIsRefused() {
        assertThatThrownBy(() -> RegressionCheck.parse("p99_ms:-5", figures, FLAG))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(FLAG + ": 'p99_ms:-5': the allowed change must be a percentage of 0 or more (e.g. p99_ms:10)");
        for (String bad : new String[]{"p99_ms:", "p99_ms:lots", "p99_ms:NaN", "p99_ms:Infinity"}) {
            assertThatThrownBy(() -> RegressionCheck.parse(bad, figures, FLAG)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "': the allowed change must be a percentage of 0 or more");
        }
        assertThatThrownBy(() -> RegressionCheck.parse("p99_ms 20", figures, FLAG))
                .hasMessageContaining("'p99_ms 20' is not FIGURE:PERCENT");
        assertThatThrownBy(() -> RegressionCheck.parse(" , ", figures, FLAG)).hasMessageContaining("no figure given");
        assertThat(RegressionCheck.parse("p99_ms:0", figures, FLAG).limit(P99)).isZero();
    }

    @Test
    void theRecordRefusesAnEmptyToleranceAndAFigureWithoutDirection() {
        assertThatThrownBy(() -> new RegressionCheck(Map.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RegressionCheck(Map.of(ERROR_PCT, 10.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("error_pct");
        assertThatThrownBy(() -> new RegressionCheck(Map.of(P99, -1.0))).isInstanceOf(IllegalArgumentException.class);
    }
}
