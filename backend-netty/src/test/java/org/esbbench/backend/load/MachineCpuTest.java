package org.esbbench.backend.load;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class MachineCpuTest {

    @Test
    void countsEverythingButIdleAndIowaitAsBusy() {
        MachineCpu cpu = MachineCpu.parse(List.of(
                "cpu  100 5 50 800 40 3 2 0 7 0",
                "cpu0 50 2 25 400 20 1 1 0 0 0"));
        assertThat(cpu.totalTicks()).isEqualTo(1000);
        assertThat(cpu.busyTicks()).isEqualTo(160);
        assertThat(cpu.taskTicks()).as("user, nice, system, steal").isEqualTo(155);
    }

    @Test
    void busyShareOfAnInterval() {
        MachineCpu before = new MachineCpu(100, 1000, 90);
        MachineCpu after = new MachineCpu(250, 1200, 230);
        assertThat(after.busyPercentSince(before)).isCloseTo(75.0, within(1e-9));
        assertThat(after.busyPercentSince(null)).isNaN();
        assertThat(after.taskTimeSince(before)).as("140 ticks of 10 ms").isEqualTo(Duration.ofMillis(1400));
    }

    @Test
    void saysSoWithoutTheAggregateLine() {
        assertThatThrownBy(() -> MachineCpu.parse(List.of("intr 5"))).hasMessageContaining("'cpu' line");
    }
}
