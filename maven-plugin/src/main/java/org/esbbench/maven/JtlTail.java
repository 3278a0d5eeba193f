package org.esbbench.maven;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Follows a JMeter CSV results file while JMeter appends to it, counting samples and failures, for the
 * progress line. It only ever hands whole records to the CSV parser: a chunk is cut at the last line end
 * outside quotes (an even number of quote characters before it; CSV escapes a quote by doubling it, so the
 * parity still tells), because a failure message may hold quoted commas and newlines.
 */
final class JtlTail {
    private final Path file;
    private long offset;
    private String pending = "";
    private List<String> header;
    private int timeStampColumn = -1;
    private int successColumn = -1;
    private long samples;
    private long failures;
    private long firstTimestamp = -1;

    JtlTail(Path file) {
        this.file = file;
    }

    Path file() { return file; }
    long samples() { return samples; }
    long failures() { return failures; }
    /** Start time (epoch ms) of the first sample, or -1 before any sample was written. */
    long firstTimestamp() { return firstTimestamp; }

    /** Reads what was appended since the last call; returns the number of new samples. */
    long poll() throws IOException {
        byte[] appended;
        try (InputStream in = Files.newInputStream(file)) {
            in.skipNBytes(offset);
            appended = in.readAllBytes();
        }
        offset += appended.length;
        String text = pending + new String(appended, StandardCharsets.UTF_8);
        int cut = lastRecordEnd(text);
        pending = text.substring(cut);
        return parse(text.substring(0, cut));
    }

    static int lastRecordEnd(String text) {
        int quotes = 0;
        int cut = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quotes++;
            } else if (c == '\n' && (quotes & 1) == 0) {
                cut = i + 1;
            }
        }
        return cut;
    }

    private long parse(String records) throws IOException {
        if (records.isEmpty()) {
            return 0;
        }
        long added = 0;
        try (CSVParser parser = CSVParser.parse(new StringReader(records), CSVFormat.DEFAULT)) {
            for (CSVRecord r : parser) {
                if (header == null) {
                    header = r.toList();
                    timeStampColumn = header.indexOf("timeStamp");
                    successColumn = header.indexOf("success");
                    continue;
                }
                added++;
                if (successColumn >= 0 && successColumn < r.size() && !"true".equals(r.get(successColumn))) {
                    failures++;
                }
                if (firstTimestamp < 0 && timeStampColumn >= 0 && timeStampColumn < r.size()) {
                    firstTimestamp = parseLong(r.get(timeStampColumn));
                }
            }
        }
        samples += added;
        return added;
    }

    private static long parseLong(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
