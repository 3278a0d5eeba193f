package org.esbbench.maven.cores;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ServerIdleProbeTest {

    @Test
    void theProbesFiguresAreItsWholeCpuItsJitsAndHalfTheRangeOfItsRatesNetOfJit() {
        // ns at each second: 4, 6, 5 (of which 2 compiling), 4, 5 ms of CPU
        List<long[]> readings = List.of(new long[] {0, 0}, new long[] {4_000_000, 0}, new long[] {10_000_000, 0},
                new long[] {15_000_000, 2_000_000}, new long[] {19_000_000, 2_000_000},
                new long[] {24_000_000, 2_000_000});
        double[] f = ServerIdleProbe.figures(readings);
        assertThat(f[0]).isEqualTo(24.0);
        assertThat(f[1]).isEqualTo(2.0);
        // net of JIT the rates were 4, 6, 3, 4, 5 ms/s: half of 6 - 3
        assertThat(f[2]).isEqualTo(1.5);
    }
}
