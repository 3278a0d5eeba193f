package org.esbbench.report.run;

import org.esbbench.report.samples.Statistics;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ErrorToleranceTest {

    @Test
    void parsesAPercentFromZeroToAHundredAndDefaultsToNone() {
        assertThat(ErrorTolerance.parse("1").maxErrorPercent()).isEqualTo(1.0);
        assertThat(ErrorTolerance.parse(" 0.5 ").maxErrorPercent()).isEqualTo(0.5);
        assertThat(ErrorTolerance.parse("2%").maxErrorPercent()).isEqualTo(2.0);
        assertThat(ErrorTolerance.parse("100").maxErrorPercent()).isEqualTo(100.0);
        assertThat(ErrorTolerance.parse("")).isEqualTo(ErrorTolerance.NONE);
        assertThat(ErrorTolerance.parse(null)).isEqualTo(ErrorTolerance.NONE);
        assertThat(ErrorTolerance.of(Map.of())).isEqualTo(ErrorTolerance.NONE);
        assertThat(ErrorTolerance.of(Map.of("maxErrorPercent", "3")).describe()).isEqualTo("3");
        assertThat(ErrorTolerance.parse("0.25").describe()).isEqualTo("0.25");
    }

    @Test
    void refusesWhatIsNoPercentSayingWhatIsValid() {
        for (String bad : new String[]{"abc", "-1", "100.5", "NaN", "1,5"}) {
            assertThatThrownBy(() -> ErrorTolerance.parse(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("-DmaxErrorPercent=" + bad + ": ")
                    .hasMessageContaining("a number from 0 to 100")
                    .hasMessageContaining("Incorrect replies always fail it");
        }
    }

    @Test
    void errorsAtOrUnderTheThresholdAreToleratedOverItNot() {
        ErrorTolerance one = new ErrorTolerance(1);
        assertThat(one.tolerated(window(1000, 10, 0))).isTrue();
        assertThat(one.crossed(window(1000, 10, 0))).isFalse();
        assertThat(one.crossed(window(1000, 11, 0))).isTrue();
        assertThat(one.tolerated(window(1000, 0, 0))).isFalse();
        assertThat(ErrorTolerance.NONE.crossed(window(1000, 1, 0))).isTrue();
    }

    @Test
    void incorrectRepliesFailWhateverTheThreshold() {
        ErrorTolerance all = new ErrorTolerance(100);
        assertThat(ScenarioRunAnalyser.failureOf("direct_u1_s1024_d0_r1", window(1000, 0, 1), all))
                .hasValueSatisfying(f -> assertThat(f).startsWith("direct_u1_s1024_d0_r1: 0 errors and 1 incorrect replies"));
        assertThat(ScenarioRunAnalyser.toleratedErrors(window(1000, 5, 1), all)).isEmpty();
        assertThat(ScenarioRunAnalyser.failureOf("x", window(1000, 5, 0), all)).isEmpty();
        assertThat(ScenarioRunAnalyser.toleratedErrors(window(1000, 5, 0), all))
                .hasValue("5 errors of 1000 samples (error 0.50 %) tolerated: at or under -DmaxErrorPercent=100"
                        + " (most frequent: 5 × `transport error: 502`)");
    }

    private static Statistics window(long samples, long errors, long incorrect) {
        return new Statistics(samples, errors, incorrect, 10_000, 5, 1, 1, 10, 5, 8, 9, 10, 0, 0, 1,
                errors > 0 ? Map.of("transport error: 502", errors) : Map.of());
    }
}
