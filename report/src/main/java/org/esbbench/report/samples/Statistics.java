package org.esbbench.report.samples;

import java.util.Map;
import java.util.Optional;
import org.esbbench.report.arrivals.OfferedLoad;
import org.esbbench.report.arrivals.ArrivalFigures;

/**
 * Figures of the samples of one window. Response times are those of every sample in the window, failed ones
 * included, as JMeter's own reports count them, in milliseconds with the precision they were timed with: the
 * results file's {@code elapsed_us} column where a row has it, else JMeter's elapsed in whole ms
 * ({@link #latencyTiming}); count, mean, min and max are exact, percentiles come from an HdrHistogram of
 * microseconds with 3 significant digits ({@link LatencyHistogram}). Failed samples are errors or incorrect replies
 * by {@link Sample#outcomeOf(boolean, String)}, the analysis' one rule (by failure message, not response code).
 *
 * @param samples           samples that started in the window
 * @param errors            failed samples that are not incorrect replies: transport errors, checks not possible,
 *                          sampler exceptions, failures with another or no message
 * @param incorrect         failed samples whose message starts with {@code incorrect reply: }: a reply came and
 *                          was wrong
 * @param durationMillis    the window's length, or less if the run ended early (last sample's end)
 * @param failureMessages   the most frequent failure messages and their counts (at most a few)
 * @param latencyTiming     whether the response times were timed in microseconds or in whole milliseconds
 * @param arrivals          the open model's arrivals timed from their due time: their service times and lateness
 *                          (the response-time figures above are then response times from the due time); empty
 *                          for the closed model and plans without the timing
 */
public record Statistics(
        long samples,
        long errors,
        long incorrect,
        long durationMillis,
        double meanMillis,
        double stdDevMillis,
        double minMillis,
        double maxMillis,
        double p50Millis,
        double p90Millis,
        double p95Millis,
        double p99Millis,
        long bytesReceived,
        long bytesSent,
        int maxThreads,
        Map<String, Long> failureMessages,
        LatencyTiming latencyTiming,
        Optional<ArrivalFigures> arrivals) {

    /** Figures of a window without open-model arrivals timed from their due time. */
    public Statistics(long samples, long errors, long incorrect, long durationMillis, double meanMillis,
                      double stdDevMillis, double minMillis, double maxMillis, double p50Millis, double p90Millis,
                      double p95Millis, double p99Millis, long bytesReceived, long bytesSent, int maxThreads,
                      Map<String, Long> failureMessages, LatencyTiming latencyTiming) {
        this(samples, errors, incorrect, durationMillis, meanMillis, stdDevMillis, minMillis, maxMillis, p50Millis,
                p90Millis, p95Millis, p99Millis, bytesReceived, bytesSent, maxThreads, failureMessages, latencyTiming,
                Optional.empty());
    }

    /** The same figures with the arrivals judged against {@code boundMillis} ({@code -DlatenessBound}). */
    public Statistics judgedBy(double boundMillis) {
        return new Statistics(samples, errors, incorrect, durationMillis, meanMillis, stdDevMillis, minMillis,
                maxMillis, p50Millis, p90Millis, p95Millis, p99Millis, bytesReceived, bytesSent, maxThreads,
                failureMessages, latencyTiming, arrivals.map(a -> a.judgedBy(boundMillis)));
    }

    /** Figures of whole milliseconds (JMeter's elapsed only). */
    public Statistics(long samples, long errors, long incorrect, long durationMillis, double meanMillis,
                      double stdDevMillis, double minMillis, double maxMillis, double p50Millis, double p90Millis,
                      double p95Millis, double p99Millis, long bytesReceived, long bytesSent, int maxThreads,
                      Map<String, Long> failureMessages) {
        this(samples, errors, incorrect, durationMillis, meanMillis, stdDevMillis, minMillis, maxMillis, p50Millis,
                p90Millis, p95Millis, p99Millis, bytesReceived, bytesSent, maxThreads, failureMessages,
                LatencyTiming.WHOLE_MILLISECONDS);
    }

    /** Samples per second, failed ones included. */
    public double throughputPerSecond() {
        return durationMillis <= 0 ? 0 : samples * 1000.0 / durationMillis;
    }

    /**
     * Correct replies per second: the throughput the suite reports. In the open model, the correct replies that
     * ended in the window, whenever their arrival was due ({@link OfferedLoad#achievedPerSecond()}); otherwise the
     * window's samples that succeeded.
     */
    public double correctPerSecond() {
        if (arrivals.isPresent() && arrivals.get().load().windowMillis() > 0) {
            return arrivals.get().load().achievedPerSecond();
        }
        return durationMillis <= 0 ? 0 : (samples - errors - incorrect) * 1000.0 / durationMillis;
    }

    /** The same figures with the arrivals judged against the run's bound, drain (ms) and cap of requests in flight. */
    public Statistics judgedBy(double boundMillis, long drainMillis, int maxInFlight) {
        return new Statistics(samples, errors, incorrect, durationMillis, meanMillis, stdDevMillis, minMillis,
                maxMillis, p50Millis, p90Millis, p95Millis, p99Millis, bytesReceived, bytesSent, maxThreads,
                failureMessages, latencyTiming, arrivals.map(a -> a.judgedBy(boundMillis, drainMillis, maxInFlight)));
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
