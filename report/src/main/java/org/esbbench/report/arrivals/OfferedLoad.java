package org.esbbench.report.arrivals;

import java.util.Locale;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The open model's window against what was offered: the arrivals due in it (the window's members, however late they
 * were sent), how many were never sent, answered and answered correctly by the window's end plus the drain, the
 * correct replies that ended in the window (what was achieved), and the server's backlog: the time arrivals waited
 * while every request the generator may have in flight was in flight ({@code blocked_us}).
 *
 * @param due            arrivals due in the window
 * @param neverSent      of those, the run ended before they were sent
 * @param answered       of those, a reply came (correct or not), at any time
 * @param correct        of those, a correct reply came, at any time
 * @param answeredAfter  of the answered, ms after the window's end their reply came (only those after it)
 * @param correctAfter   the same of the correct ones
 * @param achieved       correct replies that ended within the window, whenever their arrival was due
 * @param windowMillis   the window's length
 * @param blocked        blocked time of every arrival that had some (µs)
 * @param waitByThird    mean wait (µs from due time to send) of the arrivals due in each third of the window
 * @param drainMillis    how long after the window's end a reply still counts as an answer ({@code -Ddrain})
 * @param maxInFlight    the most requests in flight the point allowed ({@code -DmaxInFlight}); 0: not known
 */
public record OfferedLoad(long due, long neverSent, long answered, long correct, Histogram answeredAfter,
                          Histogram correctAfter, long achieved, long windowMillis, Histogram blocked,
                          double[] waitByThird, long drainMillis, int maxInFlight) {
    /** The flag of a window where the server fell behind the offered rate. */
    public static final String OVER_CAPACITY = "over-capacity";
    /** Achieved may fall short of offered by this much (%) before the window is over capacity: Poisson noise. */
    public static final double SHORTFALL_PERCENT = 5;
    /** The wait may grow by this much (ms) from the window's first third to its last before it is a growing backlog. */
    public static final double WAIT_GROWTH_MILLIS = 100;

    /** The same window judged with another drain and cap (the run's parameters). */
    public OfferedLoad judgedBy(long otherDrainMillis, int otherMaxInFlight) {
        return new OfferedLoad(due, neverSent, answered, correct, answeredAfter, correctAfter, achieved, windowMillis,
                blocked, waitByThird, otherDrainMillis, otherMaxInFlight);
    }

    public double offeredPerSecond() {
        return windowMillis <= 0 ? 0 : due * 1000.0 / windowMillis;
    }

    public double achievedPerSecond() {
        return windowMillis <= 0 ? 0 : achieved * 1000.0 / windowMillis;
    }

    /** Arrivals due in the window that were sent. */
    public long sent() {
        return due - neverSent;
    }

    /** Answered by the window's end plus the drain. */
    public long answeredInTime() {
        return answered - after(answeredAfter);
    }

    /** Answered correctly by the window's end plus the drain. */
    public long correctInTime() {
        return correct - after(correctAfter);
    }

    /** Due in the window and not answered by its end plus the drain: never sent, failed, or answered later. */
    public long notAnswered() {
        return due - answeredInTime();
    }

    private long after(Histogram h) {
        long max = h.getMaxValue();
        return h.getTotalCount() == 0 || max <= drainMillis ? 0 : h.getCountBetweenValues(drainMillis + 1, max);
    }

    /** Arrivals that waited on the server's backlog, percent of those due. */
    public double blockedPercent() {
        return due == 0 ? 0 : 100.0 * blocked.getTotalCount() / due;
    }

    /** The blocked time at a percentile of all arrivals due (those not blocked count as 0), ms. */
    public double blockedMillisAt(double percentile) {
        if (due == 0 || blocked.getTotalCount() == 0) {
            return 0;
        }
        // Of the arrivals due, the share not blocked come first at 0.
        double notBlockedPct = 100.0 * (due - blocked.getTotalCount()) / due;
        if (percentile <= notBlockedPct) {
            return 0;
        }
        double within = (percentile - notBlockedPct) / (100.0 - notBlockedPct) * 100.0;
        return blocked.getValueAtPercentile(Math.min(100, within)) / 1000.0;
    }

    public double blockedMaxMillis() {
        return blocked.getTotalCount() == 0 ? 0 : blocked.getMaxValue() / 1000.0;
    }

    /** How much the mean wait grew from the window's first third to its last, ms. */
    public double waitGrowthMillis() {
        return (waitByThird[2] - waitByThird[0]) / 1000.0;
    }

    /**
     * Whether the server fell behind: the correct replies of the window fall short of the arrivals due in it by more
     * than {@value #SHORTFALL_PERCENT} %, or the arrivals' wait grew by more than {@value #WAIT_GROWTH_MILLIS} ms
     * across the window (a backlog that grows: in a longer window, its latency would too).
     */
    public boolean overCapacity() {
        boolean shortfall = due > 0 && achieved < due * (1 - SHORTFALL_PERCENT / 100);
        return shortfall || waitGrowthMillis() > WAIT_GROWTH_MILLIS;
    }

    /** The flag of a window over capacity: the server's limit, said as such. */
    public Optional<String> overCapacityFlag() {
        if (!overCapacity()) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%s: offered %.1f/s, achieved %.1f/s (correct replies); the wait"
                        + " for a send grew %.0f ms across the window: the server fell behind, not the generator",
                OVER_CAPACITY, offeredPerSecond(), achievedPerSecond(), waitGrowthMillis()));
    }

    /** The flag of a window in which arrivals found every request the generator may have in flight. */
    public Optional<String> inFlightCappedFlag() {
        if (blocked.getTotalCount() == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%s: %.1f %% of the arrivals found all %s requests in flight"
                        + " and waited (blocked p99 %.3f ms, max %.3f ms): from then on the point was a closed model of"
                        + " that many users (-D%s)", InFlightCap.FLAG, blockedPercent(),
                maxInFlight > 0 ? Integer.toString(maxInFlight) : "the", blockedMillisAt(99), blockedMaxMillis(),
                InFlightCap.PARAMETER));
    }
}
