package org.esbbench.report.profiles;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.esbbench.report.profiles.CollapsedStacks.Frame;

/**
 * Where a profile's samples went: each {@link FrameGroup}'s share (the summary's table), and the frames with the most
 * self time, the innermost frame of each sample (what a flat profile lists first).
 *
 * @param total  the profile's samples (or bytes, or ns)
 * @param groups every group's share, the largest first
 * @param frames every frame's self share, the largest first
 */
public record ProfileBreakdown(long total, List<Share> groups, List<Share> frames) {

    /** A name and its part of the profile. */
    public record Share(String name, long count, double percent) {
    }

    public static ProfileBreakdown of(CollapsedStacks stacks) {
        Map<String, Long> groups = new HashMap<>();
        Map<String, Long> frames = new HashMap<>();
        for (Map.Entry<String, Long> e : stacks.counts().entrySet()) {
            List<Frame> stack = CollapsedStacks.frames(e.getKey());
            groups.merge(FrameGroup.of(stack), e.getValue(), Long::sum);
            Frame leaf = stack.get(stack.size() - 1);
            frames.merge(leaf.kind() == Frame.Kind.KERNEL ? leaf.name() + " [kernel]" : leaf.name(), e.getValue(),
                    Long::sum);
        }
        return new ProfileBreakdown(stacks.total(), shares(groups, stacks.total()), shares(frames, stacks.total()));
    }

    private static List<Share> shares(Map<String, Long> counts, long total) {
        List<Share> list = new ArrayList<>();
        counts.forEach((k, v) -> list.add(new Share(k, v, total == 0 ? 0 : 100.0 * v / total)));
        list.sort(Comparator.comparingLong(Share::count).reversed().thenComparing(Share::name));
        return List.copyOf(list);
    }

    /** The {@code n} largest groups and the rest: "net.sf.saxon 38 %, io.netty 14 %, …, other 9 %". */
    public String groupLine(int n) {
        return line(groups, n);
    }

    /** The {@code n} frames with the most self time, as {@link #groupLine}. */
    public String frameLine(int n) {
        return line(frames, n);
    }

    private static String line(List<Share> shares, int n) {
        if (shares.isEmpty()) {
            return "";
        }
        List<String> parts = shares.stream().limit(n).map(s -> s.name() + " " + percent(s.percent()))
                .collect(Collectors.toCollection(ArrayList::new));
        double rest = shares.stream().skip(n).mapToDouble(Share::percent).sum();
        if (shares.size() > n) {
            parts.add("other " + percent(rest));
        }
        return String.join(", ", parts);
    }

    /** A share as the summary writes it: whole percent from 10 %, one decimal below, "<0.1 %" for less. */
    static String percent(double p) {
        if (p > 0 && p < 0.05) {
            return "<0.1 %";
        }
        return (p >= 9.95 ? String.format(Locale.ROOT, "%.0f", p) : String.format(Locale.ROOT, "%.1f", p)) + " %";
    }
}
