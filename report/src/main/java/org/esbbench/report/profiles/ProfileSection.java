package org.esbbench.report.profiles;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.esbbench.report.folder.RunLayout;

/**
 * The summary's section on where the server's time went, one row per profiled point: its repeats' stacks together,
 * each library's share ({@link FrameGroup}), the frames with the most self time, and a link to each repeat's flame
 * graph; a point without a profile says why. Empty when the run profiled nothing.
 */
public final class ProfileSection {
    /** How many libraries and frames a row names before "other". */
    static final int TOP = 5;

    private ProfileSection() {
    }

    /**
     * One point's profiles: its key, each repeat's (without its stacks: a long window's are large, and the summary
     * reads one point at a time) and the breakdown of its repeats' stacks together.
     */
    public record PointProfiles(String point, List<ScenarioRunProfile> repeats, ProfileBreakdown breakdown) {
        /** The point's profiles from its repeats' as read, their stacks added and then let go. */
        public static PointProfiles of(String point, List<ScenarioRunProfile> repeats) {
            CollapsedStacks all = CollapsedStacks.empty();
            for (ScenarioRunProfile r : repeats) {
                all = all.plus(r.stacks());
            }
            return new PointProfiles(point, repeats.stream().map(ScenarioRunProfile::withoutStacks).toList(),
                    ProfileBreakdown.of(all));
        }
    }

    /**
     * The section's Markdown, links relative to the run folder (where summary.md lies); "" when no point has a
     * profile record.
     */
    public static String markdown(List<PointProfiles> points) {
        List<PointProfiles> recorded = points.stream().filter(p -> !p.repeats().isEmpty()).toList();
        if (recorded.isEmpty()) {
            return "";
        }
        Set<String> how = new LinkedHashSet<>();
        recorded.forEach(p -> p.repeats().stream().filter(ScenarioRunProfile::profiled)
                .forEach(r -> how.add(r.record().event().id() + " every " + r.record().interval() + " by "
                        + r.record().profiler().label())));
        Set<String> what = new LinkedHashSet<>();
        recorded.forEach(p -> p.repeats().forEach(r -> what.add(r.record().event().what())));
        StringBuilder md = new StringBuilder("## Where the server's time went\n\n");
        md.append("The server profiled during each measurement window (").append(how.isEmpty() ? "no profile was taken"
                : String.join("; ", how)).append("): the share of its ").append(String.join(" and ", what))
                .append(" by library (the innermost Java frame's package, with the native and kernel time below it;"
                        + " the JIT compiler's and the garbage collector's threads apart), and the frames with the most"
                        + " self time. Each flame graph is the window's; `profiles/` also holds the raw recordings"
                        + " (`.jfr`) and the collapsed stacks. The figures of a profiled point carry the profiler's cost"
                        + " (flag `" + ProfileRecord.FLAG + "`).\n\n");
        md.append("| point | profiler | samples | where it went | most self time | flame graph |\n");
        md.append("|---|---|---:|---|---|---|\n");
        for (PointProfiles p : recorded) {
            md.append(row(p)).append('\n');
        }
        List<String> problems = new ArrayList<>();
        for (PointProfiles p : recorded) {
            for (ScenarioRunProfile r : p.repeats()) {
                if (!r.problem().isEmpty() && r.profiled()) {
                    problems.add(r.name() + ": " + r.problem());
                }
            }
        }
        if (!problems.isEmpty()) {
            md.append('\n');
            problems.forEach(pr -> md.append("- ").append(pr).append('\n'));
        }
        return md.toString();
    }

    private static String row(PointProfiles p) {
        List<ScenarioRunProfile> profiled = p.repeats().stream().filter(ScenarioRunProfile::profiled).toList();
        if (profiled.isEmpty()) {
            String why = p.repeats().stream().map(ScenarioRunProfile::problem).distinct()
                    .collect(Collectors.joining("; "));
            return "| " + p.point() + " | none |  | " + cell(why) + " |  |  |";
        }
        ProfileRecord first = profiled.get(0).record();
        ProfileBreakdown breakdown = p.breakdown();
        String links = profiled.stream().map(r -> "[" + repeatLabel(r.name()) + "](" + RunLayout.PROFILES + "/" + r.name()
                + ".html)").collect(Collectors.joining(" "));
        String profiler = first.profiler().label() + (first.note().isEmpty() ? "" : " (" + first.note() + ")");
        return "| " + p.point() + " | " + cell(profiler) + " | " + count(breakdown.total(), first.event()) + " | "
                + cell(breakdown.groupLine(TOP)) + " | " + cell(breakdown.frameLine(3)) + " | " + links + " |";
    }

    private static String repeatLabel(String name) {
        int r = name.lastIndexOf("_r");
        return r < 0 ? name : name.substring(r + 1);
    }

    private static String count(long total, ProfileEvent event) {
        return switch (event) {
            case ALLOC -> String.format(Locale.ROOT, "%,.1f MB", total / 1e6);
            case LOCK -> String.format(Locale.ROOT, "%,.1f ms", total / 1e6);
            default -> String.format(Locale.ROOT, "%,d", total);
        };
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }


}
