package org.esbbench.report;

import java.util.Map;

/**
 * Figures of the samples of one window. Response times are JMeter's elapsed times (ms) of every sample in the
 * window, failed ones included, as JMeter's own reports count them; count, mean, min and max are exact,
 * percentiles come from an HdrHistogram with 3 significant digits.
 *
 * @param samples           samples that started in the window
 * @param errors            failed samples without a usable reply (connect/timeout/non-2xx)
 * @param incorrect         2xx replies that failed verification
 * @param durationMillis    the window's length, or less if the run ended early (last sample's end)
 * @param failureMessages   the most frequent failure messages and their counts (at most a few)
 */
public record Statistics(
        long samples,
        long errors,
        long incorrect,
        long durationMillis,
        double meanMillis,
        double stdDevMillis,
        long minMillis,
        long maxMillis,
        long p50Millis,
        long p90Millis,
        long p95Millis,
        long p99Millis,
        long bytesReceived,
        long bytesSent,
        int maxThreads,
        Map<String, Long> failureMessages) {

    public double throughputPerSecond() {
        return durationMillis <= 0 ? 0 : samples * 1000.0 / durationMillis;
    }

    public double errorPercent() {
        return samples == 0 ? 0 : 100.0 * errors / samples;
    }

    public double incorrectPercent() {
        return samples == 0 ? 0 : 100.0 * incorrect / samples;
    }

    public boolean clean() {
        return errors == 0 && incorrect == 0;
    }
}
