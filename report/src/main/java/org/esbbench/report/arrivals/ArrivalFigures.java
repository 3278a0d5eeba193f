package org.esbbench.report.arrivals;

import org.HdrHistogram.Histogram;
import org.esbbench.report.samples.LatencyHistogram;

/**
 * A window's open-model arrivals timed from their due time: their service time (send to reply) beside the response
 * time the headline figures give, and how late the generator sent them, judged against a bound.
 *
 * @param arrivals          samples that were an arrival's first, timed from its due time
 * @param serviceP50Millis  service time p50, ms
 * @param serviceP99Millis  service time p99, ms
 * @param serviceP999Millis service time p99.9, ms
 * @param latenessP50Millis lateness p50, ms
 * @param latenessP99Millis lateness p99, ms
 * @param latenessMaxMillis the latest send, ms after its due time
 * @param service           the service time of every arrival (µs), written beside the response times' histogram
 * @param lateness          the lateness of every arrival (µs), for the count over a bound
 * @param boundMillis       the lateness that counts as late ({@code -DlatenessBound}, ms)
 * @param load              the window against what was offered: due, sent, answered, achieved, the server's backlog
 */
public record ArrivalFigures(long arrivals, double serviceP50Millis, double serviceP99Millis, double serviceP999Millis,
                             double latenessP50Millis, double latenessP99Millis, double latenessMaxMillis,
                             Histogram service, Histogram lateness, double boundMillis, OfferedLoad load) {
    /** The flag of a window where the server fell behind ({@link OfferedLoad#OVER_CAPACITY}). */
    public static final String OVER_CAPACITY = OfferedLoad.OVER_CAPACITY;

    /** Figures without the offered load's (a window of unknown bounds). */
    public ArrivalFigures(long arrivals, double serviceP50Millis, double serviceP99Millis, double serviceP999Millis,
                          double latenessP50Millis, double latenessP99Millis, double latenessMaxMillis,
                          Histogram service, Histogram lateness, double boundMillis) {
        this(arrivals, serviceP50Millis, serviceP99Millis, serviceP999Millis, latenessP50Millis, latenessP99Millis,
                latenessMaxMillis, service, lateness, boundMillis, new OfferedLoad(arrivals, 0, arrivals, arrivals,
                        LatencyHistogram.empty(), LatencyHistogram.empty(), arrivals, 0, LatencyHistogram.empty(),
                        new double[3], Long.MAX_VALUE / 2, 0));
    }

    /** The same arrivals judged against another bound. */
    public ArrivalFigures judgedBy(double otherBoundMillis) {
        return new ArrivalFigures(arrivals, serviceP50Millis, serviceP99Millis, serviceP999Millis, latenessP50Millis,
                latenessP99Millis, latenessMaxMillis, service, lateness, otherBoundMillis, load);
    }

    /** The same arrivals judged against the run's bound, drain (ms) and cap of requests in flight. */
    public ArrivalFigures judgedBy(double otherBoundMillis, long drainMillis, int maxInFlight) {
        return new ArrivalFigures(arrivals, serviceP50Millis, serviceP99Millis, serviceP999Millis, latenessP50Millis,
                latenessP99Millis, latenessMaxMillis, service, lateness, otherBoundMillis,
                load.judgedBy(drainMillis, maxInFlight));
    }

    /**
     * Arrivals sent more than the bound after their due time. The histogram keeps 3 significant digits, so an arrival
     * within 0.1 % of the bound may fall on either side.
     */
    public long late() {
        long boundMicros = (long) Math.floor(boundMillis * 1000);
        long max = lateness.getMaxValue();
        return max <= boundMicros ? 0 : lateness.getCountBetweenValues(boundMicros + 1, max);
    }

    /** Late arrivals, percent of the arrivals. */
    public double latePercent() {
        return arrivals == 0 ? 0 : 100.0 * late() / arrivals;
    }

    /**
     * Whether the generator was late enough to matter: more than 1 % of the arrivals were late, so that the window's
     * p99 (and the percentiles above it) carries the generator's delay, not only the server's.
     */
    public boolean generatorLate() {
        return late() * 100 > arrivals;
    }
}
