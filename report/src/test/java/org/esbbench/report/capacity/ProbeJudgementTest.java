package org.esbbench.report.capacity;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.RepeatRow;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.report.capacity.ProbeJudgement.Verdict.FAIL;
import static org.esbbench.report.capacity.ProbeJudgement.Verdict.GENERATOR;
import static org.esbbench.report.capacity.ProbeJudgement.Verdict.PASS;

class ProbeJudgementTest {
    private static final Objective P99_20MS = Objective.parse("p99<=20ms");

    /** A clean probe with this p99 and these flags. */
    private static RepeatRow probe(double p99, String flags) {
        Map<Figure, Double> values = new LinkedHashMap<>();
        values.put(StandardFigures.SAMPLES, 10_000.0);
        values.put(StandardFigures.P99, p99);
        values.put(StandardFigures.ERROR_PCT, 0.0);
        values.put(StandardFigures.INCORRECT_PCT, 0.0);
        return new RepeatRow(Point.open("direct", 1000, 1024, 0), 1, values, flags, "");
    }

    @Test
    void aProbeWellUnderItsBoundPasses() {
        ProbeJudgement j = ProbeJudgement.of(P99_20MS, probe(5, ""));

        assertThat(j.verdict()).isEqualTo(PASS);
        assertThat(j.marginal()).isFalse();
        assertThat(j.reasons()).isEmpty();
        assertThat(j.bound()).isEqualTo(ProbeJudgement.LATENCY);
    }

    @Test
    void aP99WellOverItsBoundFailsSayingWhy() {
        ProbeJudgement j = ProbeJudgement.of(P99_20MS, probe(50, ""));

        assertThat(j.verdict()).isEqualTo(FAIL);
        assertThat(j.marginal()).isFalse();
        assertThat(j.reasons()).isEqualTo("p99 50 ms > 20 ms");
    }

    @Test
    void errorsFailAProbeEvenWithoutAnErrorTerm() {
        RepeatRow row = probe(5, "");
        Map<Figure, Double> values = new LinkedHashMap<>(row.values());
        values.put(StandardFigures.ERROR_PCT, 0.5);

        ProbeJudgement j = ProbeJudgement.of(P99_20MS, new RepeatRow(row.point(), 1, values, "", ""));

        assertThat(j.verdict()).isEqualTo(FAIL);
        assertThat(j.reasons()).isEqualTo("errors 0.5 % > 0 %");
    }

    @Test
    void aLateGeneratorMakesTheProbeTheGeneratorsWhateverItsP99() {
        ProbeJudgement j = ProbeJudgement.of(P99_20MS, probe(50, "generator-late: 4 % of arrivals later than 5 ms"));

        assertThat(j.verdict()).isEqualTo(GENERATOR);
        assertThat(j.marginal()).isFalse();
        assertThat(j.bound()).isEqualTo(ProbeJudgement.GENERATOR);
        assertThat(j.reasons()).contains("p99 50 ms > 20 ms", "the generator was late (generator-late)");
    }

    @Test
    void aFailureWithTheGeneratorsCoresSaturatedIsTheGenerators() {
        ProbeJudgement j = ProbeJudgement.of(P99_20MS, probe(50, "generator-bound: other cores 97 % busy"));

        assertThat(j.verdict()).isEqualTo(GENERATOR);
        assertThat(j.reasons()).endsWith("the generator's cores were saturated (generator-bound)");
    }

    @Test
    void aLateGeneratorBesideASaturatedServerIsTheServersFailure() {
        // Far past the server's limit both cores are full: the server has reached its capacity whatever JMeter did.
        ProbeJudgement j = ProbeJudgement.of(P99_20MS, probe(9000, "server-bound: both at their limit; generator-late:"
                + " 30 % late; over-capacity: offered 3018/s, achieved 1163/s"));

        assertThat(j.verdict()).isEqualTo(FAIL);
        assertThat(j.bound()).isEqualTo(ProbeJudgement.SERVER_CORES);
        assertThat(j.reasons()).contains("the generator was late", "achieved short of offered");
    }

    @Test
    void aWindowWithoutSamplesIsNoPass() {
        RepeatRow empty = new RepeatRow(Point.open("direct", 1080, 1024, 0), 1, Map.of(StandardFigures.SAMPLES, 0.0,
                StandardFigures.P99, 0.0, StandardFigures.ERROR_PCT, 0.0, StandardFigures.INCORRECT_PCT, 0.0), "", "");

        ProbeJudgement j = ProbeJudgement.of(P99_20MS, empty);

        assertThat(j.verdict()).isEqualTo(FAIL);
        assertThat(j.reasons()).startsWith("no samples in its window");
    }

    @Test
    void aPassWithTheGeneratorsCoresSaturatedStillPasses() {
        assertThat(ProbeJudgement.of(P99_20MS, probe(5, "generator-bound")).verdict()).isEqualTo(PASS);
    }

    @Test
    void arrivalsThatMetTheInFlightCapFailTheProbeBoundByTheCap() {
        ProbeJudgement j = ProbeJudgement.of(P99_20MS, probe(5, "in-flight-capped: 3 % of the time"));

        assertThat(j.verdict()).isEqualTo(FAIL);
        assertThat(j.marginal()).isFalse();
        assertThat(j.bound()).isEqualTo(ProbeJudgement.IN_FLIGHT_CAP).isEqualTo("in-flight cap");
        assertThat(j.reasons()).isEqualTo("arrivals met the in-flight cap (in-flight-capped)");
    }

