package org.esbbench.report.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.esbbench.report.points.Point;
import org.esbbench.report.profiles.CollapsedStacks;
import org.esbbench.report.profiles.ProfileDifference;
import org.esbbench.report.profiles.RunProfiles;

/**
 * The comparison's profiles: per point that the baseline and another run both profiled, the differential flame graph
 * of the other run against the baseline ({@code profiles/POINT.RUN.diff.html} in the comparison's folder) and the
 * libraries and frames whose share moved most; and, said plainly, the points profiled in one run and not the other,
 * whose figures then differ by the profiler's cost as well.
 */
public final class ProfileComparison {
    /** The comparison folder's sub-folder of differential flame graphs. */
    public static final String FOLDER = "profiles";

    private ProfileComparison() {
    }

    /** One differential flame graph written: the point, the run compared with the baseline, where it lies. */
    public record Written(String point, String run, Path flameGraph, ProfileDifference difference) {
    }

    /**
     * Writes the differential flame graphs into {@code out/profiles/} and returns the comparison's section, Markdown
     * with links relative to {@code out}; "" when no run was profiled.
     */
    public static String write(List<ComparedRun> runs, Path out, List<Written> written) throws IOException {
        ComparedRun base = runs.get(0);
        RunProfiles baseProfiles = RunProfiles.of(base.folder());
        List<RunProfiles> others = new ArrayList<>();
        for (ComparedRun r : runs.subList(1, runs.size())) {
            others.add(RunProfiles.of(r.folder()));
        }
        if (!baseProfiles.any() && others.stream().noneMatch(RunProfiles::any)) {
            return "";
        }
        StringBuilder md = new StringBuilder("\n## Where the server's time moved\n\n");
        md.append("Per point that **").append(base.label()).append("** and another run both profiled: that run's")
                .append(" differential flame graph against it (its own profile's shape; red where a frame's share of")
                .append(" the samples grew, blue where it shrank, yellow where the baseline had none), and the")
                .append(" libraries and frames whose share moved most, in percentage points.\n\n");
        List<String> mixed = new ArrayList<>();
        for (int i = 1; i < runs.size(); i++) {
            ComparedRun run = runs.get(i);
            RunProfiles profiles = others.get(i - 1);
            for (Point point : base.points().keySet()) {
                if (run.point(point) == null) {
                    continue;
                }
                String key = point.key();
                boolean inBase = baseProfiles.profiled(key);
                boolean inRun = profiles.profiled(key);
                if (inBase != inRun) {
                    mixed.add(key + ": profiled in " + (inBase ? base.label() : run.label()) + " only ("
                            + (inBase ? baseProfiles.how(key) : profiles.how(key)).orElse("") + "): its figures there"
                            + " carry the profiler's cost, the other run's do not");
                }
                if (!inBase || !inRun) {
                    continue;
                }
                Written w = difference(key, base, baseProfiles.stacks(key), run, profiles.stacks(key), out);
                written.add(w);
                md.append("- **").append(key).append("**, ").append(run.label()).append(" against ")
                        .append(base.label()).append(": [differential flame graph](").append(FOLDER).append('/')
                        .append(w.flameGraph().getFileName()).append("); libraries: ")
                        .append(w.difference().groupLine(ProfileDifference.TOP)).append("; frames: ")
                        .append(w.difference().frameLine(3)).append('\n');
                Optional<String> howBase = baseProfiles.how(key);
                Optional<String> howRun = profiles.how(key);
                if (!howBase.equals(howRun)) {
                    mixed.add(key + ": profiled differently (" + base.label() + ": " + howBase.orElse("") + "; "
                            + run.label() + ": " + howRun.orElse("") + ")");
                }
            }
        }
        if (!mixed.isEmpty()) {
            md.append("\nProfiled and unprofiled points side by side:\n\n");
            mixed.forEach(m -> md.append("- ").append(m).append('\n'));
        }
        return md.toString();
    }

    /** The differential flame graph of one point of {@code run} against {@code base}. */
    public static Written difference(String point, ComparedRun base, CollapsedStacks baseStacks, ComparedRun run,
                                     CollapsedStacks runStacks, Path out) throws IOException {
        Path html = out.resolve(FOLDER).resolve(point + "." + fileSafe(run.label()) + "-vs-" + fileSafe(base.label())
                + ".diff.html");
        ProfileDifference.write(baseStacks, runStacks, point + ": " + run.label() + " against " + base.label(), html);
        return new Written(point, run.label(), html, ProfileDifference.of(point, baseStacks, runStacks));
    }

    private static String fileSafe(String label) {
        return label.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
