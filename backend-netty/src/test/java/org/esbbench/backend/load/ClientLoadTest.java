package org.esbbench.backend.load;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ClientLoadTest {

    @Test
    void busyShareIsPerEventLoopThreadAndTheJvmsPerCore() {
        Histogram lag = new Histogram(1_000_000, 3);
        for (int i = 0; i < 99; i++) {
            lag.recordValue(100);
        }
        lag.recordValue(20_000);
        var load = new ClosedLoopHttpLoad.ClientLoad(Duration.ofSeconds(10), 2, Duration.ofSeconds(5),
                Duration.ofSeconds(7), lag);
        assertThat(load.loopBusyPercent()).isCloseTo(25.0, within(1e-9));
        assertThat(load.processPercentOfCore()).isCloseTo(70.0, within(1e-9));
        assertThat(load.lagMillis(99)).isCloseTo(0.1, within(0.001));
        assertThat(load.lagMillis(100)).isCloseTo(20.0, within(0.05));
    }
}
