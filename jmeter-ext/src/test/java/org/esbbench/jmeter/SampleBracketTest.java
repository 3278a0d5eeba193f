package org.esbbench.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SampleBracketTest {

    @Test
    void aBracketInsideJMetersMillisecondsIsKeptAsItIs() {
        // Monitor 5.000200 ms .. 7.400300 ms; JMeter started in ms 5 and ended in ms 7.
        assertThat(SampleBracket.micros(5_000_200, 7_400_300, 5, 7)).isEqualTo(2_400);
    }

    @Test
    void setUpBeforeJMetersStartMillisecondIsCutOff() {
        // The monitor started 130 ms before JMeter's start millisecond (the first sample's client set-up).
        assertThat(SampleBracket.micros(1_000_000, 131_600_000, 131, 131)).isEqualTo(600);
    }

    @Test
    void aPauseAfterJMetersEndMillisecondIsCutOff() {
        assertThat(SampleBracket.micros(10_500_000, 60_000_000, 10, 12)).isEqualTo(2_499);
    }

    @Test
    void millisecondsFollowJavasTruncatingDivisionOfNegativeNanoTimes() {
        assertThat(SampleBracket.firstNanoOf(3)).isEqualTo(3_000_000);
        assertThat(SampleBracket.lastNanoOf(3)).isEqualTo(3_999_999);
        assertThat(SampleBracket.firstNanoOf(0)).isEqualTo(-999_999);
        assertThat(SampleBracket.lastNanoOf(0)).isEqualTo(999_999);
        assertThat(SampleBracket.firstNanoOf(-2)).isEqualTo(-2_999_999);
        assertThat(SampleBracket.lastNanoOf(-2)).isEqualTo(-2_000_000);
        for (long milli : new long[] {-3, -1, 0, 1, 4}) {
            assertThat(SampleBracket.firstNanoOf(milli) / 1_000_000).isEqualTo(milli);
            assertThat(SampleBracket.lastNanoOf(milli) / 1_000_000).isEqualTo(milli);
            assertThat((SampleBracket.firstNanoOf(milli) - 1) / 1_000_000).isNotEqualTo(milli);
            assertThat((SampleBracket.lastNanoOf(milli) + 1) / 1_000_000).isNotEqualTo(milli);
        }
    }

    @Test
    void clocksThatDoNotOverlapLeaveTheMonitorsOwnReading() {
        assertThat(SampleBracket.micros(5_000_000, 6_000_000, 900, 901)).isEqualTo(1_000);
    }
}
