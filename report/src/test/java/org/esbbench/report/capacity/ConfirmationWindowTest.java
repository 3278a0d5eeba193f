package org.esbbench.report.capacity;

import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfirmationWindowTest {

    private static RunParametersFile plan(Map<String, String> parameters) {
        return new RunParametersFile("run", "reference", Instant.EPOCH, parameters, List.of(),
                List.of(Point.open("direct", 1, 1024, 0)), 1, 30, 120, "", Map.of());
    }

    @Test
    void theProbesWarmUpAndTheRunsMeasurementWindow() {
        assertThat(ConfirmationWindow.of(plan(Map.of("capacityProbeWarmup", "5"))))
                .isEqualTo(new ConfirmationWindow(5_000, 120_000));
    }

    @Test
    void threeSecondsOfWarmUpWhenNotRecordedNotTheRunsOwn() {
        assertThat(ConfirmationWindow.of(plan(Map.of()))).isEqualTo(new ConfirmationWindow(3_000, 120_000));
    }

    @Test
    void aWarmUpThatIsNoWholeNumberOfSecondsIsRefused() {
        assertThatThrownBy(() -> ConfirmationWindow.of(plan(Map.of("capacityProbeWarmup", "2.5"))))
                .hasMessageContaining("-DcapacityProbeWarmup=2.5: a probe's warm-up in whole seconds");
        assertThatThrownBy(() -> ConfirmationWindow.of(plan(Map.of("capacityProbeWarmup", "-1"))))
                .hasMessageContaining("-DcapacityProbeWarmup=-1");
    }
}
