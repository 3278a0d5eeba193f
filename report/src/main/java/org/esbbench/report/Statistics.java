package org.esbbench.report;

import java.util.Map;

/**
 * Figures of the samples of one window. Response times are JMeter's elapsed times (ms) of every sample in the
 * window, failed ones included, as JMeter's own reports count them; count, mean, min and max are exact,
 * percentiles come from an HdrHistogram with 3 significant digits. Failed samples are errors or incorrect replies
 * by {@link Sample#outcomeOf(boolean, String)}, the analysis' one rule (by failure message, not response code).
 *
 * @param samples           samples that started in the window
 * @param errors            failed samples that are not incorrect replies: transport errors, checks not possible,
 *                          sampler exceptions, failures with another or no message
 * @param incorrect         failed samples whose message starts with {@code incorrect reply: }: a reply came and
 *                          was wrong
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

    /** Errors, percent of the window's samples (0 without samples). */
    public double errorPercent() {
        return samples == 0 ? 0 : 100.0 * errors / samples;
    }

    /** Incorrect replies, percent of the window's samples (0 without samples). */
    public double incorrectPercent() {
        return samples == 0 ? 0 : 100.0 * incorrect / samples;
    }

    public boolean clean() {
        return errors == 0 && incorrect == 0;
    }
}
