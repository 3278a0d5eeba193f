package org.esbbench.report.profiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How one point's profile moved from a base run to a current one: the differential flame graph (the current
 * profile's shape, coloured by how each frame's self share moved against the base) and the frames and libraries whose
 * share of the profile moved most, in percentage points. Shares, not counts: two windows of different lengths or
 * throughputs compare by where the time went, not by how much of it there was.
 *
 * @param point   the point's key
 * @param frames  the frames whose self share moved most, the largest move first
 * @param groups  the libraries' moves, the largest first
 */
public record ProfileDifference(String point, List<Move> frames, List<Move> groups) {
    /** How many moves a comparison lists. */
    public static final int TOP = 5;

    /** One frame's or library's share in the base and the current profile, in percent. */
    public record Move(String name, double basePercent, double currentPercent) {
        public double points() {
            return currentPercent - basePercent;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s %s (%.1f → %.1f %%)", name, signed(points()), basePercent,
                    currentPercent);
        }
    }

    /** The moves of {@code current} against {@code base}; the flame graph is {@link #write}'s. */
    public static ProfileDifference of(String point, CollapsedStacks base, CollapsedStacks current) {
        ProfileBreakdown b = ProfileBreakdown.of(base);
        ProfileBreakdown c = ProfileBreakdown.of(current);
        return new ProfileDifference(point, moves(b.frames(), c.frames()), moves(b.groups(), c.groups()));
    }

    /** Writes the differential flame graph of {@code current} against {@code base} into {@code html}. */
    public static void write(CollapsedStacks base, CollapsedStacks current, String title, Path html) throws IOException {
        FlameGraphs.difference(base, current, title, html);
    }

    private static List<Move> moves(List<ProfileBreakdown.Share> base, List<ProfileBreakdown.Share> current) {
        Map<String, double[]> both = new HashMap<>();
        base.forEach(s -> both.computeIfAbsent(s.name(), k -> new double[2])[0] = s.percent());
        current.forEach(s -> both.computeIfAbsent(s.name(), k -> new double[2])[1] = s.percent());
        List<Move> moves = new ArrayList<>();
        both.forEach((k, v) -> moves.add(new Move(k, v[0], v[1])));
        moves.sort(Comparator.comparingDouble((Move m) -> -Math.abs(m.points())).thenComparing(Move::name));
        return List.copyOf(moves);
    }

    /** The {@code n} largest frame moves: "net.sf.saxon...TinyTree.getNodeKind +6.2 pt (31.0 → 37.2 %), ...". */
    public String frameLine(int n) {
        return frames.stream().limit(n).map(Move::toString).collect(Collectors.joining(", "));
    }

    /** The {@code n} largest library moves, as {@link #frameLine}. */
    public String groupLine(int n) {
        return groups.stream().limit(n).map(Move::toString).collect(Collectors.joining(", "));
    }

    static String signed(double points) {
        return String.format(Locale.ROOT, "%+.1f pt", points);
    }
}
