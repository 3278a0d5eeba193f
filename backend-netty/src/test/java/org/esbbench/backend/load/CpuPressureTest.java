package org.esbbench.backend.load;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CpuPressureTest {

    @Test
    void readsTheCumulativeStallOfTheSomeLine() {
        assertThat(CpuPressure.parseSomeTotal(List.of(
                "some avg10=95.93 avg60=90.67 avg300=79.41 total=15537191559",
                "full avg10=1.00 avg60=0.00 avg300=0.00 total=7"))).isEqualTo(15_537_191_559L);
    }

    @Test
    void isMinusOneWithoutIt() {
        assertThat(CpuPressure.parseSomeTotal(List.of("full avg10=1.00 avg60=0.00 avg300=0.00 total=0"))).isEqualTo(-1);
    }

    @Test
    void measuresAShareOfTheInterval() throws Exception {
        double percent = CpuPressure.measurePercent(Duration.ofMillis(200));
        assertThat(Double.isNaN(percent) || (percent >= 0 && percent <= 100)).as("%s", percent).isTrue();
    }
}
