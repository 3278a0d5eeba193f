package org.esbbench.report.chart;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TickFormatTest {

    @Test
    void percentileTicksAreTheNinesOfTheHdrHistogramPlots() {
        TickFormat.Percentile format = new TickFormat.Percentile();

        assertThat(format.format(0)).isEqualTo("0%");
        assertThat(format.format(1)).isEqualTo("90%");
        assertThat(format.format(2)).isEqualTo("99%");
        assertThat(format.format(3)).isEqualTo("99.9%");
        assertThat(format.format(5)).isEqualTo("99.999%");
    }

    @Test
    void percentilePositionIsTheDecadeOfOneOverOneMinusP() {
        assertThat(TickFormat.Percentile.position(0)).isEqualTo(0.0);
        assertThat(TickFormat.Percentile.position(50)).isCloseTo(Math.log10(2), within(1e-12));
        assertThat(TickFormat.Percentile.position(99.9)).isCloseTo(3, within(1e-9));
        assertThat(TickFormat.Percentile.percentile(TickFormat.Percentile.position(99.25))).isCloseTo(99.25, within(1e-9));
    }

    @Test
    void powerOfTwoTicksPrintWholeUsersCounts() {
        TickFormat.PowerOfTwo format = new TickFormat.PowerOfTwo();

        assertThat(format.format(0)).isEqualTo("1");
        assertThat(format.format(TickFormat.PowerOfTwo.position(64))).isEqualTo("64");
        assertThat(format.format(11)).isEqualTo("2,048");
    }
}
