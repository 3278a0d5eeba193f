package org.esbbench.report.arrivals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.esbbench.report.samples.Sample;
import org.junit.jupiter.api.Test;

/** A window's arrivals: service time and lateness figures, and how many were late against a bound. */
class ArrivalFiguresTest {
    /** An arrival's first sample: served in 500 µs, sent {@code lateMicros} after its due time. */
    private static Sample arrival(int i, long lateMicros) {
        return new Sample(100 + i, 0, "direct", "200", true, "", 0, 0, 1, 1, 0, 0, 500, lateMicros + 500, lateMicros);
    }

    @Test
    void moreThanOnePercentOfArrivalsLaterThanTheBoundFlagsTheGenerator() throws Exception {
        // 200 arrivals: 197 sent 100 µs late, 3 stalled 800 ms (1.5 %)
        ArrivalRecorder recorder = new ArrivalRecorder();
        for (int i = 0; i < 200; i++) {
            recorder.add(arrival(i, i < 3 ? 800_000 : 100));
        }
        ArrivalFigures figures = recorder.figures().orElseThrow();

        assertThat(figures.arrivals()).isEqualTo(200);
        assertThat(figures.serviceP99Millis()).isEqualTo(0.5);
        assertThat(figures.latenessP50Millis()).isEqualTo(0.1);
        assertThat(figures.latenessMaxMillis()).isEqualTo(800.0);
        assertThat(figures.late()).isEqualTo(3);
        assertThat(figures.latePercent()).isEqualTo(1.5);
        assertThat(LatenessBound.flag(figures)).hasValueSatisfying(f -> assertThat(f)
                .startsWith(LatenessBound.FLAG + ": 1.5 % of the arrivals were sent more than 10 ms after their due time"));
        // judged against a bound above the stall: none late, no flag
        assertThat(figures.judgedBy(1_000).late()).isZero();
        assertThat(LatenessBound.flag(figures.judgedBy(1_000))).isEmpty();
        // a bound below the usual lateness: every arrival is late
        assertThat(figures.judgedBy(0.05).late()).isEqualTo(200);
    }

    @Test
    void twoLateOfTwoHundredIsNotFlagged() {
        ArrivalRecorder recorder = new ArrivalRecorder();
        for (int i = 0; i < 200; i++) {
            recorder.add(arrival(i, i < 2 ? 50_000 : 100));
        }
        ArrivalFigures figures = recorder.figures().orElseThrow();

        assertThat(figures.late()).isEqualTo(2);
        assertThat(figures.generatorLate()).isFalse();
        assertThat(new ArrivalRecorder().figures()).isEmpty();
    }

    @Test
    void theBoundIsMillisecondsAboveZeroAndAtMostAMinute() {
        assertThat(LatenessBound.parse("")).isEqualTo(LatenessBound.DEFAULT_MILLIS);
        assertThat(LatenessBound.parse(" 2.5 ")).isEqualTo(2.5);
        assertThat(LatenessBound.parse("5ms")).isEqualTo(5);
        assertThat(LatenessBound.describe(0.5)).isEqualTo("0.5");
        for (String bad : List.of("0", "-1", "fast", "60001")) {
            assertThatThrownBy(() -> LatenessBound.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("-DlatenessBound=" + bad + ": give how late, in ms,");
        }
    }
}
