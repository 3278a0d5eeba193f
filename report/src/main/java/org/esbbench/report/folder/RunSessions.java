package org.esbbench.report.folder;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code sessions.csv}: one row per build that measured into a run folder, written by check: session 1 for a new
 * run, n for the n-th build of a resumed one, with what the folder held when it began. The run goals read the
 * current session's number from it (per-session GC log names), run.json lists the rows.
 */
public final class RunSessions {
    private static final String[] COLUMNS = {"session", "startedAtMs", "complete", "interrupted", "pending", "explicit"};

    /**
     * One build of the run.
     *
     * @param session     1 for the build that planned the run, then 2, 3 ... for each resume
     * @param startedAtMs when its check ran (epoch ms)
     * @param complete    scenario runs already complete when it began
     * @param interrupted scenario runs it found interrupted (their files moved to {@code partial/s<n>/})
     * @param pending     scenario runs it set out to measure
     * @param explicit    the run parameters the build gave on its command line, "name=value" separated by spaces
     */
    public record Session(int session, long startedAtMs, int complete, int interrupted, int pending, String explicit) {
    }

    private RunSessions() {
    }

    public static List<Session> read(Path file) throws IOException {
        List<Session> sessions = new ArrayList<>();
        if (!Files.exists(file)) {
            return sessions;
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                try {
                    sessions.add(new Session(Integer.parseInt(r.get("session")), Long.parseLong(r.get("startedAtMs")),
                            Integer.parseInt(r.get("complete")), Integer.parseInt(r.get("interrupted")),
                            Integer.parseInt(r.get("pending")), r.get("explicit")));
                } catch (IllegalArgumentException e) {
                    throw new IOException(file + " line " + r.getRecordNumber() + ": " + e.getMessage(), e);
                }
            }
        }
        return sessions;
    }

    /**
     * The number the next build of the run gets: one past the last row; 2 for a folder planned before sessions were
     * recorded (its only build was session 1), 1 for a folder with no run parameters file yet.
     */
    public static int next(RunLayout layout) throws IOException {
        List<Session> sessions = read(layout.sessions());
        if (!sessions.isEmpty()) {
            return sessions.get(sessions.size() - 1).session() + 1;
        }
        return Files.exists(layout.runParametersFile()) ? 2 : 1;
    }

    /** The session measuring now: the last row's number, 1 when there is none. */
    public static int current(RunLayout layout) throws IOException {
        List<Session> sessions = read(layout.sessions());
        return sessions.isEmpty() ? 1 : sessions.get(sessions.size() - 1).session();
    }

    /** Appends one row (and the header when the file is new). */
    public static void append(Path file, Session session) throws IOException {
        CsvAppend.row(file, COLUMNS, session.session(), session.startedAtMs(), session.complete(), session.interrupted(),
                session.pending(), session.explicit());
    }
}