    @Test
    void aFailureWithTheServersCoresSaturatedIsBoundByThem() {
        ProbeJudgement j = ProbeJudgement.of(P99_20MS, probe(50, "server-bound: server cores 99 % busy; drift: p99 +30 %"));

        assertThat(j.verdict()).isEqualTo(FAIL);
        assertThat(j.bound()).isEqualTo(ProbeJudgement.SERVER_CORES).isEqualTo("server cores");
    }

    @Test
    void aLatencyFailureWithTheServersCoreBusyMostOfTheTimeIsBoundByIt() {
        // Measured: xslt at 10 KiB, 707/s, p99 50.7 ms with the server's core 70 % busy and the generator's 33 %.
        RepeatRow busy = withCores(probe(50.7, "load-bound: neither was the limit"), 70.0, 33.0);
        RepeatRow idle = withCores(probe(50.7, "load-bound: neither was the limit"), 30.0, 33.0);

        assertThat(ProbeJudgement.of(P99_20MS, busy).bound()).isEqualTo(ProbeJudgement.SERVER_CORES);
        assertThat(ProbeJudgement.of(P99_20MS, idle).bound()).isEqualTo(ProbeJudgement.LATENCY);
        assertThat(ProbeJudgement.of(P99_20MS, withCores(probe(50.7, ""), 70.0, 40.0)).bound())
                .as("not twice the generator's").isEqualTo(ProbeJudgement.LATENCY);
    }

    @Test
    void aLatencyFailureWithNoCoreBusyAndTheGeneratorStalledLongerThanTheBoundIsTheGenerators() {
        // Measured: direct at 1,752/s, p99 21.4 ms, the server's core 13 % busy, one stall of JMeter's of 79 ms.
        RepeatRow stalled = withLatenessMax(withCores(probe(21.4, "load-bound: neither was the limit"), 13.0, 26.0), 79.0);
        ProbeJudgement j = ProbeJudgement.of(P99_20MS, stalled);

        assertThat(j.verdict()).isEqualTo(GENERATOR);
        assertThat(j.bound()).isEqualTo(ProbeJudgement.GENERATOR);
        assertThat(j.reasons()).contains("the generator stalled for 79.0 ms (lateness max), longer than the objective's 20 ms");

        RepeatRow steady = withLatenessMax(withCores(probe(21.4, "load-bound: neither was the limit"), 13.0, 26.0), 8.0);
        assertThat(ProbeJudgement.of(P99_20MS, steady).verdict()).as("stalls shorter than the bound").isEqualTo(FAIL);
        RepeatRow busyServer = withLatenessMax(withCores(probe(50.7, ""), 70.0, 33.0), 79.0);
        assertThat(ProbeJudgement.of(P99_20MS, busyServer).verdict()).as("the server's cores busy: the server's")
                .isEqualTo(FAIL);
        assertThat(ProbeJudgement.of(P99_20MS, withLatenessMax(probe(5, ""), 79.0)).verdict())
                .as("a stall does not fail a probe that holds").isEqualTo(PASS);
    }

    private static RepeatRow withLatenessMax(RepeatRow row, double millis) {
        Map<Figure, Double> values = new LinkedHashMap<>(row.values());
        values.put(StandardFigures.LATENESS_MAX, millis);
        return new RepeatRow(row.point(), row.repeat(), values, row.flags(), "");
    }

    private static RepeatRow withCores(RepeatRow row, double server, double generator) {
        Map<Figure, Double> values = new LinkedHashMap<>(row.values());
        values.put(StandardFigures.SERVER_CORES_BUSY, server);
        values.put(StandardFigures.GENERATOR_CORES_BUSY, generator);
        return new RepeatRow(row.point(), row.repeat(), values, row.flags(), "");
    }

    @Test
    void fallingShortOfTheOfferedRateFails() {
        ProbeJudgement j = ProbeJudgement.of(P99_20MS, probe(5, "over-capacity: achieved 900/s of 1000/s"));

        assertThat(j.verdict()).isEqualTo(FAIL);
        assertThat(j.marginal()).isFalse();
    }

    @Test
    void aFigureWithinTheMarginOfItsBoundIsMarginalWhetherItPassesOrFails() {
        assertThat(ProbeJudgement.of(P99_20MS, probe(19, ""))).satisfies(j -> {
            assertThat(j.verdict()).isEqualTo(PASS);
            assertThat(j.marginal()).isTrue();
        });
        assertThat(ProbeJudgement.of(P99_20MS, probe(21.5, ""))).satisfies(j -> {
            assertThat(j.verdict()).isEqualTo(FAIL);
            assertThat(j.marginal()).isTrue();
        });
        assertThat(ProbeJudgement.of(P99_20MS, probe(15.5, "")).marginal()).isFalse();
        assertThat(ProbeJudgement.of(P99_20MS, probe(24.5, "")).marginal()).isFalse();
        // A near miss with the in-flight cap met on top is no noise: the cap is a fact of the probe.
        assertThat(ProbeJudgement.of(P99_20MS, probe(21.5, "in-flight-capped")).marginal()).isFalse();
    }

    @Test
    void flagKindsAreTheWordsBeforeTheirColons() {
        assertThat(ProbeJudgement.kinds("server-bound: the server ...; drift: p99 grew;  over-capacity"))
                .containsExactly("server-bound", "drift", "over-capacity");
        assertThat(ProbeJudgement.kinds("")).isEmpty();
    }
}
