package org.esbbench.report.points;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run's {@code points.csv}: one row per repeat of each point, every figure the analysis produced. It is the
 * machine-readable record that comparisons, regression checks, charts and the results index read back.
 *
 * <p>{@code error_pct} and {@code incorrect_pct} (percent of the repeat's samples, {@value #PERCENT_DECIMALS}
 * decimals) follow from the counts beside them: reading checks that they agree with the counts, and files
 * written before these columns existed read the same without them.
 */
public final class PointsCsv {
    public static final String FILE_NAME = "points.csv";

    static final int PERCENT_DECIMALS = 6;
    static final String[] COLUMNS = {"scenario", "users", "rate", "size_bytes", "delay_ms", "repeat", "samples", "errors",
            "error_pct", "incorrect", "incorrect_pct", "throughput_per_s", "mean_ms", "stddev_ms", "min_ms", "max_ms", "p50_ms", "p90_ms", "p95_ms",
            "p99_ms", "cpu_us_per_msg", "server_cpu_pct", "gc_throughput_pct", "heap_after_full_gc_mb",
            "generator_cpu_pct", "backend_cpu_pct", "machine_cpu_pct", "flags", "dashboard"};

    private PointsCsv() {
    }

    public static void write(List<RepeatRow> rows, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             CSVPrinter printer = CSVFormat.DEFAULT.builder().setHeader(COLUMNS).build().print(out)) {
            for (RepeatRow r : rows) {
                Point p = r.point();
                printer.printRecord(p.scenario(), p.users(), p.rate(), p.sizeBytes(), p.delayMs(), r.repeat(), r.samples(),
                        r.errors(), fixed(r.errorPercent(), PERCENT_DECIMALS), r.incorrect(),
                        fixed(r.incorrectPercent(), PERCENT_DECIMALS), fixed(r.throughputPerSecond(), 3), fixed(r.meanMs(), 3),
                        fixed(r.stdDevMs(), 3), r.minMs(), r.maxMs(), r.p50Ms(), r.p90Ms(), r.p95Ms(), r.p99Ms(),
                        optional(r.cpuMicrosPerMessage(), 2), optional(r.serverCpuPercent(), 2),
                        optional(r.gcThroughputPercent(), 3), optional(r.heapAfterFullGcMb(), 1),
                        optional(r.generatorCpuPercent(), 2), optional(r.backendCpuPercent(), 2),
                        optional(r.machineCpuPercent(), 2), r.flags(), r.dashboard());
            }
        }
    }

    public static List<RepeatRow> read(Path file) throws IOException {
        List<RepeatRow> rows = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (CSVRecord c : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                try {
                    RepeatRow row = new RepeatRow(
                            new Point(c.get("scenario"), Integer.parseInt(c.get("users")),
                                    // Files written before the open model have no rate column: closed-model points.
                                    c.isMapped("rate") ? Integer.parseInt(c.get("rate")) : 0,
                                    Integer.parseInt(c.get("size_bytes")), Long.parseLong(c.get("delay_ms"))),
                            Integer.parseInt(c.get("repeat")), Long.parseLong(c.get("samples")),
                            Long.parseLong(c.get("errors")), Long.parseLong(c.get("incorrect")),
                            Double.parseDouble(c.get("throughput_per_s")), Double.parseDouble(c.get("mean_ms")),
                            Double.parseDouble(c.get("stddev_ms")), Long.parseLong(c.get("min_ms")),
                            Long.parseLong(c.get("max_ms")), Long.parseLong(c.get("p50_ms")),
                            Long.parseLong(c.get("p90_ms")), Long.parseLong(c.get("p95_ms")),
                            Long.parseLong(c.get("p99_ms")), boxed(c.get("cpu_us_per_msg")),
                            boxed(c.get("server_cpu_pct")), boxed(c.get("gc_throughput_pct")),
                            boxed(c.get("heap_after_full_gc_mb")), boxed(c.get("generator_cpu_pct")),
                            boxed(c.get("backend_cpu_pct")), boxed(c.get("machine_cpu_pct")),
                            c.get("flags"), c.get("dashboard"));
                    checkPercent(c, "error_pct", row.errorPercent());
                    checkPercent(c, "incorrect_pct", row.incorrectPercent());
                    rows.add(row);
                } catch (IllegalArgumentException e) {
                    throw new IOException(file + " line " + c.getRecordNumber() + ": " + e.getMessage(), e);
                }
            }
        }
        return rows;
    }

    /** A percentage column, when the file has it (older files do not), must say what the counts say. */
    private static void checkPercent(CSVRecord c, String column, double fromCounts) {
        if (!c.isMapped(column) || !c.isSet(column) || c.get(column).isBlank()) {
            return;
        }
        double written = Double.parseDouble(c.get(column));
        if (Math.abs(written - fromCounts) > Math.pow(10, -PERCENT_DECIMALS)) {
            throw new IllegalArgumentException(column + " is " + c.get(column) + " but the counts give "
                    + fixed(fromCounts, PERCENT_DECIMALS));
        }
    }

    private static Double boxed(String value) {
        return value == null || value.isBlank() ? null : Double.valueOf(value);
    }

    private static String optional(Double value, int decimals) {
        return value == null ? "" : fixed(value, decimals);
    }

    private static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
