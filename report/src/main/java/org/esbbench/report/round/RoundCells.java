package org.esbbench.report.round;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.ScenarioOrder;
import org.esbbench.report.points.Spread;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Combines a round's target runs into its cells: per target, every point any of its runs measured and every point
 * it serves at the round's settings (so a target whose runs all failed still has its cells, each saying so); each
 * cell the median and lowest–highest of its iterations, its ratio to the target's own {@code direct}, and the
 * stability verdict. Cells come in table order: setting, scenario in catalogue order, target in the round's order.
 */
public final class RoundCells {
    private RoundCells() {
    }

    public static List<RoundCell> of(RoundRecord round, List<TargetRunResult> results) {
        List<String> targets = RoundTargets.of(round);
        TreeSet<Setting> settings = new TreeSet<>();
        results.forEach(r -> r.rows().forEach(row -> settings.add(Setting.of(row.point()))));

        List<RoundCell> cells = new ArrayList<>();
        for (String target : targets) {
            List<TargetRunResult> runs = results.stream().filter(r -> r.run().target().equals(target))
                    .sorted(Comparator.comparingInt(r -> r.run().iteration())).toList();
            TreeSet<Point> points = new TreeSet<>(ScenarioOrder.POINTS);
            runs.forEach(r -> r.rows().forEach(row -> points.add(row.point())));
            for (Setting setting : settings) {
                RoundTargets.served(round, target).forEach(s -> points.add(setting.point(s)));
            }
            points.forEach(p -> cells.add(cell(p, target, runs)));
        }
        List<RoundCell> judged = withStability(withRatios(cells));
        return judged.stream().sorted(Comparator.comparing((RoundCell c) -> Setting.of(c.point()))
                .thenComparing(c -> c.point().scenario(), ScenarioOrder.IDS)
                .thenComparingInt(c -> targets.indexOf(c.target()))).toList();
    }

    /** One target at one point over its runs (one per iteration). */
    private static RoundCell cell(Point point, String target, List<TargetRunResult> runs) {
        List<Integer> iterations = new ArrayList<>();
        List<String> runIds = new ArrayList<>();
        Map<Figure, List<Double>> values = new LinkedHashMap<>();
        Map<String, Integer> flagCounts = new LinkedHashMap<>();
        long errors = 0;
        long incorrect = 0;
        int failed = 0;
        int notRun = 0;
        for (TargetRunResult run : runs) {
            if (run.status() == TargetRunResult.Status.NOT_RUN) {
                notRun++;
                continue;
            }
            Optional<SummaryRow> row = run.rows().stream().filter(r -> r.point().equals(point)).findFirst();
            if (row.isEmpty()) {
                // A failed run, or one that left no figures of this point: the iteration is missing from the cell.
                failed++;
                continue;
            }
            iterations.add(run.run().iteration());
            runIds.add(run.run().runId());
            for (Figure f : RoundFigures.ALL) {
                values.computeIfAbsent(f, k -> new ArrayList<>()).add(row.get().values().get(f));
            }
            errors += row.get().errors();
            incorrect += row.get().incorrect();
            row.get().flagKinds().forEach(k -> flagCounts.merge(k, 1, Integer::sum));
        }
        Map<Figure, Spread> spreads = new LinkedHashMap<>();
        values.forEach((f, vs) -> {
            Spread s = Spread.of(vs); // the median of an even count is the mean of the middle two
            if (s != null) {
                spreads.put(f, s);
            }
        });
        return new RoundCell(point, target, runs.size(), iterations, runIds, spreads, null, errors, incorrect,
                flagCounts, failed, notRun, false);
    }

    /** Each cell's throughput over its own target's {@code direct} at the same setting, when that has one. */
    private static List<RoundCell> withRatios(List<RoundCell> cells) {
        Map<String, Double> direct = new HashMap<>();
        for (RoundCell c : cells) {
            if (c.point().scenario().equals(RoundTargets.DIRECT) && c.throughput() != null) {
                direct.put(key(c.target(), Setting.of(c.point())), c.throughput().value());
            }
        }
        return cells.stream().map(c -> {
            Double d = direct.get(key(c.target(), Setting.of(c.point())));
            return c.throughput() == null || d == null || d == 0 ? c
                    : c.withRatioToDirect(c.throughput().value() / d);
        }).toList();
    }

    private static List<RoundCell> withStability(List<RoundCell> cells) {
        return cells.stream().map(c -> c.withUnstable(StabilityCheck.unstable(c))).toList();
    }

    private static String key(String target, Setting setting) {
        return target + "\u0000" + setting.sample().key();
    }
}
