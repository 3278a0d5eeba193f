package org.esbbench.report.points;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run's {@code summary.csv} (for tools) and the table of {@code summary.md} (for people): one row per point,
 * each figure the median over the point's repeats, with the lowest and highest beside throughput and p99.
 * Errors and incorrect replies are totals over the repeats; their percentages are of the samples of all
 * repeats ({@link PointSummary#errorPercent()}), {@value #PERCENT_DECIMALS} decimals in the CSV, 2 in the table.
 */
public final class PointSummaryWriter {
    /** Decimals of error % and incorrect % in the CSV: one failure in ten million samples is still visible. */
    static final int PERCENT_DECIMALS = 6;
    static final String[] COLUMNS = {"scenario", "users", "rate", "size_bytes", "delay_ms", "repeats", "samples", "errors",
            "error_pct", "incorrect", "incorrect_pct", "throughput_per_s", "throughput_min", "throughput_max", "mean_ms", "p50_ms", "p90_ms",
            "p95_ms", "p99_ms", "p99_min", "p99_max", "cpu_us_per_msg", "server_cpu_pct", "gc_throughput_pct",
            "heap_after_full_gc_mb", "generator_cpu_pct", "backend_cpu_pct", "machine_cpu_pct", "flags"};

    private PointSummaryWriter() {
    }

    public static void writeCsv(List<PointSummary> points, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             CSVPrinter printer = CSVFormat.DEFAULT.builder().setHeader(COLUMNS).build().print(out)) {
            for (PointSummary s : points) {
                Point p = s.point();
                List<Object> row = new ArrayList<>(List.of(p.scenario(), p.users(), p.rate(), p.sizeBytes(), p.delayMs(),
                        s.repeatCount(), s.samples(), s.errors(), fixed(s.errorPercent(), PERCENT_DECIMALS),
                        s.incorrect(), fixed(s.incorrectPercent(), PERCENT_DECIMALS)));
                row.add(median(s.throughputPerSecond(), 2));
                row.add(s.throughputPerSecond() == null ? "" : fixed(s.throughputPerSecond().min(), 2));
                row.add(s.throughputPerSecond() == null ? "" : fixed(s.throughputPerSecond().max(), 2));
                row.add(median(s.meanMs(), 2));
                row.add(median(s.p50Ms(), 1));
                row.add(median(s.p90Ms(), 1));
                row.add(median(s.p95Ms(), 1));
                row.add(median(s.p99Ms(), 1));
                row.add(s.p99Ms() == null ? "" : fixed(s.p99Ms().min(), 1));
                row.add(s.p99Ms() == null ? "" : fixed(s.p99Ms().max(), 1));
                row.add(median(s.cpuMicrosPerMessage(), 1));
                row.add(median(s.serverCpuPercent(), 1));
                row.add(median(s.gcThroughputPercent(), 2));
                row.add(median(s.heapAfterFullGcMb(), 1));
                row.add(median(s.generatorCpuPercent(), 1));
                row.add(median(s.backendCpuPercent(), 1));
                row.add(median(s.machineCpuPercent(), 1));
                row.add(String.join("; ", s.flags()));
                printer.printRecord(row);
            }
        }
    }

    /**
     * The Markdown table: medians, with [min–max] beside throughput and p99 when there were several repeats;
     * errors and incorrect replies as totals and percent of all the repeats' samples.
     */
    public static String markdown(List<PointSummary> points) {
        StringBuilder md = new StringBuilder();
        md.append("| scenario | users or rate | size | delay ms | repeats | samples | errors | error % | incorrect | incorrect % | throughput/s"
                + " | mean ms | p50 | p90 | p95 | p99 | CPU µs/msg | server CPU % | GC throughput % | heap after full GC MB"
                + " | generator CPU % | backend CPU % | machine CPU % | flags |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (PointSummary s : points) {
            Point p = s.point();
            md.append("| ").append(p.scenario())
                    .append(" | ").append(p.loadLabel())
                    .append(" | ").append(Point.sizeLabel(p.sizeBytes()))
                    .append(" | ").append(p.delayMs())
                    .append(" | ").append(s.repeatCount())
                    .append(" | ").append(s.samples())
                    .append(" | ").append(s.errors())
                    .append(" | ").append(fixed(s.errorPercent(), 2))
                    .append(" | ").append(s.incorrect())
                    .append(" | ").append(fixed(s.incorrectPercent(), 2))
                    .append(" | ").append(withRange(s.throughputPerSecond(), 1))
                    .append(" | ").append(dash(s.meanMs(), 2))
                    .append(" | ").append(dash(s.p50Ms(), 0))
                    .append(" | ").append(dash(s.p90Ms(), 0))
                    .append(" | ").append(dash(s.p95Ms(), 0))
                    .append(" | ").append(withRange(s.p99Ms(), 0))
                    .append(" | ").append(dash(s.cpuMicrosPerMessage(), 1))
                    .append(" | ").append(dash(s.serverCpuPercent(), 1))
                    .append(" | ").append(dash(s.gcThroughputPercent(), 2))
                    .append(" | ").append(dash(s.heapAfterFullGcMb(), 1))
                    .append(" | ").append(dash(s.generatorCpuPercent(), 1))
                    .append(" | ").append(dash(s.backendCpuPercent(), 1))
                    .append(" | ").append(dash(s.machineCpuPercent(), 1))
                    .append(" | ").append(s.flags().isEmpty() ? "" : "⚠ " + String.join("; ", s.flags()).replace("|", "/"))
                    .append(" |\n");
        }
        return md.toString();
    }

    private static String withRange(Spread s, int decimals) {
        if (s == null) {
            return "–";
        }
        String median = fixed(s.median(), decimals);
        return s.n() > 1 ? median + " [" + fixed(s.min(), decimals) + "–" + fixed(s.max(), decimals) + "]" : median;
    }

    private static String dash(Spread s, int decimals) {
        return s == null ? "–" : fixed(s.median(), decimals);
    }

    private static String median(Spread s, int decimals) {
        return s == null ? "" : fixed(s.median(), decimals);
    }

    private static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
