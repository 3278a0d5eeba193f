package org.esbbench.report.capacity;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.folder.CsvAppend;
import org.esbbench.report.points.Point;

/**
 * One finished search, a row of {@code capacity/capacity.csv}: the capacity (the highest rate that passed), the
 * bracket up to the lowest that failed, how the search ended, what bounded the server at the knee, the probes and the
 * time it took, and the confirmation window at the capacity.
 *
 * @param key          the search's key: the point without its rate, e.g. {@code direct_s1024_d0}
 * @param point        the point at the capacity found (its rate the capacity; 1 when none passed)
 * @param status       how the search ended ({@link CapacitySearch.Status#id})
 * @param capacity     the highest rate that passed, 0 when none did
 * @param lowestFail   the lowest rate that failed, 0 when none did
 * @param boundedBy    what bounded the lowest failing probe ({@link ProbeJudgement#bound})
 * @param confirmation held, failed (the last window run failed) or none (no rate passed)
 * @param confirmationRun the last confirmation window's scenario run (its files), empty when none
 */
public record SearchRow(String key, Point point, String objective, String status, int capacity, int lowestFail,
                        double precisionPct, String boundedBy, int probes, double searchSeconds, int start,
                        String confirmation, String confirmationRun, String confirmationReasons) {

    public static final String FILE = "capacity.csv";
    static final String[] HEADER = {"search", "scenario", "size_bytes", "delay_ms", "heap", "server_cores", "objective",
            "status", "capacity_per_s", "lowest_fail_per_s", "bracket_pct", "precision_pct", "bounded_by", "probes",
            "search_s", "start_per_s", "confirmation", "confirmation_run", "confirmation_reasons"};

    /** The search's key of a point: its key without the load. */
    public static String key(Point p) {
        return p.scenario() + "_s" + p.sizeBytes() + "_d" + p.delayMs() + (p.heap().isEmpty() ? "" : "_h" + p.heap())
                + (p.serverCores() == 0 ? "" : "_c" + p.serverCores());
    }

    public CapacitySearch.Status ended() {
        return CapacitySearch.Status.of(status);
    }

    /** The bracket's width over the capacity, %; NaN without both ends. */
    public double bracketPercent() {
        return capacity > 0 && lowestFail > 0 ? 100.0 * (lowestFail - capacity) / capacity : Double.NaN;
    }

    /**
     * The capacity as a reader should take it: "1,840/s [1,840, 1,920)" when found, "≥ 5,000/s, the generator's
     * limit" when the generator failed first, and what else stopped the search.
     */
    public String describe() {
        return switch (ended()) {
            case FOUND -> rate(capacity) + "/s, bracket [" + rate(capacity) + ", " + rate(lowestFail) + ")";
            case GENERATOR_LIMIT -> capacity > 0 ? "capacity ≥ " + rate(capacity) + "/s, the generator's limit"
                    : "not measured: the generator could not offer the first rate";
            case BELOW_MIN -> "below " + rate(lowestFail) + "/s: even the lowest rate failed";
            case ABOVE_MAX -> "≥ " + rate(capacity) + "/s: the highest rate offered passed";
            case DEADLINE -> (capacity > 0 ? "≥ " + rate(capacity) + "/s" : "not found")
                    + (lowestFail > 0 ? ", < " + rate(lowestFail) + "/s" : "") + ": the deadline came first";
            case UNCONFIRMED -> (capacity > 0 ? rate(capacity) + "/s not confirmed" : "not found")
                    + ": the confirmation window at " + rate(lowestFail) + "/s failed";
        };
    }

    static String rate(int r) {
        return String.format(Locale.ROOT, "%,d", r);
    }

    public void append(Path file) throws IOException {
        CsvAppend.row(file, HEADER, key, point.scenario(), point.sizeBytes(), point.delayMs(), point.heap(),
                point.serverCores(), objective, status, capacity, lowestFail, ProbeRow.num(bracketPercent()),
                ProbeRow.num(precisionPct), boundedBy, probes, ProbeRow.num(searchSeconds), start, confirmation,
                confirmationRun, confirmationReasons);
    }

    public static List<SearchRow> read(Path file) throws IOException {
        List<SearchRow> rows = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return rows;
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (CSVRecord c : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                int capacity = Integer.parseInt(c.get("capacity_per_s"));
                Point p = new Point(c.get("scenario"), 0, Math.max(1, capacity), Integer.parseInt(c.get("size_bytes")),
                        Long.parseLong(c.get("delay_ms")), c.get("heap"), Integer.parseInt(c.get("server_cores")));
                rows.add(new SearchRow(c.get("search"), p, c.get("objective"), c.get("status"), capacity,
                        Integer.parseInt(c.get("lowest_fail_per_s")), ProbeRow.d(c, "precision_pct"),
                        c.get("bounded_by"), Integer.parseInt(c.get("probes")), ProbeRow.d(c, "search_s"),
                        Integer.parseInt(c.get("start_per_s")), c.get("confirmation"), c.get("confirmation_run"),
                        c.get("confirmation_reasons")));
            }
        }
        return rows;
    }
}
