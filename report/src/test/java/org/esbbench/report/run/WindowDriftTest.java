package org.esbbench.report.run;

import org.esbbench.report.samples.Sample;
import org.esbbench.report.samples.ThroughputSeries;
import org.esbbench.report.samples.Window;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class WindowDriftTest {
    /** A third of a 60 s window: 20 s. */
    private static ThroughputSeries.Slice third(long samples, long p99) {
        return new ThroughputSeries.Slice(0, 20_000, 20_000, samples, p99);
    }

    private static WindowDrift drift(ThroughputSeries.Slice first, ThroughputSeries.Slice last, double threshold) {
        return WindowDrift.of(List.of(first, third(1000, 10), last), threshold);
    }

    @Test
    void aThroughputFallOverTheThresholdIsFlaggedWithBothThirdsFigures() {
        WindowDrift d = drift(third(24_000, 12), third(19_000, 12), 10);

        assertThat(d.judged()).isTrue();
        assertThat(d.throughputChangePercent()).isCloseTo(-20.83, org.assertj.core.data.Offset.offset(0.01));
        assertThat(d.flagged()).isTrue();
        assertThat(d.flag()).hasValue("drift: throughput 1200.0/s → 950.0/s (-20.8%), p99 12.000 → 12.000 ms (+0.0%)");
        assertThat(d.verdict()).isEqualTo("**drift**, first to last third: throughput 1200.0/s → 950.0/s (-20.8%),"
                + " p99 12.000 → 12.000 ms (+0.0%); threshold 10 %");
    }

    @Test
    void aChangeUnderTheThresholdIsSteady() {
        WindowDrift d = drift(third(20_000, 12), third(21_000, 13), 10);

        assertThat(d.flagged()).isFalse();
        assertThat(d.flag()).isEmpty();
        assertThat(d.verdict()).startsWith("steady, first to last third: throughput 1000.0/s → 1050.0/s (+5.0%), p99 12.000 → 13.000 ms");
    }

    @Test
    void exactlyAtTheThresholdIsNotFlaggedJustOverIs() {
        assertThat(drift(third(20_000, 20), third(22_000, 20), 10).flagged()).as("+10 %% throughput").isFalse();
        assertThat(drift(third(20_000, 20), third(18_000, 20), 10).flagged()).as("-10 %% throughput").isFalse();
        assertThat(drift(third(20_000, 20), third(20_000, 22), 10).flagged()).as("+10 %% p99").isFalse();
        assertThat(drift(third(20_000, 20), third(22_001, 20), 10).flagged()).as("just over").isTrue();
        assertThat(drift(third(20_000, 20), third(20_000, 23), 10).flagged()).as("p99 +15 %%").isTrue();
        assertThat(drift(third(20_000, 20), third(22_000, 20), 9.99).flagged()).as("a lower threshold").isTrue();
    }

    @Test
    void aP99ChangeOfOneMillisecondIsUnderJMetersResolution() {
        assertThat(drift(third(20_000, 2), third(20_000, 3), 10).p99Drifted()).as("2 → 3 ms: +50 %% but 1 ms").isFalse();
        assertThat(drift(third(20_000, 2), third(20_000, 4), 10).p99Drifted()).as("2 → 4 ms").isTrue();
        assertThat(drift(third(20_000, 0), third(20_000, 1), 10).flagged()).as("0 → 1 ms").isFalse();
    }

    @Test
    void thirdsTooShortOrTooThinAreNotJudged() {
        ThroughputSeries.Slice short1 = new ThroughputSeries.Slice(0, 1_333, 1_333, 5_000, 5);
        WindowDrift smoke = WindowDrift.of(List.of(short1, short1, new ThroughputSeries.Slice(2_666, 1_334, 1_334, 100, 50)), 10);
        assertThat(smoke.judged()).isFalse();
        assertThat(smoke.flagged()).as("a 4 s window whose p99 went 5 → 50 ms").isFalse();
        assertThat(smoke.verdict()).isEqualTo("drift not judged: window too short (thirds of 1.3 s with 5000 and 100"
                + " samples; each needs 10 s of load and 100 samples)");

        assertThat(drift(third(99, 10), third(50, 90), 10).judged()).as("99 samples in a third").isFalse();
        assertThat(drift(third(100, 10), third(100, 90), 10).judged()).as("100 samples each").isTrue();
        ThroughputSeries.Slice cutShort = new ThroughputSeries.Slice(40_000, 20_000, 9_999, 5_000, 10);
        assertThat(drift(third(20_000, 10), cutShort, 10).judged()).as("load covered 9.999 s of the last third").isFalse();
    }

    @Test
    void aConstantDelayOverASixtySecondWindowIsNotFlaggedAndASlowdownInItsLastThirdIs() {
        assertThat(sixtySeconds(30, 30).flagged()).as("30 ms throughout (the IT's control)").isFalse();
        assertThat(sixtySeconds(30, 30).judged()).isTrue();
        WindowDrift slowed = sixtySeconds(1, 30);
        assertThat(slowed.flagged()).as("1 ms, then 30 ms in the last third").isTrue();
        assertThat(slowed.throughputDrifted()).isTrue();
        assertThat(slowed.p99Drifted()).isTrue();
    }

    /** Two closed-model users for 60 s, each request taking {@code before} ms, then {@code after} ms from 40 s on. */
    private static WindowDrift sixtySeconds(long before, long after) {
        Window window = new Window(0, 20_000, 60_000);
        ThroughputSeries series = new ThroughputSeries(window);
        for (int user = 0; user < 2; user++) {
            long t = window.measurementStartMillis() + user;
            while (t <= window.measurementEndMillis()) {
                long elapsed = t - window.measurementStartMillis() < 40_000 ? before : after;
                series.add(new Sample(t, elapsed, "direct", "200", true, "", 100, 100, 2, 2, elapsed, 0));
                t += elapsed + 1;
            }
        }
        return WindowDrift.of(series.thirds(), AnalysisOptions.DEFAULT_DRIFT_THRESHOLD_PERCENT);
    }
}
