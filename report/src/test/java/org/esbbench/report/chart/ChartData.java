package org.esbbench.report.chart;

import org.esbbench.report.points.LatencyDistribution;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.points.RowBuilder;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.esbbench.report.figures.StandardFigures.*;

/** Small in-memory measurements shaped like real runs, for the chart tests. */
final class ChartData {

    private ChartData() {
    }

    /**
     * Repeats of one point whose throughput grows with users until it levels off, and whose p99 grows with
     * users, size and delay; each repeat differs by a few percent so the spread is visible.
     */
    static List<RepeatRow> repeats(String scenario, int users, int size, long delay, int repeats, double scale) {
        return repeats(new Point(scenario, users, size, delay), repeats, scale);
    }

    /** As above for any point, the open model's included: its arrivals per second stand for the users. */
    static List<RepeatRow> repeats(Point point, int repeats, double scale) {
        int users = point.load();
        int size = point.sizeBytes();
        long delay = point.delayMs();
        List<RepeatRow> rows = new ArrayList<>();
        for (int r = 1; r <= repeats; r++) {
            double wobble = 1 + 0.04 * (r - (repeats + 1) / 2.0);
            // Levels off at the server's capacity, or at users / delay when the backend delay dominates.
            double throughput = scale * wobble * Math.min(4000.0 * users / (users + 40.0) * 1024 / (size + 1024.0),
                    users * 1000.0 / (delay + 1));
            long p99 = Math.round(wobble * (delay + (2 + users * 0.3 + size / 2048.0) / scale));
            rows.add(RowBuilder.row(point, r).counts(10_000, 0, 0)
                    .set(THROUGHPUT, throughput).set(MEAN, p99 / 3.0).set(STDDEV, 1.0).set(MIN, 1.0)
                    .set(MAX, p99 * 2.0).set(P50, (double) (p99 / 3)).set(P90, (double) (p99 / 2))
                    .set(P95, (double) (p99 * 3 / 4)).set(P99, (double) p99).set(P99_9, p99 * 1.5).build());
        }
        return rows;
    }

    /** A sweep of users for each size and delay given, of each scenario given. */
    static List<PointSummary> sweep(List<String> scenarios, int[] users, int[] sizes, long[] delays, int repeats,
                                    double scale) {
        List<RepeatRow> rows = new ArrayList<>();
        for (String s : scenarios) {
            for (int size : sizes) {
                for (long delay : delays) {
                    for (int u : users) {
                        rows.addAll(repeats(s, u, size, delay, repeats, scale));
                    }
                }
            }
        }
        return PointSummary.summarise(rows);
    }

    /**
     * Both load models, as the smoke run measures them: each scenario at each users value (closed model) and at
     * each rate (open model), 1 KiB, no delay.
     */
    static List<PointSummary> bothModels(List<String> scenarios, int[] users, int[] rates, int repeats, double scale) {
        List<RepeatRow> rows = new ArrayList<>();
        for (String s : scenarios) {
            for (int u : users) {
                rows.addAll(repeats(new Point(s, u, 1024, 0), repeats, scale));
            }
            for (int r : rates) {
                rows.addAll(repeats(Point.open(s, r, 1024, 0), repeats, scale));
            }
        }
        return PointSummary.summarise(rows);
    }

    /** A long-tailed distribution (mostly 2..6 ms, a slow tail up to ~200 ms), as HdrHistogram steps it. */
    static List<LatencyDistribution.Step> latency(long seed) {
        Histogram h = new Histogram(60_000, 3);
        Random random = new Random(seed);
        for (int i = 0; i < 20_000; i++) {
            double v = 2 + Math.abs(random.nextGaussian()) * 1.5;
            if (random.nextInt(1000) == 0) {
                v += random.nextDouble() * 200;
            }
            h.recordValue(Math.round(v));
        }
        return LatencyDistribution.of(h);
    }
}
