package org.esbbench.report.gate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.esbbench.report.compare.ComparedRun;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;
import org.esbbench.report.profiles.ProfileComparison;
import org.esbbench.report.profiles.ProfileDifference;
import org.esbbench.report.profiles.RunProfiles;

/**
 * The baseline gate's profiles, per point the run shares with its baseline: where both were profiled, the run's
 * differential flame graph against the baseline ({@code profiles/POINT.RUN-vs-BASELINE.diff.html} in the run folder)
 * and what moved most; where only one was, that its figures differ by the profiler's cost too. A regression's JUnit
 * case and its line in the summary carry the point's note.
 *
 * @param notes per point key, what its profiles say
 */
public record BaselineProfiles(Map<String, String> notes) {
    public static final BaselineProfiles NONE = new BaselineProfiles(Map.of());

    public BaselineProfiles {
        notes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(notes));
    }

    /** The notes of {@code run}'s points against {@code base}, the flame graphs written into {@code layout}. */
    public static BaselineProfiles of(ComparedRun base, ComparedRun run, RunLayout layout) throws IOException {
        RunProfiles baseProfiles = RunProfiles.of(base.folder());
        RunProfiles runProfiles = RunProfiles.of(run.folder());
        if (!baseProfiles.any() && !runProfiles.any()) {
            return NONE;
        }
        Map<String, String> notes = new LinkedHashMap<>();
        for (Point point : run.points().keySet()) {
            if (base.point(point) == null) {
                continue;
            }
            String key = point.key();
            boolean inBase = baseProfiles.profiled(key);
            boolean inRun = runProfiles.profiled(key);
            if (inBase && inRun) {
                ProfileComparison.Written w = ProfileComparison.difference(key, base.label(),
                        baseProfiles.stacks(key), run.label(), runProfiles.stacks(key), layout.dir());
                Path relative = layout.dir().relativize(w.flameGraph());
                notes.put(key, "differential flame graph " + relative + " (libraries: "
                        + w.difference().groupLine(3) + ")");
            } else if (inBase || inRun) {
                Optional<String> how = inBase ? baseProfiles.how(key) : runProfiles.how(key);
                notes.put(key, "profiled in " + (inBase ? "the baseline" : "this run") + " only (" + how.orElse("")
                        + "): its figures there carry the profiler's cost, the other's do not");
            }
        }
        return new BaselineProfiles(notes);
    }

    /** The point's note; empty when its profiles say nothing. */
    public Optional<String> note(Point point) {
        return Optional.ofNullable(notes.get(point.key()));
    }

    /** The moves a point's differential flame graph shows, for tests and readers: see {@link ProfileDifference}. */
    public boolean isEmpty() {
        return notes.isEmpty();
    }
}
