package org.esbbench.report.round;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.Spread;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One target at one point over the round's iterations: a row of {@code round.csv} and a cell of round.md's tables.
 *
 * @param point         the point (scenario and setting)
 * @param target        the target profile
 * @param planned       the iterations the round planned for the target
 * @param iterations    the iterations (1-based) whose run measured the point, in order
 * @param runIds        those iterations' run folders, in the same order
 * @param values        per round figure, the median over those iterations with their lowest and highest; a figure no
 *                      iteration knows is absent
 * @param ratioToDirect the throughput's median over the same target's {@code direct} median at the same setting;
 *                      null when there is none
 * @param errors        errors over those iterations (all repeats)
 * @param incorrect     incorrect replies over those iterations (all repeats)
 * @param flagCounts    per kind of flag its runs raised, in how many of those iterations
 * @param failed        planned iterations whose run failed or left no figures of the point
 * @param notRun        planned iterations not run yet (a stopped round)
 * @param unstable      server-bound in every iteration and a throughput spread over the limit ({@link StabilityCheck})
 */
public record RoundCell(Point point, String target, int planned, List<Integer> iterations, List<String> runIds,
                        Map<Figure, Spread> values, Double ratioToDirect, long errors, long incorrect,
                        Map<String, Integer> flagCounts, int failed, int notRun, boolean unstable) {

    public static final String SERVER_BOUND = "server-bound";
    /** What bounded the point, as each run's analysis says it (BoundCheck's three): shown first, in this order. */
    private static final List<String> BOUNDS = List.of(SERVER_BOUND, "generator-bound", "load-bound");

    public RoundCell {
        iterations = List.copyOf(iterations);
        runIds = List.copyOf(runIds);
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        flagCounts = Collections.unmodifiableMap(new LinkedHashMap<>(flagCounts));
    }

    /** How many iterations measured the point. */
    public int measured() {
        return iterations.size();
    }

    /** The figure's median with lowest and highest over the iterations; null when none knows it. */
    public Spread value(Figure figure) {
        return values.get(figure);
    }

    public Spread throughput() {
        return value(RoundFigures.THROUGHPUT);
    }

    /** (highest − lowest) / median of the throughput, in percent; null without a throughput. */
    public Double spreadPercent() {
        Spread t = throughput();
        return t == null ? null : t.relativeSpreadPercent();
    }

    /** Whether every iteration that measured the point says the server's cores were the limit. */
    public boolean serverBound() {
        return measured() > 0 && flagCounts.getOrDefault(SERVER_BOUND, 0) == measured();
    }

    /** "3", or "2 of 3" when some planned iteration is missing. */
    public String iterationsText() {
        return measured() == planned ? Integer.toString(planned) : measured() + " of " + planned;
    }

    /**
     * The cell's flags, e.g. "server-bound 3/3; unstable" or "load-bound 2/2; failed iteration 1/3": what bounded
     * the point in how many of the iterations measured, then unstable, the missing iterations of the planned, then
     * every other flag the runs raised, in how many of the iterations measured.
     */
    public String flagsText() {
        List<String> parts = new ArrayList<>();
        for (String bound : BOUNDS) {
            if (flagCounts.containsKey(bound)) {
                parts.add(bound + " " + flagCounts.get(bound) + "/" + measured());
            }
        }
        if (unstable) {
            parts.add("unstable");
        }
        if (failed > 0) {
            parts.add((failed == 1 ? "failed iteration " : "failed iterations ") + failed + "/" + planned);
        }
        if (notRun > 0) {
            parts.add("not run " + notRun + "/" + planned);
        }
        flagCounts.forEach((kind, n) -> {
            if (!BOUNDS.contains(kind)) {
                parts.add(kind + " " + n + "/" + measured());
            }
        });
        return String.join("; ", parts);
    }

    public RoundCell withRatioToDirect(Double ratio) {
        return new RoundCell(point, target, planned, iterations, runIds, values, ratio, errors, incorrect, flagCounts,
                failed, notRun, unstable);
    }

    public RoundCell withUnstable(boolean flag) {
        return new RoundCell(point, target, planned, iterations, runIds, values, ratioToDirect, errors, incorrect,
                flagCounts, failed, notRun, flag);
    }
}
