package org.esbbench.report.run;

import org.esbbench.report.figures.Decimal;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.samples.ThroughputSeries;

import java.util.List;
import java.util.Optional;

/**
 * Whether a measurement window drifted: its first and last thirds compared in throughput and p99. A server that
 * degrades over a long window (a leak, a growing queue, a cache that fills) shows it there, when the window's
 * figures alone would average it away.
 *
 * <p>The rule: the window is judged only when each third covers at least {@value #MIN_THIRD_MILLIS} ms of load and
 * holds at least {@value #MIN_THIRD_SAMPLES} samples (fewer make a p99 and a rate noise); otherwise it is "not
 * judged: window too short" and never flagged. A judged window is flagged {@value #FLAG} when the last third's
 * throughput differs from the first's by more than the threshold (percent of the first), or its p99 does, by more
 * than the threshold and by more than {@value #P99_RESOLUTION_MILLIS} ms (JMeter measures whole milliseconds:
 * 1 → 2 ms is +100 % and noise; the floor is kept for a window timed in microseconds, so that the flag means the
 * same for every run). Exactly at the threshold is not flagged. A flag does not fail the run.
 *
 * @param first            the window's first third
 * @param last             its last third
 * @param thresholdPercent -DdriftThreshold
 */
public record WindowDrift(ThroughputSeries.Slice first, ThroughputSeries.Slice last, double thresholdPercent) {
    /** The flag in points.csv, summary.csv and summary.md. */
    public static final String FLAG = "drift";
    public static final long MIN_THIRD_MILLIS = 10_000;
    public static final long MIN_THIRD_SAMPLES = 100;
    public static final long P99_RESOLUTION_MILLIS = 1;
    /** Percentages this close to the threshold count as on it (they come out of divisions). */
    private static final double EPSILON = 1e-9;

    /** The rule applied to a window's thirds ({@link ThroughputSeries#thirds()}). */
    public static WindowDrift of(List<ThroughputSeries.Slice> thirds, double thresholdPercent) {
        if (thirds.size() != 3) {
            throw new IllegalArgumentException("a window has 3 thirds, got " + thirds.size());
        }
        return new WindowDrift(thirds.get(0), thirds.get(2), thresholdPercent);
    }

    /** Whether both thirds are long and full enough to be compared. */
    public boolean judged() {
        return enough(first) && enough(last);
    }

    private static boolean enough(ThroughputSeries.Slice third) {
        return third.coveredMillis() >= MIN_THIRD_MILLIS && third.samples() >= MIN_THIRD_SAMPLES;
    }

    /** The last third's throughput against the first's, percent (negative: it fell). */
    public double throughputChangePercent() {
        double from = first.throughputPerSecond();
        return from == 0 ? 0 : 100 * (last.throughputPerSecond() - from) / from;
    }

    /** The last third's p99 against the first's, percent (a first p99 under 1 ms counts as 1 ms). */
    public double p99ChangePercent() {
        return 100.0 * (last.p99Millis() - first.p99Millis()) / Math.max(1, first.p99Millis());
    }

    public boolean throughputDrifted() {
        return judged() && Math.abs(throughputChangePercent()) > thresholdPercent + EPSILON;
    }

    public boolean p99Drifted() {
        return judged() && Math.abs(p99ChangePercent()) > thresholdPercent + EPSILON
                && Math.abs(last.p99Millis() - first.p99Millis()) > P99_RESOLUTION_MILLIS;
    }

    public boolean flagged() {
        return throughputDrifted() || p99Drifted();
    }

    /** The flag with both thirds' figures, for points.csv: {@code drift: throughput 1200.0/s → 950.0/s (-20.8%), ...}. */
    public Optional<String> flag() {
        return flagged() ? Optional.of(FLAG + ": " + figures()) : Optional.empty();
    }

    /** Both thirds' figures: "throughput 1200.0/s → 950.0/s (-20.8%), p99 12.000 → 40.000 ms (+233.3%)". */
    public String figures() {
        return "throughput " + Decimal.fixed(first.throughputPerSecond(), 1) + "/s → "
                + Decimal.fixed(last.throughputPerSecond(), 1) + "/s (" + Decimal.signedPercent(throughputChangePercent())
                + "), p99 " + millis(first.p99Millis()) + " → " + millis(last.p99Millis()) + " ms ("
                + Decimal.signedPercent(p99ChangePercent()) + ")";
    }

    /** A p99 as every latency figure is written: ms with three decimals. */
    private static String millis(double ms) {
        return Decimal.fixed(ms, StandardFigures.LATENCY_DECIMALS);
    }

    /** What the summary says of the window, flagged or not. */
    public String verdict() {
        if (!judged()) {
            return "drift not judged: window too short (thirds of " + Decimal.fixed(first.lengthMillis() / 1000.0, 1)
                    + " s with " + first.samples() + " and " + last.samples() + " samples; each needs "
                    + MIN_THIRD_MILLIS / 1000 + " s of load and " + MIN_THIRD_SAMPLES + " samples)";
        }
        return (flagged() ? "**" + FLAG + "**" : "steady") + ", first to last third: " + figures() + "; threshold "
                + DriftThreshold.describe(thresholdPercent) + " %";
    }
}
