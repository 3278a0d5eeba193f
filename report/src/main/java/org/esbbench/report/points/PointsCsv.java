package org.esbbench.report.points;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.figures.Combination;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.samples.LatencyTiming;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's {@code points.csv}: one row per repeat of each point, a column per figure of the catalogue (empty when
 * unknown), then its flags and dashboard. It is the machine-readable record that comparisons, regression checks,
 * charts and the results index read back.
 *
 * <p>Reading is by column name: a file written before a figure existed reads with that figure unknown. A
 * percentage (error %, incorrect %) follows from the counts beside it: reading checks that they agree, and
 * computes it from the counts when the column is missing.
 */
public final class PointsCsv {
    public static final String FILE_NAME = org.esbbench.report.folder.RunLayout.POINTS;
    /**
     * How the repeat's response times were timed ({@link LatencyTiming#code()}: us, ms, mixed); files written before
     * it have no such column, their figures being of whole milliseconds.
     */
    public static final String LATENCY_TIMING = "latency_timing";

    private PointsCsv() {
    }

    public static List<String> columns(Figures figures) {
        List<String> columns = new ArrayList<>(PointColumns.NAMES);
        columns.add("repeat");
        figures.all().forEach(f -> columns.add(f.id()));
        columns.add("flags");
        columns.add("dashboard");
        columns.add(LATENCY_TIMING);
        return columns;
    }

    public static void write(List<RepeatRow> rows, Path file) throws IOException {
        write(rows, file, Figures.standard());
    }

    public static void write(List<RepeatRow> rows, Path file, Figures figures) throws IOException {
        List<List<Object>> records = new ArrayList<>();
        for (RepeatRow r : rows) {
            List<Object> record = new ArrayList<>(PointColumns.values(r.point()));
            record.add(r.repeat());
            figures.all().forEach(f -> record.add(f.recorded(r.value(f))));
            record.add(r.flags());
            record.add(r.dashboard());
            record.add(r.latencyTiming().map(LatencyTiming::code).orElse(""));
            records.add(record);
        }
        CsvTable.write(file, columns(figures), records);
    }

    public static List<RepeatRow> read(Path file) throws IOException {
        return read(file, Figures.standard());
    }

    public static List<RepeatRow> read(Path file, Figures figures) throws IOException {
        List<RepeatRow> rows = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (CSVRecord c : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                try {
                    rows.add(row(c, figures));
                } catch (IllegalArgumentException e) {
                    throw new IOException(file + " line " + c.getRecordNumber() + ": " + e.getMessage(), e);
                }
            }
        }
        return rows;
    }

    private static RepeatRow row(CSVRecord c, Figures figures) {
        Map<Figure, Double> values = new LinkedHashMap<>();
        for (Figure f : figures.all()) {
            values.put(f, number(c, f.id()));
        }
        for (Figure f : figures.all()) {
            if (f.combination() == Combination.PERCENT) {
                Double fromCounts = Figure.percentOf(values.get(f.part().orElseThrow()), values.get(f.whole().orElseThrow()));
                checkPercent(f, values.get(f), fromCounts);
                // the counts are exact where the column is rounded to its decimals
                values.put(f, fromCounts == null ? values.get(f) : fromCounts);
            }
        }
        String timing = text(c, LATENCY_TIMING);
        return new RepeatRow(PointColumns.read(c), Integer.parseInt(c.get("repeat")), values, text(c, "flags"),
                text(c, "dashboard"), timing.isBlank() ? null : LatencyTiming.ofCode(timing).orElseThrow(() ->
                new IllegalArgumentException(LATENCY_TIMING + " '" + timing + "' is none of us, ms, mixed")));
    }

    /** A percentage column, when the file has it, must say what the counts say (to its decimals). */
    private static void checkPercent(Figure f, Double written, Double fromCounts) {
        if (written == null || fromCounts == null) {
            return;
        }
        if (Math.abs(written - fromCounts) > Math.pow(10, -f.decimals())) {
            throw new IllegalArgumentException(f.id() + " is " + f.recorded(written) + " but the counts give "
                    + f.recorded(fromCounts));
        }
    }

    private static Double number(CSVRecord c, String column) {
        String value = text(c, column);
        return value.isBlank() ? null : Double.valueOf(value);
    }

    private static String text(CSVRecord c, String column) {
        return c.isMapped(column) && c.isSet(column) ? c.get(column) : "";
    }
}
