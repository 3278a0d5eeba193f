package org.esbbench.report.samples;

import org.HdrHistogram.Histogram;

/**
 * The response times of a set of samples ({@link Sample#responseMicros()}): their histogram of microseconds and how
 * many were timed in microseconds, so that its figures read as that timing allows ({@link LatencyHistogram}).
 */
final class LatencyRecorder {
    private final Histogram histogram = LatencyHistogram.empty();
    private long samples;
    private long microSamples;

    void add(Sample sample) {
        samples++;
        if (sample.timedInMicros()) {
            microSamples++;
        }
        histogram.recordValue(sample.responseMicros());
    }

    LatencyTiming timing() {
        return LatencyTiming.of(samples, microSamples);
    }

    /** A copy of the histogram so far, tagged with its timing. */
    Histogram histogram() {
        return LatencyHistogram.tagged(histogram.copy(), timing());
    }

    /** The response time (ms) at {@code percentile}; 0 without samples. */
    double millisAtPercentile(double percentile) {
        return LatencyHistogram.millisAtPercentile(LatencyHistogram.tagged(histogram, timing()), percentile);
    }
}
