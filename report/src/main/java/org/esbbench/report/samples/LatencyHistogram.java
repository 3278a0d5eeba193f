package org.esbbench.report.samples;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The one convention of the analysis' response-time histograms: HdrHistogram, 3 significant digits, values in
 * <b>microseconds</b> whatever the results file timed them in (whole milliseconds are recorded × 1000), so the
 * repeats of a point merge whatever their timing. The histogram's tag ({@link AbstractHistogram#getTag()}, which
 * HdrHistogram's log format keeps) is its {@link LatencyTiming#code()}. Figures are read from it in milliseconds
 * ({@link #millisAtPercentile}).
 *
 * <p>A histogram timed in whole milliseconds reads as whole milliseconds: HdrHistogram gives the highest value
 * equivalent to a recorded one (e.g. 45 023 µs for 45 000 µs, 3 significant digits), which would show a
 * precision the samples never had; its values are floored to the millisecond, which gives back exactly the
 * recorded millisecond wherever a bucket is narrower than a millisecond (below about 1 s).
 */
public final class LatencyHistogram {
    /** HdrHistogram's precision: 0.1 % (exact to the microsecond up to 2 ms). */
    public static final int SIGNIFICANT_DIGITS = 3;

    private LatencyHistogram() {
    }

    /** An empty histogram of microseconds. */
    public static Histogram empty() {
        return new Histogram(SIGNIFICANT_DIGITS);
    }

    /** How the histogram's values were timed, from its tag; empty when it has none (not made by the analysis). */
    public static Optional<LatencyTiming> timing(AbstractHistogram micros) {
        return micros.getTag() == null ? Optional.empty() : LatencyTiming.ofCode(micros.getTag());
    }

    /** Tags the histogram with its timing (changes it). */
    public static <H extends AbstractHistogram> H tagged(H micros, LatencyTiming timing) {
        micros.setTag(timing.code());
        return micros;
    }

    /** The response time (ms) at {@code percentile}; 0 for an empty histogram. */
    public static double millisAtPercentile(AbstractHistogram micros, double percentile) {
        return micros.getTotalCount() == 0 ? 0 : millis(micros, micros.getValueAtPercentile(percentile));
    }

    /** A value of the histogram (µs) in ms: floored to whole ms when the histogram was timed in whole ms. */
    public static double millis(AbstractHistogram micros, long value) {
        boolean wholeMillis = timing(micros).orElse(null) == LatencyTiming.WHOLE_MILLISECONDS;
        return wholeMillis ? Math.floorDiv(value, 1000) : value / 1000.0;
    }

    /** All the histograms added together, tagged with their timings {@linkplain LatencyTiming#together together}. */
    public static Histogram merged(Collection<? extends AbstractHistogram> histograms) {
        Histogram all = empty();
        histograms.forEach(all::add);
        List<LatencyTiming> timings = histograms.stream().map(LatencyHistogram::timing)
                .flatMap(Optional::stream).toList();
        if (timings.size() == histograms.size()) {
            LatencyTiming.together(timings).ifPresent(t -> tagged(all, t));
        }
        return all;
    }

    /**
     * A histogram of whole milliseconds, as run folders kept them before histograms were in microseconds, as a
     * histogram of microseconds timed in whole milliseconds.
     */
    public static Histogram fromMillis(AbstractHistogram millis) {
        Histogram micros = empty();
        for (HistogramIterationValue v : millis.recordedValues()) {
            micros.recordValueWithCount(v.getValueIteratedTo() * 1000, v.getCountAtValueIteratedTo());
        }
        micros.setStartTimeStamp(millis.getStartTimeStamp());
        micros.setEndTimeStamp(millis.getEndTimeStamp());
        return tagged(micros, LatencyTiming.WHOLE_MILLISECONDS);
    }
}
