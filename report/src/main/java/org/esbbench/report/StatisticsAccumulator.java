package org.esbbench.report;

import org.HdrHistogram.Histogram;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Adds samples one at a time in constant memory (a histogram and a few sums) and yields {@link Statistics}. Failed
 * samples are counted as errors or incorrect replies by {@link Sample#outcome()}, the analysis' one rule.
 */
final class StatisticsAccumulator {
    /** Distinct failure messages kept; past this, new ones are counted under one "other" entry. */
    private static final int MAX_MESSAGES = 50;
    private static final String OTHER = "(other messages)";

    private final Histogram histogram = new Histogram(3);
    private final Map<String, Long> failureMessages = new HashMap<>();
    /** Whether the file has JMeter's failureMessage column; without it a failed sample's key says so. */
    private final boolean failureMessageColumn;
    private long samples;
    private long errors;
    private long incorrect;
    private long sum;
    private double sumOfSquares;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private long bytesReceived;
    private long bytesSent;
    private int maxThreads;

    /** @param failureMessageColumn whether the results file has JMeter's failureMessage column */
    StatisticsAccumulator(boolean failureMessageColumn) {
        this.failureMessageColumn = failureMessageColumn;
    }

    void add(Sample sample) {
        long elapsed = sample.elapsedMillis();
        samples++;
        sum += elapsed;
        sumOfSquares += (double) elapsed * elapsed;
        min = Math.min(min, elapsed);
        max = Math.max(max, elapsed);
        histogram.recordValue(Math.max(0, elapsed));
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

    /** A copy of the response times added so far (ms): the source of the percentiles, kept and merged later. */
    Histogram histogram() {
        return histogram.copy();
    }

    /**
     * @param windowStartMillis where the window began
     * @param windowMillis      its configured length; shorter if the samples end before it (an interrupted run)
     */
    Statistics statistics(long windowStartMillis, long windowMillis) {
        long duration = samples == 0 ? windowMillis : Math.min(windowMillis, Math.max(1, lastEnd - windowStartMillis));
        double mean = samples == 0 ? 0 : (double) sum / samples;
        double variance = samples == 0 ? 0 : Math.max(0, sumOfSquares / samples - mean * mean);
        return new Statistics(samples, errors, incorrect, duration, mean, Math.sqrt(variance),
                samples == 0 ? 0 : min, samples == 0 ? 0 : max,
                percentile(50), percentile(90), percentile(95), percentile(99),
                bytesReceived, bytesSent, maxThreads, topMessages());
    }

    private long percentile(double percentile) {
        return samples == 0 ? 0 : histogram.getValueAtPercentile(percentile);
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
