package org.esbbench.report.profiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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

    /**
     * A run of the comparison as its profiles see it.
     *
     * @param label  how the comparison names it
     * @param folder its run folder
     * @param points its points' keys, in point order
     */
    public record Run(String label, Path folder, List<String> points) {
        public Run {
            points = List.copyOf(points);
        }
    }

    /** One differential flame graph written: the point, the run compared with the baseline, where it lies. */
    public record Written(String point, String run, Path flameGraph, ProfileDifference difference) {
    }

    /**
     * Writes the differential flame graphs into {@code out/profiles/} and returns the comparison's section, Markdown
     * with links relative to {@code out}; "" when no run was profiled.
     */
    public static String write(List<Run> runs, Path out, List<Written> written) throws IOException {
        Run base = runs.get(0);
        RunProfiles baseProfiles = RunProfiles.of(base.folder());
        List<RunProfiles> others = new ArrayList<>();
        for (Run r : runs.subList(1, runs.size())) {
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
            Run run = runs.get(i);
            RunProfiles profiles = others.get(i - 1);
            for (String key : base.points()) {
                if (!run.points().contains(key)) {
                    continue;
                }
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
                Written w = difference(key, base.label(), baseProfiles.stacks(key), run.label(), profiles.stacks(key),
                        out);
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

    /** The differential flame graph of one point of the run labelled {@code run} against {@code base}'s. */
    public static Written difference(String point, String base, CollapsedStacks baseStacks, String run,
                                     CollapsedStacks runStacks, Path out) throws IOException {
        Path html = out.resolve(FOLDER).resolve(point + "." + fileSafe(run) + "-vs-" + fileSafe(base) + ".diff.html");
        ProfileDifference.write(baseStacks, runStacks, point + ": " + run + " against " + base, html);
        return new Written(point, run, html, ProfileDifference.of(point, baseStacks, runStacks));
    }

    private static String fileSafe(String label) {
        return label.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
