package org.esbbench.report.samples;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Follows a JMeter CSV results file while JMeter appends to it, counting samples and failures (for the run's
 * progress line), with the same reader the analysis uses ({@link JtlReader}, FastCSV).
 *
 * <p>Each {@link #poll()} reads what was appended since the last one and hands only whole records to the reader:
 * the text is cut at the last line end outside quotes (an even number of quote characters before it; CSV escapes a
 * quote by doubling it, so the parity still tells), because a failure message may hold quoted commas and line
 * breaks and JMeter may be half-way through writing a row. The rest waits for the next poll. The header line is
 * kept and put before every chunk, so each chunk reads as a file of its own and columns are found by name.
 */
public final class JtlFollower {
    private final Path file;
    private long offset;
    private String pending = "";
    private String header;
    private long samples;
    private long failures;
    private long firstTimestamp = -1;

    public JtlFollower(Path file) {
        this.file = file;
    }

    /** Samples read so far. */
    public long samples() {
        return samples;
    }

    /** Samples read so far that failed (errors and incorrect replies). */
    public long failures() {
        return failures;
    }

    /** Start time (epoch ms) of the first sample, or -1 before any sample was written. */
    public long firstTimestamp() {
        return firstTimestamp;
    }

    /**
     * Reads what was appended since the last call; returns the number of new samples (0 while the file does not
     * exist yet).
     *
     * @throws IOException when the file cannot be read or is not a JMeter CSV results file
     */
    public long poll() throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        byte[] appended;
        try (InputStream in = Files.newInputStream(file)) {
            in.skipNBytes(offset);
            appended = in.readAllBytes();
        }
        // A multi-byte character cut at the end is completed by the next poll: only whole lines are decoded.
        int lastLineEnd = lastIndexOf(appended, (byte) '\n');
        if (lastLineEnd < 0) {
            return 0;
        }
        offset += lastLineEnd + 1;
        String text = pending + new String(appended, 0, lastLineEnd + 1, StandardCharsets.UTF_8);
        int cut = lastRecordEnd(text);
        pending = text.substring(cut);
        String records = text.substring(0, cut);
        if (header == null) {
            int headerEnd = records.indexOf('\n');
            if (headerEnd < 0) {
                return 0;
            }
            header = records.substring(0, headerEnd + 1);
            records = records.substring(headerEnd + 1);
        }
        return records.isEmpty() ? 0 : count(records);
    }

    private long count(String records) throws IOException {
        long[] added = {0};
        JtlReader.read(new StringReader(header + records), file.toString(), sample -> {
            added[0]++;
            if (!sample.success()) {
                failures++;
            }
            if (firstTimestamp < 0) {
                firstTimestamp = sample.startMillis();
            }
        });
        samples += added[0];
        return added[0];
    }

    /** The index just after the last line end outside quotes, 0 when there is none. */
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

    private static int lastIndexOf(byte[] bytes, byte b) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
