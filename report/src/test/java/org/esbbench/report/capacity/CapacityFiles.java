package org.esbbench.report.capacity;

import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A capacity search's files as the run goal leaves them, written with the rows' own {@code append}: one search of
 * direct at 1 KiB, 0 ms delay under {@code p99<=20ms}, found at 1,840/s in [1,840, 1,920), and its probes.
 */
public final class CapacityFiles {
    public static final String KEY = "direct_s1024_d0";
    public static final String OBJECTIVE = "p99<=20ms";
    public static final String CONFIRMATION_RUN = "capacity-direct_s1024_d0_confirmation";

    private CapacityFiles() {
    }

    /** A probe's row: p50 a tenth and p99.9 twice its p99; the achieved rate the offered, or short of it when failed. */
    public static ProbeRow probe(String search, int n, String phase, int rate, double p99, String verdict,
                                 boolean marginal, String bound, String reasons) {
        boolean failed = verdict.equals("fail");
        return new ProbeRow(search, n, phase, rate, 1_800_000_000_000L + n * 40_000L, 30, "capacity-" + search + "_p" + n,
                rate, failed ? rate * 0.93 : rate * 0.999, p99 / 10, p99 / 2, p99, p99 * 2, p99 / 8, 0, 0, 0.2, 0,
                Math.min(99, rate / 20.0), 30, verdict, marginal, bound, reasons, failed ? "server-bound" : "");
    }

    /** The probes of the search found at 1,840/s, the warm-up first and the confirmation last. */
    public static void writeProbes(RunLayout layout, String search) throws IOException {
        Path file = layout.capacity().resolve(ProbeRow.FILE);
        probe(search, 0, ProbeRow.WARMUP, 900, 3, "", false, "", "").append(file);
        probe(search, 1, "start", 1000, 4, "pass", false, ProbeJudgement.LATENCY, "").append(file);
        probe(search, 2, "exponential", 2000, 45, "fail", false, ProbeJudgement.SERVER_CORES, "p99 45 ms > 20 ms")
                .append(file);
        probe(search, 3, "bisection", 1500, 8, "pass", false, ProbeJudgement.LATENCY, "").append(file);
        probe(search, 4, "bisection", 1750, 12, "pass", false, ProbeJudgement.LATENCY, "").append(file);
        probe(search, 5, "bisection", 1880, 21, "fail", true, ProbeJudgement.SERVER_CORES, "p99 21 ms > 20 ms")
                .append(file);
        probe(search, 6, "repeat", 1880, 22.5, "fail", true, ProbeJudgement.SERVER_CORES, "p99 22.5 ms > 20 ms")
                .append(file);
        probe(search, 7, "bisection", 1810, 16, "pass", false, ProbeJudgement.LATENCY, "").append(file);
        probe(search, 8, "bisection", 1840, 18.5, "pass", true, ProbeJudgement.LATENCY, "").append(file);
        probe(search, 9, ProbeRow.CONFIRMATION, 1840, 18, "pass", false, ProbeJudgement.LATENCY, "").append(file);
    }

    /** The search's row: found, or ended as {@code status} with this capacity and lowest fail. */
    public static SearchRow search(String key, Point at, String status, int capacity, int lowestFail,
                                   String confirmation, String confirmationRun, String reasons) {
        return new SearchRow(key, at, OBJECTIVE, status, capacity, lowestFail, 5, ProbeJudgement.SERVER_CORES, 9, 312.5,
                1000, confirmation, confirmationRun, reasons);
    }

    /** The search of direct found at 1,840/s with its confirmation held, and its probes. */
    public static SearchRow writeFound(RunLayout layout) throws IOException {
        writeProbes(layout, KEY);
        SearchRow row = search(KEY, Point.open("direct", 1840, 1024, 0), "found", 1840, 1880, "held",
                CONFIRMATION_RUN, "");
        row.append(layout.capacity().resolve(SearchRow.FILE));
        return SearchRow.read(layout.capacity().resolve(SearchRow.FILE)).get(0);
    }
}
