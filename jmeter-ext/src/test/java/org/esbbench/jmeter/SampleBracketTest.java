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
    void setUpBeforeJMetersStartMillisecondIsCutOffAndTheStartTakenInTheMiddleOfThatMillisecond() {
        // The monitor started 130 ms before JMeter's start millisecond (the first sample's client set-up); JMeter
        // started somewhere in ms 131, before the monitor's end at 131.6: the middle of 131.0..131.6 is 131.3.
        assertThat(SampleBracket.micros(1_000_000, 131_600_000, 131, 131)).isEqualTo(300);
        // started in ms 131, ended at 134.2: the start is taken at 131.5
        assertThat(SampleBracket.micros(1_000_000, 134_200_000, 131, 134)).isEqualTo(2_700);
    }

    @Test
    void aCallsOwnOverheadBeforeJMetersStartMillisecondKeepsTheMonitorsReading() {
        // 10 µs before ms 5: the call overhead crossed a millisecond boundary; clipped to 5.000
        assertThat(SampleBracket.micros(4_990_000, 7_400_300, 5, 7)).isEqualTo(2_400);
    }

    @Test
    void aPauseAfterJMetersEndMillisecondIsCutOffAndTheEndTakenInTheMiddleOfThatMillisecond() {
        // JMeter ended somewhere in ms 12: taken at 12.5
        assertThat(SampleBracket.micros(10_500_000, 60_000_000, 10, 12)).isEqualTo(2_000);
    }

    @Test
    void whateverIsUnknownTheResultAgreesWithJMetersMillisecondsWithinOne() {
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 100_000; i++) {
            long trueStart = 1_000_000_000L + random.nextInt(50_000_000);
            long trueEnd = trueStart + random.nextInt(5_000_000);
            long monitorStart = trueStart - (random.nextBoolean() ? random.nextInt(150_000) : random.nextInt(200_000_000));
            long monitorEnd = trueEnd + (random.nextBoolean() ? random.nextInt(150_000) : random.nextInt(50_000_000));
            long elapsedMillis = trueEnd / 1_000_000 - trueStart / 1_000_000;

            long micros = SampleBracket.micros(monitorStart, monitorEnd, trueStart / 1_000_000, trueEnd / 1_000_000);

            assertThat(Math.abs(micros - elapsedMillis * 1_000)).as("sample %d", i).isLessThanOrEqualTo(1_000);
            // against the true duration: half a millisecond at an unknown end, and at the start up to a whole one
            // (set-up inside JMeter's start millisecond cannot be told from the sample) or half of one
            assertThat(Math.abs(micros - (trueEnd - trueStart) / 1_000)).as("sample %d", i).isLessThanOrEqualTo(1_500);
        }
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
