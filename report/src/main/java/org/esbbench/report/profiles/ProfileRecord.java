package org.esbbench.report.profiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * How one scenario run's profile was taken ({@code profiles/NAME.properties}), written by the run goal as the
 * profiler stops, read by the analysis: which profiler, the event and its interval, the server's process, when the
 * profiler ran (it starts before the measurement window and stops after it; the analysis cuts the recording to the
 * window), and a note: why this profiler and not async-profiler, or why there is no profile at all.
 *
 * @param profiler  which profiler took it; {@link Profiler#NONE} when none could
 * @param event     the event sampled
 * @param interval  its interval, in async-profiler's notation
 * @param pid       the server's process (0 when there was none to profile)
 * @param startedMs when the profiler started, epoch ms (0 when it never did)
 * @param stoppedMs when it stopped and wrote its recording, epoch ms (0 when it never did)
 * @param note      why not async-profiler, or why no profile ("" when async-profiler took it as planned)
 */
public record ProfileRecord(Profiler profiler, ProfileEvent event, String interval, long pid, long startedMs,
                            long stoppedMs, String note) {

    /** The flag of a point whose server was profiled during its window: its figures carry the profiler's cost. */
    public static final String FLAG = "profiled";

    /** Who took a profile. */
    public enum Profiler {
        ASYNC_PROFILER("async-profiler", "async-profiler"),
        JFR("jfr", "JDK Flight Recorder"),
        NONE("none", "none");

        private final String id;
        private final String label;

        Profiler(String id, String label) {
            this.id = id;
            this.label = label;
        }

        public String id() {
            return id;
        }

        /** Its name for readers: "async-profiler", "JDK Flight Recorder". */
        public String label() {
            return label;
        }

        /** The profiler whose {@link #id()} is {@code id}; IllegalArgumentException for any other. */
        public static Profiler parse(String id) {
            for (Profiler p : values()) {
                if (p.id.equals(id)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("unknown profiler '" + id + "'");
        }
    }

    public ProfileRecord {
        note = note == null ? "" : note.strip();
        interval = interval == null ? "" : interval;
    }

    /** No profile of the run's scenario runs, and why. */
    public static ProfileRecord none(ProfileEvent event, String interval, String why) {
        return new ProfileRecord(Profiler.NONE, event, interval, 0, 0, 0, why);
    }

    /** Whether a profiler ran and stopped, so that a recording should be there. */
    public boolean taken() {
        return profiler != Profiler.NONE && stoppedMs > 0;
    }

    /** The same record, the profiler stopped at {@code atMs}. */
    public ProfileRecord stoppedAt(long atMs) {
        return new ProfileRecord(profiler, event, interval, pid, startedMs, atMs, note);
    }

    /** The same record with {@code more} added to its note. */
    public ProfileRecord noting(String more) {
        return new ProfileRecord(profiler, event, interval, pid, startedMs, stoppedMs,
                note.isEmpty() ? more : note + "; " + more);
    }

    /** The point's flag: "profiled: cpu every 10ms by async-profiler". */
    public String flag() {
        return FLAG + ": " + event.id() + " every " + interval + " by " + profiler.label();
    }

    /** The record of scenario run {@code name} in the run folder's {@code profiles/}; empty when it has none. */
    public static Optional<ProfileRecord> read(Path file) throws IOException {
        Optional<Properties> read = ProfileFiles.read(file);
        if (read.isEmpty()) {
            return Optional.empty();
        }
        Properties p = read.get();
        try {
            return Optional.of(new ProfileRecord(Profiler.parse(p.getProperty("profiler", "")),
                    ProfileEvent.parse(p.getProperty("event", "")), p.getProperty("interval", ""),
                    Long.parseLong(p.getProperty("pid", "0")), Long.parseLong(p.getProperty("startedMs", "0")),
                    Long.parseLong(p.getProperty("stoppedMs", "0")), p.getProperty("note", "")));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    public void write(Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty("profiler", profiler.id());
        p.setProperty("event", event.id());
        p.setProperty("interval", interval);
        p.setProperty("pid", Long.toString(pid));
        p.setProperty("startedMs", Long.toString(startedMs));
        p.setProperty("stoppedMs", Long.toString(stoppedMs));
        p.setProperty("note", note);
        ProfileFiles.write(file, p, "how this scenario run's profile was taken (esb-bench -Dprofile)");
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s %s every %s (pid %d)%s", profiler.label(), event.id(), interval, pid,
                note.isEmpty() ? "" : ": " + note);
    }
}
