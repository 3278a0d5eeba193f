package org.esbbench.report.figures;

/** How a figure of a point is made from the figures of its repeats. */
public enum Combination {
    /** The sum over the repeats (samples, errors): a point's count is all its repeats' counts. */
    TOTAL,
    /**
     * Percent of a total over the samples of all repeats (sum of the part / sum of the whole), not a median of
     * the repeats' percentages: one bad repeat of three must not vanish behind two clean ones.
     */
    PERCENT,
    /** The median over the repeats, with their lowest and highest, as the IBM method reports repeated runs. */
    MEDIAN,
    /**
     * Read from the merged HdrHistogram of all repeats (a percentile of every sample of the point, not a median
     * of percentiles); the lowest and highest of the repeats' own values give the spread. Without the repeats'
     * histograms (runs analysed before they were kept) it falls back to the median.
     */
    MERGED_HISTOGRAM;

    /** Whether the lowest and highest over the repeats say something beside the value (not for sums). */
    public boolean hasSpread() {
        return this != TOTAL;
    }
}
