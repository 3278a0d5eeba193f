package org.esbbench.report;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes {@code summary.csv} (for tools) and {@code summary.md} (for people), one row per scenario run. Errors and
 * incorrect replies (counted by {@link Sample#outcomeOf(boolean, String)}) are given as counts and as percent of
 * the measurement window's samples: {@value #PERCENT_DECIMALS} decimals in the CSV, 2 in the table.
 */
public final class SummaryWriter {
    static final int PERCENT_DECIMALS = 6;
    static final String[] COLUMNS = {"scenario", "heap", "users", "size_bytes", "delay_ms", "samples", "errors",
            "error_pct", "incorrect_replies", "incorrect_pct", "throughput_per_s", "avg_ms", "stddev_ms", "p50_ms", "p90_ms", "p95_ms", "p99_ms",
            "cpu_us_per_msg"};

    private SummaryWriter() {
    }

    public static void writeCsv(List<SummaryRow> rows, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             CSVPrinter printer = CSVFormat.DEFAULT.builder().setHeader(COLUMNS).build().print(out)) {
            for (SummaryRow row : rows) {
                Statistics s = row.statistics();
                printer.printRecord(row.scenario(), row.heap(), row.users(), row.sizeBytes(), row.delayMillis(),
                        s.samples(), s.errors(), fixed(s.errorPercent(), PERCENT_DECIMALS), s.incorrect(),
                        fixed(s.incorrectPercent(), PERCENT_DECIMALS), fixed(s.throughputPerSecond(), 2),
                        fixed(s.meanMillis(), 2), fixed(s.stdDevMillis(), 2), s.p50Millis(), s.p90Millis(),
                        s.p95Millis(), s.p99Millis(),
                        row.cpuMicrosPerMessage() == null ? "" : fixed(row.cpuMicrosPerMessage(), 1));
            }
        }
    }

    public static String markdown(List<SummaryRow> rows) {
        StringBuilder md = new StringBuilder();
        md.append("| scenario | heap | users | size | delay ms | samples | errors | error % | incorrect | incorrect % | throughput/s"
                + " | avg ms | std dev | p50 | p90 | p95 | p99 | CPU µs/msg |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (SummaryRow row : rows) {
            Statistics s = row.statistics();
            md.append("| ").append(row.scenario())
                    .append(" | ").append(row.heap().isEmpty() ? "–" : row.heap())
                    .append(" | ").append(row.users())
                    .append(" | ").append(size(row.sizeBytes()))
                    .append(" | ").append(row.delayMillis())
                    .append(" | ").append(s.samples())
                    .append(" | ").append(s.errors())
                    .append(" | ").append(fixed(s.errorPercent(), 2))
                    .append(" | ").append(s.incorrect())
                    .append(" | ").append(fixed(s.incorrectPercent(), 2))
                    .append(" | ").append(fixed(s.throughputPerSecond(), 1))
                    .append(" | ").append(fixed(s.meanMillis(), 2))
                    .append(" | ").append(fixed(s.stdDevMillis(), 2))
                    .append(" | ").append(s.p50Millis())
                    .append(" | ").append(s.p90Millis())
                    .append(" | ").append(s.p95Millis())
                    .append(" | ").append(s.p99Millis())
                    .append(" | ").append(row.cpuMicrosPerMessage() == null ? "–" : fixed(row.cpuMicrosPerMessage(), 1))
                    .append(" |\n");
        }
        return md.toString();
    }

    /** The failure messages of every row that has any, for the summary's "what failed" section. */
    public static String failures(List<SummaryRow> rows) {
        StringBuilder md = new StringBuilder();
        for (SummaryRow row : rows) {
            Map<String, Long> messages = row.statistics().failureMessages();
            if (messages.isEmpty()) {
                continue;
            }
            md.append("- **").append(row.scenario()).append("**: ").append(row.statistics().errors())
                    .append(" errors, ").append(row.statistics().incorrect()).append(" incorrect replies\n");
            messages.forEach((message, count) -> md.append("  - ").append(count).append(" × `")
                    .append(message.replace('`', '\'').replace('\n', ' ')).append("`\n"));
        }
        return md.toString();
    }

    static String size(int bytes) {
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + " KiB";
        }
        return bytes + " B";
    }

    private static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
