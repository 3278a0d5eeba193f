package org.esbbench.report.folder;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code processes.csv}: every process a run started, kept by the plugin's process registry (the one place of
 * process bookkeeping) and read back by the stop goal, by a build that must clean up after a failed one, and by
 * the analysis for run.json. The file is rewritten whole through a temporary file on each change, so a reader
 * never sees half of it.
 */
public final class ProcessesFile {
    private static final String[] COLUMNS = {"name", "pid", "startedAtMs", "stoppedAtMs", "log", "command", "stopSignal",
            "processGroup"};
    /** The signal that stops a process unless its entry names another (files written before the column had none). */
    public static final String DEFAULT_STOP_SIGNAL = "TERM";
    /** The kernel gives a process's start in whole seconds from its boot time; the build recorded its own clock. */
    private static final long START_SLACK_MS = 2_000;

    /**
     * One started process.
     *
     * @param name        its role: server, backend, monitor, jmeter-NAME
     * @param pid         its process id
     * @param startedAtMs when it was started (epoch ms)
     * @param stoppedAtMs when the run stopped it or saw it end; empty while it runs
     * @param log         its console output
     * @param command     its command line, space separated
     * @param stopSignal  the signal that asks it to stop (TERM, INT, QUIT; a kill follows the grace period): a
     *                    server started from a target profile may want another than TERM (nginx: QUIT, graceful)
     * @param processGroup the process group (a session of its own) the process leads, when it was started in one
     *                    (a target profile's server.command or broker.command): what is stopped as a whole, also the
     *                    processes re-parented after their parent died; empty for the others and in files written
     *                    before the column existed
     */
    public record Entry(String name, long pid, long startedAtMs, OptionalLong stoppedAtMs, String log, String command,
                        String stopSignal, OptionalLong processGroup) {
        public Entry(String name, long pid, long startedAtMs, OptionalLong stoppedAtMs, String log, String command) {
            this(name, pid, startedAtMs, stoppedAtMs, log, command, DEFAULT_STOP_SIGNAL);
        }

        public Entry(String name, long pid, long startedAtMs, OptionalLong stoppedAtMs, String log, String command,
                     String stopSignal) {
            this(name, pid, startedAtMs, stoppedAtMs, log, command, stopSignal, OptionalLong.empty());
        }

        public boolean running() {
            return stoppedAtMs.isEmpty();
        }

        /**
         * This entry's process, if it still runs: a live process with its pid that had started by the time this
         * entry was recorded. The pid alone is not enough once the process has ended: pids wrap (at 32768 on many
         * machines, several times in one smoke build, since every thread takes one) and a later process or thread
         * may have it.
         */
        public Optional<ProcessHandle> stillRunning() {
            return ProcessesFile.stillRunning(pid, startedAtMs);
        }

        public Entry stoppedAt(long epochMs) {
            return new Entry(name, pid, startedAtMs, OptionalLong.of(epochMs), log, command, stopSignal, processGroup);
        }
    }

    private ProcessesFile() {
    }

    /** The process of pid {@code pid} recorded as started at {@code startedAtMs}, if it still runs: see {@link Entry#stillRunning}. */
    public static Optional<ProcessHandle> stillRunning(long pid, long startedAtMs) {
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(h -> h.info().startInstant()
                .map(start -> start.toEpochMilli() <= startedAtMs + START_SLACK_MS).orElse(true));
    }

    public static void write(Path file, List<Entry> entries) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8);
             CSVPrinter printer = CSVFormat.DEFAULT.builder().setHeader(COLUMNS).build().print(out)) {
            for (Entry e : entries) {
                printer.printRecord(e.name(), e.pid(), e.startedAtMs(),
                        e.stoppedAtMs().isPresent() ? Long.toString(e.stoppedAtMs().getAsLong()) : "", e.log(), e.command(),
                        e.stopSignal(),
                        e.processGroup().isPresent() ? Long.toString(e.processGroup().getAsLong()) : "");
            }
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The entries in the order the processes were started; empty when there is no file. */
    public static List<Entry> read(Path file) throws IOException {
        List<Entry> entries = new ArrayList<>();
        if (!Files.exists(file)) {
            return entries;
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                try {
                    String stopped = r.get("stoppedAtMs");
                    entries.add(new Entry(r.get("name"), Long.parseLong(r.get("pid")), Long.parseLong(r.get("startedAtMs")),
                            stopped.isBlank() ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(stopped)),
                            r.get("log"), r.get("command"),
                            r.isMapped("stopSignal") && !r.get("stopSignal").isBlank() ? r.get("stopSignal") : DEFAULT_STOP_SIGNAL,
                            optionalLong(r, "processGroup")));
                } catch (IllegalArgumentException e) {
                    throw new IOException(file + " line " + r.getRecordNumber() + ": " + e.getMessage(), e);
                }
            }
        }
        return entries;
    }

    /** A column's number, empty when blank or when the file predates the column (a resumed run reads old files). */
    private static OptionalLong optionalLong(CSVRecord r, String column) {
        if (!r.isMapped(column) || !r.isSet(column) || r.get(column).isBlank()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Long.parseLong(r.get(column).strip()));
    }
}
