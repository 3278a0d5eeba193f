package org.esbbench.report.arrivals;

import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.esbbench.report.samples.LatencyHistogram;
import org.esbbench.report.samples.Sample;

/**
 * Collects, in constant memory, the arrival figures of a window's samples ({@link ArrivalFigures}): of each sample
 * timed from its arrival's due time, its service time and its lateness, each in a histogram of microseconds.
 */
public final class ArrivalRecorder {
    private final Histogram service = LatencyHistogram.empty();
    private final Histogram lateness = LatencyHistogram.empty();
    private long arrivals;
    private long latest;

    public void add(Sample sample) {
        if (!sample.timedFromArrival()) {
            return;
        }
        arrivals++;
        service.recordValue(sample.serviceMicros());
        lateness.recordValue(sample.latenessMicros());
        latest = Math.max(latest, sample.latenessMicros());
    }

    /**
     * The figures, judged against the default bound ({@link LatenessBound#DEFAULT_MILLIS}; the analysis judges them
     * against the run's own); empty when no sample of the window was an arrival timed from its due time.
     */
    public Optional<ArrivalFigures> figures() {
        if (arrivals == 0) {
            return Optional.empty();
        }
        return Optional.of(new ArrivalFigures(arrivals, millis(service, 50), millis(service, 99), millis(service, 99.9),
                millis(lateness, 50), millis(lateness, 99), latest / 1000.0, service.copy(), lateness.copy(),
                LatenessBound.DEFAULT_MILLIS));
    }

    private static double millis(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1000.0;
    }
}
