package org.esbbench.report.capacity;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.folder.CsvAppend;
import org.esbbench.report.points.RepeatRow;

/**
 * One probe of a capacity search, a row of {@code capacity/probes.csv}: appended as each probe ends, so a stopped
 * search loses at most the probe in flight and a resumed one replays the rest.
 *
 * @param search      the search's key ({@link SearchRow#key})
 * @param probe       its number in the search, from 1; 0 for the warm-up
 * @param phase       warmup, start, exponential, bisection, repeat or confirmation
 * @param rate        the arrivals per second offered (the warm-up: the closed model's throughput)
 * @param scenarioRun the name of its files (jtl/NAME.csv, logs/)
 * @param verdict     pass, fail or generator; empty for the warm-up
 * @param marginal    whether its decision lay within the noise
 * @param bound       what bounded it ({@link ProbeJudgement#bound})
 * @param reasons     why it failed, empty when it passed
 * @param flags       its flags as the point's
 */
public record ProbeRow(String search, int probe, String phase, int rate, long startedMs, double seconds,
                       String scenarioRun, double offered, double achieved, double p50, double p90, double p99,
                       double p999, double mean, double errorPct, double incorrectPct, double latenessP99,
                       double blockedPct, double serverCpuPct, double generatorCpuPct, String verdict, boolean marginal,
                       String bound, String reasons, String flags) {

    public static final String FILE = "probes.csv";
    static final String[] HEADER = {"search", "probe", "phase", "rate_per_s", "started_ms", "seconds", "scenario_run",
            "offered_per_s", "achieved_per_s", "p50_ms", "p90_ms", "p99_ms", "p99_9_ms", "mean_ms", "error_pct",
            "incorrect_pct", "lateness_p99_ms", "blocked_pct", "server_cpu_pct", "generator_cpu_pct", "verdict",
            "marginal", "bound", "reasons", "flags"};

    public static final String WARMUP = "warmup";
    public static final String CONFIRMATION = "confirmation";

    /** A probe's row from its analysed figures and judgement. */
    public static ProbeRow of(String search, int probe, String phase, int rate, long startedMs, double seconds,
                              String scenarioRun, RepeatRow row, ProbeJudgement j) {
        return new ProbeRow(search, probe, phase, rate, startedMs, seconds, scenarioRun,
                v(row, StandardFigures.OFFERED), v(row, StandardFigures.THROUGHPUT), v(row, StandardFigures.P50),
                v(row, StandardFigures.P90), v(row, StandardFigures.P99), v(row, StandardFigures.P99_9),
                v(row, StandardFigures.MEAN), v(row, StandardFigures.ERROR_PCT), v(row, StandardFigures.INCORRECT_PCT),
                v(row, StandardFigures.LATENESS_P99), v(row, StandardFigures.BLOCKED_PCT),
                v(row, StandardFigures.SERVER_CPU), v(row, StandardFigures.GENERATOR_CPU),
                j == null ? "" : j.verdict().id(), j != null && j.marginal(), j == null ? "" : j.bound(),
                j == null ? "" : j.reasons(), row.flags());
    }

    private static double v(RepeatRow row, Figure f) {
        Double d = row.value(f);
        return d == null ? Double.NaN : d;
    }

    public boolean isProbe() {
        return probe > 0 && !phase.equals(CONFIRMATION);
    }

    public ProbeJudgement.Verdict decided() {
        return ProbeJudgement.Verdict.of(verdict);
    }

    /** Appends the row to {@code file}, the header first when the file is new. */
    public void append(Path file) throws IOException {
        CsvAppend.row(file, HEADER, search, probe, phase, rate, startedMs, num(seconds), scenarioRun, num(offered),
                num(achieved), num(p50), num(p90), num(p99), num(p999), num(mean), num(errorPct), num(incorrectPct),
                num(latenessP99), num(blockedPct), num(serverCpuPct), num(generatorCpuPct), verdict, marginal, bound,
                reasons, flags);
    }

    /** Every row of {@code file}, in order; none when it does not exist. */
    public static List<ProbeRow> read(Path file) throws IOException {
        List<ProbeRow> rows = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return rows;
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (CSVRecord c : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                rows.add(new ProbeRow(c.get("search"), Integer.parseInt(c.get("probe")), c.get("phase"),
                        Integer.parseInt(c.get("rate_per_s")), Long.parseLong(c.get("started_ms")), d(c, "seconds"),
                        c.get("scenario_run"), d(c, "offered_per_s"), d(c, "achieved_per_s"), d(c, "p50_ms"),
                        d(c, "p90_ms"), d(c, "p99_ms"), d(c, "p99_9_ms"), d(c, "mean_ms"), d(c, "error_pct"),
                        d(c, "incorrect_pct"), d(c, "lateness_p99_ms"), d(c, "blocked_pct"), d(c, "server_cpu_pct"),
                        d(c, "generator_cpu_pct"), c.get("verdict"), Boolean.parseBoolean(c.get("marginal")),
                        c.get("bound"), c.get("reasons"), c.get("flags")));
            }
        }
        return rows;
    }

    static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(java.util.Locale.ROOT, "%.3f", v);
    }

    static double d(CSVRecord c, String column) {
        String s = c.get(column).strip();
        return s.isEmpty() ? Double.NaN : Double.parseDouble(s);
    }
}
