package org.esbbench.report.run;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DriftThresholdTest {
    @Test
    void parsesPercentsAboveZeroUpTo1000AndDefaultsTo10() {
        assertThat(DriftThreshold.parse("25")).isEqualTo(25.0);
        assertThat(DriftThreshold.parse(" 2.5% ")).isEqualTo(2.5);
        assertThat(DriftThreshold.parse("1000")).isEqualTo(1000.0);
        assertThat(DriftThreshold.parse("")).isEqualTo(10.0);
        assertThat(DriftThreshold.of(Map.of())).as("a plan written before the parameter").isEqualTo(10.0);
        assertThat(DriftThreshold.of(Map.of("driftThreshold", "15"))).isEqualTo(15.0);
        assertThat(DriftThreshold.describe(2.5)).isEqualTo("2.5");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-5", "1000.5", "ten", "NaN"})
    void refusesAnythingElseSayingWhatIsValid(String bad) {
        assertThatThrownBy(() -> DriftThreshold.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("-DdriftThreshold=" + bad + ": ")
                .hasMessageContaining("a number above 0 and at most 1000", "-DdriftThreshold=10");
    }
}
