package org.esbbench.report.samples;

import org.HdrHistogram.Histogram;
import org.esbbench.report.arrivals.ArrivalRecorder;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Adds samples one at a time in constant memory (a histogram and a few sums) and yields {@link Statistics}. Failed
 * samples are counted as errors or incorrect replies by {@link Sample#outcome()}, the analysis' one rule. Response
 * times are each sample's {@link Sample#responseMicros()}: microseconds when the file has them, else JMeter's whole
 * milliseconds; sums are kept in microseconds, so a mean of whole milliseconds is the same as summed in ms.
 */
final class StatisticsAccumulator {
    /** Distinct failure messages kept; past this, new ones are counted under one "other" entry. */
    private static final int MAX_MESSAGES = 50;
    private static final String OTHER = "(other messages)";

    private final LatencyRecorder latency = new LatencyRecorder();
    private final ArrivalRecorder arrivals;
    private final Map<String, Long> failureMessages = new HashMap<>();
    /** Whether the file has JMeter's failureMessage column; without it a failed sample's key says so. */
    private final boolean failureMessageColumn;
    private long samples;
    private long errors;
    private long incorrect;
    /** Microseconds: exact for any window (2^63 µs is some 290 000 years). */
    private long sum;
    /** Milliseconds squared, as a double. */
    private double sumOfSquares;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private long bytesReceived;
    private long bytesSent;
    private int maxThreads;

    /** @param failureMessageColumn whether the results file has JMeter's failureMessage column */
    StatisticsAccumulator(boolean failureMessageColumn) {
        this(failureMessageColumn, 0, 0);
    }

    /**
     * @param failureMessageColumn whether the results file has JMeter's failureMessage column
     * @param windowStartMillis    the window's start (epoch ms), for its arrivals' figures
     * @param windowMillis         its length
     */
    StatisticsAccumulator(boolean failureMessageColumn, long windowStartMillis, long windowMillis) {
        this.failureMessageColumn = failureMessageColumn;
        this.arrivals = new ArrivalRecorder(windowStartMillis, windowMillis);
    }

    /** A sample of any window: what it counts for in this one whenever it started (a correct reply ending in it). */
    void addReply(Sample sample) {
        arrivals.addReply(sample);
    }

    void add(Sample sample) {
        long micros = sample.responseMicros();
        double millis = micros / 1000.0;
        samples++;
        sum += micros;
        sumOfSquares += millis * millis;
        min = Math.min(min, micros);
        max = Math.max(max, micros);
        latency.add(sample);
        arrivals.add(sample);
        lastEnd = Math.max(lastEnd, sample.endMillis());
        bytesReceived += sample.bytesReceived();
        bytesSent += sample.bytesSent();
        maxThreads = Math.max(maxThreads, sample.allThreads());
        switch (sample.outcome()) {
            case ERROR -> errors++;
            case INCORRECT -> incorrect++;
            default -> {
                return;
            }
        }
        String message = !sample.failureMessage().isEmpty() ? sample.failureMessage()
                : failureMessageColumn ? sample.responseCode() + " (no message)"
                : sample.responseCode() + " (no failureMessage column in the results file: counted as an error)";
        if (failureMessages.containsKey(message) || failureMessages.size() < MAX_MESSAGES) {
            failureMessages.merge(message, 1L, Long::sum);
        } else {
            failureMessages.merge(OTHER, 1L, Long::sum);
        }
    }

    long samples() {
        return samples;
    }

    /**
     * A copy of the response times added so far (µs, tagged with their {@link LatencyTiming}): the source of the
     * percentiles, kept and merged later.
     */
    Histogram histogram() {
        return latency.histogram();
    }

    /**
     * @param windowStartMillis where the window began
     * @param windowMillis      its configured length; shorter if the samples end before it (an interrupted run)
     */
    Statistics statistics(long windowStartMillis, long windowMillis) {
        long duration = samples == 0 ? windowMillis : Math.min(windowMillis, Math.max(1, lastEnd - windowStartMillis));
        // Both exact in µs: for whole milliseconds the quotient, hence the mean, is the one of the ms sums.
        double mean = samples == 0 ? 0 : sum / (samples * 1000.0);
        double variance = samples == 0 ? 0 : Math.max(0, sumOfSquares / samples - mean * mean);
        return new Statistics(samples, errors, incorrect, duration, mean, Math.sqrt(variance),
                samples == 0 ? 0 : min / 1000.0, samples == 0 ? 0 : max / 1000.0,
                percentile(50), percentile(90), percentile(95), percentile(99),
                bytesReceived, bytesSent, maxThreads, topMessages(), latency.timing(), arrivals.figures());
    }

    private double percentile(double percentile) {
        return samples == 0 ? 0 : latency.millisAtPercentile(percentile);
    }

    private Map<String, Long> topMessages() {
        Map<String, Long> top = new LinkedHashMap<>();
        failureMessages.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(10)
                .forEach(e -> top.put(e.getKey(), e.getValue()));
        return top;
    }
}
