package org.esbbench.report.roundreport;

import org.esbbench.report.round.PublishedRatios;
import org.esbbench.report.round.RoundCell;
import org.esbbench.report.round.RoundFigures;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundTable;
import org.esbbench.report.round.RoundTargets;
import org.esbbench.report.round.Setting;
import org.esbbench.report.round.StabilityCheck;
import org.esbbench.report.round.TargetRunResult;

import org.esbbench.report.figures.Decimal;

import java.util.ArrayList;
import java.util.List;

/**
 * The sentences of the round report, plain text, for round.md and round.html alike (each writer adds its own
 * markup): what the round was, what a cell is, which cells are unstable, and where the published ratios come from.
 */
final class RoundTexts {
    private RoundTexts() {
    }

    static String title(RoundRecord round) {
        return "Round " + round.id();
    }

    static String intro(RoundRecord round) {
        return "Checked " + round.created() + ". " + round.targets().size() + " targets, in the first iteration's order: "
                + String.join(", ", round.targets()) + "; " + round.iterations()
                + (round.iterations() == 1 ? " iteration" : " iterations") + ": each target runs once per iteration, "
                + "with the same parameters, the order of the targets and of each target's scenarios rotated from one "
                + "iteration to the next (Order of the runs). Each target run is an ordinary run folder with its own "
                + "report (Run folders).";
    }

    /** Per target that does not serve some of the round's scenarios, one line naming them. */
    static List<String> notServed(RoundRecord round) {
        List<String> lines = new ArrayList<>();
        for (String target : RoundTargets.of(round)) {
            List<String> missing = RoundTargets.notServed(round, target);
            if (!missing.isEmpty()) {
                lines.add(target + " does not serve " + String.join(", ", missing)
                        + " (its profile has no endpoint for " + (missing.size() == 1 ? "it" : "them") + ")");
            }
        }
        return lines;
    }

    static final String ALL_SERVED = "Every target serves every scenario of the round.";

    static final String CELL_LEGEND = "Each cell: the median over the iterations that measured the point (of an even "
            + "count, the mean of the middle two), in brackets the lowest and highest iteration and \"2 of 3\" when a "
            + "planned iteration is missing from it (its run failed, left no figures of the point, or has not run). "
            + "Each iteration's figure is its run's summary.csv value (over the run's own repeats). Average: the mean "
            + "of the target's medians over the scenarios it has, as the published rounds averaged each server's "
            + "figures; where the targets have different scenarios, a second average over the scenarios all of "
            + "them have compares alike.";

    /**
     * What the stability check found at a setting: one line per unstable cell, or one saying none was, or that
     * no cell was judged.
     */
    static List<String> stability(RoundTable table, Setting setting) {
        List<RoundCell> cells = table.cells().stream().filter(c -> Setting.of(c.point()).equals(setting)).toList();
        List<String> lines = new ArrayList<>();
        for (RoundCell c : cells) {
            if (c.unstable()) {
                lines.add(c.target() + ", " + c.point().scenario() + ": unstable, throughput spread "
                        + Decimal.fixed(c.spreadPercent(), 1) + " % of its median ("
                        + RoundFigures.THROUGHPUT.format(c.throughput().min()) + "–"
                        + RoundFigures.THROUGHPUT.format(c.throughput().max()) + " around "
                        + RoundFigures.THROUGHPUT.format(c.throughput().value()) + " req/s over " + c.measured()
                        + " iterations, server-bound in each)");
            }
        }
        long judged = cells.stream().filter(StabilityCheck::judged).count();
        if (lines.isEmpty()) {
            lines.add(judged == 0 ? "Stability: no point was server-bound in two or more iterations, so none was judged."
                    : "Stability: each of the " + judged + " server-bound points spread at most "
                    + Decimal.fixed(StabilityCheck.MAX_SPREAD_PERCENT, 0) + " % of its median over the iterations.");
        }
        return lines;
    }

    /**
     * A setting whose cells mix profiled iterations ({@code -Dprofile}, flag {@code profiled}) with unprofiled ones,
     * said: their figures differ by the profiler's cost as well as by the server. Empty when all or none are.
     */
    static java.util.Optional<String> profiledMix(RoundTable table, Setting setting) {
        List<RoundCell> cells = table.cells().stream().filter(c -> Setting.of(c.point()).equals(setting)).toList();
        List<String> profiled = new ArrayList<>();
        List<String> not = new ArrayList<>();
        for (RoundCell c : cells) {
            int n = c.flagCounts().getOrDefault(org.esbbench.report.profiles.ProfileRecord.FLAG, 0);
            String name = c.target() + " " + c.point().scenario();
            if (n > 0) {
                profiled.add(n == c.measured() ? name : name + " (" + n + " of " + c.measured() + " iterations)");
            }
            if (n < c.measured()) {
                not.add(name);
            }
        }
        if (profiled.isEmpty() || not.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("Profiled and unprofiled side by side: " + String.join(", ", profiled)
                + " profiled (-Dprofile), " + String.join(", ", not) + " not: their figures differ by the profiler's"
                + " cost too (docs/benchmarks.md measures it).");
    }

    static final String STABILITY_RULE = "A point server-bound in every iteration (two or more) is unstable when its "
            + "throughput's spread over the iterations (highest − lowest) is more than "
            + Decimal.fixed(StabilityCheck.MAX_SPREAD_PERCENT, 0) + " % of its median: there the throughput is the "
            + "server's capacity, which should not move between iterations.";

    static final String FLAGS_LEGEND = "server-bound, generator-bound, load-bound k/n: what bounded the point in k of "
            + "the n iterations that measured it (the run's analysis says so when the server had cores of its own; an "
            + "iteration counts when any of its repeats was); "
            + "unstable: see above; failed iteration k/N: k of the N planned iterations missing from the cell (its run "
            + "failed or left no figures of the point); not run k/N: the round stopped before them; any other flag "
            + "(drift, machine-saturated, ...) as the runs' summaries raised it, in how many iterations.";

    static final String RATIO_LEGEND = "Each scenario's throughput over the same server's direct (the target's median "
            + "over its own direct median at the same setting; the published servers as published): the other "
            + "figures come from other machines, only this ratio carries over. " + RoundTables.INCORRECT_MARK
            + " marks a ratio from replies found incorrect (by the publication, or incorrect replies in this round's "
            + "runs).";

    /** Which of a publication's users a published column is, when it was published at several. */
    static List<String> columnNotes(List<PublishedRatios.Column> columns) {
        return columns.stream().filter(c -> !c.note().isEmpty()).map(c -> c.label() + ": " + c.note() + ".").toList();
    }

    /** The publications cited: name, then how they measured. */
    static List<String> sources(List<PublishedRatios.Column> columns) {
        return RoundTables.sources(columns).stream().map(s -> s.publication() + ": " + s.method() + ".").toList();
    }

    /** Why a target run is not in the cells. */
    static String notMeasured(TargetRunResult r) {
        return r.run().label() + (r.run().runId() == null ? "" : " (" + r.run().runId() + ")") + ": " + r.problem();
    }
}
