package org.esbbench.maven.profiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.profiles.ProfileEvent;
import org.esbbench.report.profiles.ProfileFiles;
import org.esbbench.report.profiles.ProfileRecord;
import org.esbbench.report.profiles.ProfileRecord.Profiler;

/**
 * How a run profiles its server, decided once as its servers start ({@link ProfilerChoice}) and kept in {@code
 * profiles/profiler.properties} for the goals after it: the event and its interval, the profiler, how it reaches the
 * server's JVM, async-profiler's library, the process of a server started by hand, and a note (why this profiler, or
 * why none).
 *
 * @param event       what is sampled
 * @param interval    its interval, in async-profiler's notation
 * @param profiler    who profiles; {@link Profiler#NONE} when nothing can
 * @param reach       how the profiler gets into the server's JVM
 * @param library     async-profiler's library in the run folder (with {@link Profiler#ASYNC_PROFILER})
 * @param externalPid the process of a server the suite did not start (0: the started server, found at each window)
 * @param note        why this profiler rather than async-profiler, or why none ("" when nothing needs saying)
 */
public record ProfilerPlan(ProfileEvent event, String interval, Profiler profiler, Reach reach, Optional<Path> library,
                           long externalPid, String note) {
    static final String FILE = "profiler.properties";

    /** How the profiler gets into the server's JVM. */
    public enum Reach {
        /** async-profiler's library given to the JVM at its start ({@code -agentpath}), its windows started by attach. */
        AGENT_AT_START,
        /** The JVM attached to at each window (async-profiler's library loaded then, or Flight Recorder's commands). */
        ATTACH,
        /** Not at all: the note says why. */
        NONE
    }

    public ProfilerPlan {
        note = note == null ? "" : note;
    }

    /** No profile, and why. */
    static ProfilerPlan none(ProfileEvent event, String interval, String why) {
        return new ProfilerPlan(event, interval, Profiler.NONE, Reach.NONE, Optional.empty(), 0, why);
    }

    /** The JVM flags a server the suite starts gets for this run's profile: the agent, or none. */
    public static List<String> serverJvmFlags(RunLayout layout) throws IOException {
        Optional<ProfilerPlan> plan = read(layout);
        if (plan.isPresent() && plan.get().reach() == Reach.AGENT_AT_START && plan.get().library().isPresent()) {
            return List.of(agentFlag(plan.get().library().get()));
        }
        return List.of();
    }

    /**
     * {@code -agentpath:LIB}, with no command: the library is loaded as the JVM starts (so it sees every method
     * compiled, and turns on the JIT's debug information between safepoints that makes inlined frames exact), and
     * samples nothing until a window starts it.
     */
    static String agentFlag(Path library) {
        return "-agentpath:" + library;
    }

    /** The record of a scenario run that this plan could not profile at all. */
    ProfileRecord noProfile(String why) {
        return ProfileRecord.none(event, interval, why);
    }

    /** What check and start say of it, in a line. */
    public String describe() {
        String what = event.id() + " every " + interval;
        return switch (reach) {
            case AGENT_AT_START -> "profile: " + what + " by async-profiler, its library an agent of the server's JVM"
                    + " from its start, sampling during each measurement window" + noteSuffix();
            case ATTACH -> "profile: " + what + " by " + profiler.label() + ", attached to the server's JVM"
                    + (externalPid > 0 ? " (pid " + externalPid + ")" : "") + " for each measurement window"
                    + noteSuffix();
            case NONE -> "profile: none: " + note;
        };
    }

    private String noteSuffix() {
        return note.isEmpty() ? "" : " (" + note + ")";
    }

    /** The run's plan; empty when it does not profile (or was made before profiles existed). */
    public static Optional<ProfilerPlan> read(RunLayout layout) throws IOException {
        Path file = layout.profiles().resolve(FILE);
        Optional<Properties> read = ProfileFiles.read(file);
        if (read.isEmpty()) {
            return Optional.empty();
        }
        Properties p = read.get();
        try {
            String lib = p.getProperty("library", "");
            return Optional.of(new ProfilerPlan(ProfileEvent.parse(p.getProperty("event")), p.getProperty("interval", ""),
                    Profiler.parse(p.getProperty("profiler", "none")), Reach.valueOf(p.getProperty("reach", "NONE")),
                    lib.isEmpty() ? Optional.empty() : Optional.of(Path.of(lib)),
                    Long.parseLong(p.getProperty("externalPid", "0")), p.getProperty("note", "")));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /** Writes the plan into the run folder; a run without a profile removes an earlier session's. */
    void write(RunLayout layout) throws IOException {
        Properties p = new Properties();
        p.setProperty("event", event.id());
        p.setProperty("interval", interval);
        p.setProperty("profiler", profiler.id());
        p.setProperty("reach", reach.name());
        p.setProperty("library", library.map(Path::toString).orElse(""));
        p.setProperty("externalPid", Long.toString(externalPid));
        p.setProperty("note", note);
        ProfileFiles.write(layout.profiles().resolve(FILE), p,
                "how this run profiles its server (esb-bench -Dprofile)");
    }

    /** A run (or session) without a profile leaves no plan of an earlier one. */
    static void forget(RunLayout layout) throws IOException {
        Files.deleteIfExists(layout.profiles().resolve(FILE));
    }
}
