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
    private final Histogram blocked = LatencyHistogram.empty();
    private final Histogram answeredAfter = LatencyHistogram.empty();
    private final Histogram correctAfter = LatencyHistogram.empty();
    private final long windowStartMillis;
    private final long windowMillis;
    private final long[] waitCount = new long[3];
    private final double[] waitSum = new double[3];
    private long arrivals;
    private long latest;
    private long neverSent;
    private long answered;
    private long correct;
    private long achieved;

    /** A window of unknown bounds (no thirds, no replies after its end). */
    public ArrivalRecorder() {
        this(0, 0);
    }

    /** The arrivals of the window from {@code windowStartMillis}, {@code windowMillis} long. */
    public ArrivalRecorder(long windowStartMillis, long windowMillis) {
        this.windowStartMillis = windowStartMillis;
        this.windowMillis = windowMillis;
    }

    /** A sample of the window (by due time for an arrival). */
    public void add(Sample sample) {
        if (!sample.timedFromArrival()) {
            return;
        }
        arrivals++;
        service.recordValue(sample.serviceMicros());
        lateness.recordValue(sample.latenessMicros());
        latest = Math.max(latest, sample.latenessMicros());
        long blockedMicros = sample.blockedOrZeroMicros();
        if (blockedMicros > 0) {
            blocked.recordValue(blockedMicros);
        }
        if (sample.neverSent()) {
            neverSent++;
        }
        Sample.Outcome outcome = sample.outcome();
        long afterEnd = sample.endMillis() - (windowStartMillis + windowMillis);
        if (outcome == Sample.Outcome.OK || (outcome == Sample.Outcome.INCORRECT && !sample.neverSent())) {
            answered++;
            if (windowMillis > 0 && afterEnd > 0) {
                answeredAfter.recordValue(afterEnd);
            }
            if (outcome == Sample.Outcome.OK) {
                correct++;
                if (windowMillis > 0 && afterEnd > 0) {
                    correctAfter.recordValue(afterEnd);
                }
            }
        }
        if (windowMillis > 0 && sample.hasDueTime()) {
            int third = (int) Math.min(2, Math.max(0, (sample.windowMillis() - windowStartMillis) * 3 / windowMillis));
            waitCount[third]++;
            waitSum[third] += Math.max(0, sample.responseMicros() - sample.serviceMicros());
        }
    }

    /**
     * A sample of the run, of any window: a correct reply that ended in this window counts as achieved, whenever its
     * arrival was due.
     */
    public void addReply(Sample sample) {
        if (sample.timedFromArrival() && sample.outcome() == Sample.Outcome.OK && windowMillis > 0
                && sample.endMillis() >= windowStartMillis && sample.endMillis() <= windowStartMillis + windowMillis) {
            achieved++;
        }
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
                LatenessBound.DEFAULT_MILLIS, load()));
    }

    private OfferedLoad load() {
        double[] meanWait = new double[3];
        for (int i = 0; i < 3; i++) {
            meanWait[i] = waitCount[i] == 0 ? 0 : waitSum[i] / waitCount[i];
        }
        return new OfferedLoad(arrivals, neverSent, answered, correct, answeredAfter.copy(), correctAfter.copy(),
                achieved, windowMillis, blocked.copy(), meanWait, Long.MAX_VALUE / 2, 0);
    }

    private static double millis(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1000.0;
    }
}
