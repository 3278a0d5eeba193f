package org.esbbench.report.capacity;

import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ConfirmationWindowTest {

    private static RunParametersFile plan(Map<String, String> parameters) {
        return new RunParametersFile("run", "reference", Instant.EPOCH, parameters, List.of(),
                List.of(Point.open("direct", 1, 1024, 0)), 1, 30, 120, "", Map.of());
    }

    @Test
    void theProbesWarmUpAndTheRunsMeasurementWindow() {
        assertThat(ConfirmationWindow.of(plan(Map.of()))).isEqualTo(new ConfirmationWindow(
                CapacitySettings.PROBE_WARMUP_SECONDS * 1000, 120_000));
    }
}
