package org.esbbench.report.folder;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@code scenario-runs.csv}: one row appended by the run goal as each scenario run ends, so what happened to
 * every scenario run (its times, JMeter's exit, what went wrong) outlives the build that ran it. The analysis
 * reads it to name the scenario runs that failed and why.
 */
public final class ScenarioRunJournal {
    private static final String[] COLUMNS = {"name", "startedAtMs", "endedAtMs", "exitCode", "problem"};

    /**
     * How one scenario run ended.
     *
     * @param name        the scenario run's name ({@link RunLayout#scenarioRunName})
     * @param startedAtMs when JMeter was started (epoch ms)
     * @param endedAtMs   when it ended
     * @param exitCode    JMeter's exit code, empty when it was stopped or never started
     * @param problem     what went wrong, empty when nothing did
     */
    public record Entry(String name, long startedAtMs, long endedAtMs, Optional<Integer> exitCode, String problem) {
        public boolean failed() {
            return !problem.isBlank();
        }
    }

    private ScenarioRunJournal() {
    }

    /** Appends one entry (and the header when the file is new). */
    public static void append(Path file, Entry entry) throws IOException {
        CsvAppend.row(file, COLUMNS, entry.name(), entry.startedAtMs(), entry.endedAtMs(),
                entry.exitCode().map(String::valueOf).orElse(""), entry.problem().replace('\n', ' '));
    }

    /**
     * Cuts a torn last line (a build killed while appending leaves the file without its final newline) back to the
     * last complete row, so the journal reads again and the next append starts on a line of its own.
     *
     * @return the fragment that was cut off, empty when the file ended cleanly (or does not exist)
     */
    public static Optional<String> repairTail(Path file) throws IOException {
        if (!Files.exists(file) || Files.size(file) == 0) {
            return Optional.empty();
        }
        byte[] bytes = Files.readAllBytes(file);
        if (bytes[bytes.length - 1] == '\n') {
            return Optional.empty();
        }
        int keep = bytes.length;
        while (keep > 0 && bytes[keep - 1] != '\n') {
            keep--;
        }
        String fragment = new String(bytes, keep, bytes.length - keep, StandardCharsets.UTF_8);
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(keep);
        }
        return Optional.of(fragment);
    }

    /** The entries by scenario run name (the last one wins when a name repeats); empty when there is no file. */
    public static Map<String, Entry> read(Path file) throws IOException {
        Map<String, Entry> entries = new LinkedHashMap<>();
        for (Entry e : readAll(file)) {
            entries.put(e.name(), e);
        }
        return entries;
    }

    /**
     * Every row in the order it was appended (a resumed run may hold several attempts of one name). A torn last line
     * (no final newline: a build killed while appending) is no row: what it began to record never ended well.
     */
    public static java.util.List<Entry> readAll(Path file) throws IOException {
        java.util.List<Entry> entries = new java.util.ArrayList<>();
        if (!Files.exists(file)) {
            return entries;
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        try (Reader in = new java.io.StringReader(text.substring(0, text.lastIndexOf('\n') + 1))) {
            for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                try {
                    String exit = r.get("exitCode");
                    entries.add(new Entry(r.get("name"), Long.parseLong(r.get("startedAtMs")),
                            Long.parseLong(r.get("endedAtMs")),
                            exit.isBlank() ? Optional.empty() : Optional.of(Integer.parseInt(exit)), r.get("problem")));
                } catch (IllegalArgumentException e) {
                    throw new IOException(file + " line " + r.getRecordNumber() + ": " + e.getMessage(), e);
                }
            }
        }
        return entries;
    }
}
