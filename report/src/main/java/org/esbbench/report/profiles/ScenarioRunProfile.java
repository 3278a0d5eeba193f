package org.esbbench.report.profiles;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Locale;
import java.util.Optional;
import org.esbbench.report.folder.RunLayout;

/**
 * One scenario run's profile as the analysis finds it: how it was taken ({@link ProfileRecord}) and its stacks of the
 * measurement window, or what is wrong with it (no profiler could run; the recording is missing or unreadable; the
 * profiler did not cover the whole window).
 *
 * @param name    the scenario run
 * @param record  how its profile was taken
 * @param stacks  its stacks of the window (empty without a profile)
 * @param problem what keeps the profile from being the window's whole one; "" when nothing does
 */
public record ScenarioRunProfile(String name, ProfileRecord record, CollapsedStacks stacks, String problem,
                                 long samples) {
    /** How far inside the window the profiler may have started, or stopped before its end. */
    static final long COVERAGE_TOLERANCE_MS = 1000;

    public ScenarioRunProfile(String name, ProfileRecord record, CollapsedStacks stacks, String problem) {
        this(name, record, stacks, problem, stacks.total());
    }

    /** Whether the scenario run has a profile to show. */
    public boolean profiled() {
        return record.taken() && samples > 0;
    }

    /** The same, its stacks let go (their total kept): what a summary keeps of each repeat. */
    public ScenarioRunProfile withoutStacks() {
        return new ScenarioRunProfile(name, record, CollapsedStacks.empty(), problem, samples);
    }

    /**
     * Cuts scenario run {@code name}'s recording to its measurement window, {@code fromMs} to {@code toMs} (epoch ms,
     * the analysis's own window), into its flame graph and collapsed stacks; empty when the run was not profiled
     * (no record).
     */
    public static Optional<ScenarioRunProfile> analyse(RunLayout layout, String name, long fromMs, long toMs)
            throws IOException {
        Optional<ProfileRecord> read = ProfileRecord.read(layout.profileRecord(name));
        if (read.isEmpty()) {
            return Optional.empty();
        }
        ProfileRecord record = read.get();
        if (!record.taken()) {
            return Optional.of(new ScenarioRunProfile(name, record, CollapsedStacks.empty(),
                    record.note().isEmpty() ? "no profile" : "no profile: " + record.note()));
        }
        if (!Files.isRegularFile(layout.profileRecording(name))) {
            return Optional.of(new ScenarioRunProfile(name, record, CollapsedStacks.empty(), "its recording "
                    + layout.relative(layout.profileRecording(name)) + " is missing"));
        }
        CollapsedStacks stacks;
        try {
            stacks = FlameGraphs.cut(layout.profileRecording(name), record.event(), fromMs, toMs, title(name, record),
                    layout.flameGraph(name), layout.collapsedStacks(name));
        } catch (IOException e) {
            return Optional.of(new ScenarioRunProfile(name, record, CollapsedStacks.empty(), e.getMessage()));
        }
        return Optional.of(new ScenarioRunProfile(name, record, stacks, coverage(record, fromMs, toMs, stacks)));
    }

    /** Scenario run {@code name}'s profile as an earlier analysis left it: its record and collapsed stacks. */
    public static Optional<ScenarioRunProfile> read(RunLayout layout, String name) throws IOException {
        Optional<ProfileRecord> record = ProfileRecord.read(layout.profileRecord(name));
        if (record.isEmpty()) {
            return Optional.empty();
        }
        if (!record.get().taken()) {
            return Optional.of(new ScenarioRunProfile(name, record.get(), CollapsedStacks.empty(),
                    record.get().note().isEmpty() ? "no profile" : "no profile: " + record.get().note()));
        }
        if (!Files.isRegularFile(layout.collapsedStacks(name))) {
            return Optional.of(new ScenarioRunProfile(name, record.get(), CollapsedStacks.empty(),
                    "not analysed: no " + layout.relative(layout.collapsedStacks(name))));
        }
        CollapsedStacks stacks = CollapsedStacks.read(layout.collapsedStacks(name));
        return Optional.of(new ScenarioRunProfile(name, record.get(), stacks,
                stacks.isEmpty() ? "no samples in the window" : ""));
    }

    private static String coverage(ProfileRecord record, long fromMs, long toMs, CollapsedStacks stacks) {
        if (stacks.isEmpty()) {
            return "no samples in the window";
        }
        if (record.startedMs() > fromMs + COVERAGE_TOLERANCE_MS || record.stoppedMs() < toMs - COVERAGE_TOLERANCE_MS) {
            return String.format(Locale.ROOT, "the profiler covered %.1f s of the %.1f s window",
                    Math.max(0, Math.min(toMs, record.stoppedMs()) - Math.max(fromMs, record.startedMs())) / 1000.0,
                    (toMs - fromMs) / 1000.0);
        }
        return "";
    }

    private static String title(String name, ProfileRecord record) {
        return name + ": " + record.event().what() + " of the server in the measurement window (" + record.event().id()
                + " every " + record.interval() + ", " + record.profiler().label() + ")";
    }
}
