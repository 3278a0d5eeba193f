package org.esbbench.maven.monitor;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MachineCpuTest {

    @Test
    void busyTimeIsUserNiceSystemIrqSoftirqAndStealInMilliseconds() {
        // user nice system idle iowait irq softirq steal guest guest_nice
        assertThat(MachineCpu.parse("cpu  100 20 30 5000 70 4 6 10 0 0").getAsLong()).isEqualTo((100 + 20 + 30 + 4 + 6 + 10) * 10);
    }

    @Test
    void anythingElseGivesNoReading() {
        assertThat(MachineCpu.parse("intr 1 2 3")).isEmpty();
        assertThat(MachineCpu.parse("cpu 1 2")).isEmpty();
    }

    @Test
    void thisMachineGivesAGrowingReading() throws InterruptedException {
        long first = MachineCpu.busyMillis().orElseThrow();
        long spinUntil = System.nanoTime() + 200_000_000L;
        double x = 0;
        while (System.nanoTime() < spinUntil) {
            x += Math.sqrt(x + 1);
        }
        assertThat(x).isPositive();
        assertThat(MachineCpu.busyMillis().orElseThrow()).isGreaterThan(first);
    }
}
