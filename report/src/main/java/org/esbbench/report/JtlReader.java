package org.esbbench.report;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Streams a JMeter CSV results file row by row (Commons CSV, so quoted failure messages with commas or line
 * breaks are read correctly); memory stays constant whatever the file's size. Columns are found by the header
 * JMeter writes, so the file's column order and optional columns do not matter.
 */
public final class JtlReader {
    private static final List<String> REQUIRED = List.of("timeStamp", "elapsed", "label", "responseCode", "success");
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder()
            .setHeader().setSkipHeaderRecord(true).setIgnoreEmptyLines(true).build();

    private JtlReader() {
    }

    /** Calls {@code sink} for every row of {@code file}, in file order; returns the number of rows. */
    public static long read(Path file, Consumer<Sample> sink) throws IOException {
        try (Reader reader = new BufferedReader(Files.newBufferedReader(file, StandardCharsets.UTF_8), 1 << 16)) {
            return read(reader, file.toString(), sink);
        }
    }

    static long read(Reader reader, String name, Consumer<Sample> sink) throws IOException {
        try (CSVParser parser = FORMAT.parse(reader)) {
            Columns columns = Columns.of(parser.getHeaderNames(), name);
            long rows = 0;
            for (CSVRecord record : parser) {
                try {
                    sink.accept(columns.sample(record));
                } catch (NumberFormatException e) {
                    throw new IOException(name + " line " + parser.getCurrentLineNumber() + ": not a number where one"
                            + " belongs (" + e.getMessage() + "); JTL timestamps must be epoch milliseconds"
                            + " (jmeter.save.saveservice.timestamp_format=ms)", e);
                }
                rows++;
            }
            return rows;
        }
    }

    /** Column indexes resolved once from the header, so each row costs array reads only. */
    private record Columns(int timeStamp, int elapsed, int label, int responseCode, int success, int failureMessage,
                           int bytes, int sentBytes, int grpThreads, int allThreads, int latency, int connect) {

        static Columns of(List<String> header, String name) throws IOException {
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < header.size(); i++) {
                index.put(header.get(i).trim().toLowerCase(Locale.ROOT), i);
            }
            for (String required : REQUIRED) {
                if (!index.containsKey(required.toLowerCase(Locale.ROOT))) {
                    throw new IOException(name + " is not a JMeter CSV results file with a header: column '" + required
                            + "' is missing (found " + header + ")");
                }
            }
            return new Columns(index.get("timestamp"), index.get("elapsed"), index.get("label"),
                    index.get("responsecode"), index.get("success"), index.getOrDefault("failuremessage", -1),
                    index.getOrDefault("bytes", -1), index.getOrDefault("sentbytes", -1),
                    index.getOrDefault("grpthreads", -1), index.getOrDefault("allthreads", -1),
                    index.getOrDefault("latency", -1), index.getOrDefault("connect", -1));
        }

        Sample sample(CSVRecord record) {
            return new Sample(
                    Long.parseLong(record.get(timeStamp)),
                    Long.parseLong(record.get(elapsed)),
                    record.get(label),
                    record.get(responseCode),
                    "true".equalsIgnoreCase(record.get(success)),
                    text(record, failureMessage),
                    number(record, bytes),
                    number(record, sentBytes),
                    (int) number(record, grpThreads),
                    (int) number(record, allThreads),
                    number(record, latency),
                    number(record, connect));
        }

        private static String text(CSVRecord record, int column) {
            return column < 0 || column >= record.size() ? "" : record.get(column);
        }

        private static long number(CSVRecord record, int column) {
            if (column < 0 || column >= record.size()) {
                return 0;
            }
            String value = record.get(column);
            return value.isEmpty() ? 0 : Long.parseLong(value);
        }
    }
}
