package org.esbbench.report.roundreport;

import org.esbbench.report.round.PublishedRatios;
import org.esbbench.report.round.RoundCell;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundTable;
import org.esbbench.report.round.RoundTargets;
import org.esbbench.report.round.Setting;

import org.esbbench.report.figures.Decimal;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.index.IndexPage;
import org.esbbench.report.points.Spread;
import org.esbbench.report.roundreport.ReportTable.Cell;
import org.esbbench.report.roundreport.ReportTable.Row;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * What every table of the round report says, cell by cell, for round.md and round.html alike: the parameters, the
 * order the runs ran in, per setting a table per figure (scenarios as rows in catalogue order, targets as columns,
 * an average row), the flags, the ratios to {@code direct} beside the published ones, and the run folders.
 */
final class RoundTables {
    static final String NOT_SERVED = "not served";
    /** Marks a ratio from replies found incorrect (by the publication, or in this round's own runs). */
    static final String INCORRECT_MARK = "*";

    private RoundTables() {
    }

    /** The parameters every target run shared, by name. */
    static ReportTable parameters(RoundRecord round) {
        List<Row> rows = new ArrayList<>();
        new TreeMap<>(round.parameters()).forEach((k, v) -> rows.add(new Row(List.of(Cell.of(k), Cell.of(v)), false)));
        return new ReportTable("parameters", List.of("parameter", "value"), List.of(false, false), rows);
    }

    /** Every target run in the order it ran: the rotation of targets and of each target's scenarios. */
    static ReportTable order(RoundRecord round) {
        List<Row> rows = new ArrayList<>();
        for (RoundRecord.TargetRun r : round.runs()) {
            rows.add(new Row(List.of(Cell.of(Integer.toString(r.iteration())), Cell.of(Integer.toString(r.position())),
                    Cell.of(r.target()), Cell.of(String.join(", ", r.scenarios())), runCell(r)), false));
        }
        return new ReportTable("order", List.of("iteration", "#", "target", "scenarios, in the order measured", "run"),
                List.of(true, true, false, false, false), rows);
    }

    /** Per target (rows), its run of each iteration (columns), linked to the run's summary.md. */
    static ReportTable runs(RoundRecord round) {
        List<String> headings = new ArrayList<>(List.of("target"));
        for (int i = 1; i <= round.iterations(); i++) {
            headings.add("iteration " + i);
        }
        List<Row> rows = new ArrayList<>();
        for (String target : RoundTargets.of(round)) {
            List<Cell> cells = new ArrayList<>(List.of(Cell.of(target)));
            for (int i = 1; i <= round.iterations(); i++) {
                int iteration = i;
                cells.add(round.runs().stream().filter(r -> r.target().equals(target) && r.iteration() == iteration)
                        .findFirst().map(RoundTables::runCell).orElse(Cell.of("")));
            }
            rows.add(new Row(cells, false));
        }
        return new ReportTable("runs", headings, Collections.nCopies(headings.size(), false), rows);
    }

    /** A target run: its folder's summary.md, and how it ended when it is not done. */
    private static Cell runCell(RoundRecord.TargetRun r) {
        String state = r.state() == RoundRecord.State.DONE ? "" : "(" + r.state().name().toLowerCase(Locale.ROOT)
                + (r.failure() == null || r.failure().isBlank() ? "" : ": " + r.failure()) + ")";
        if (r.runId() == null || r.runId().isBlank()) {
            return Cell.of(state.isEmpty() ? "no run folder" : state);
        }
        return new Cell(r.runId(), state, IndexPage.href("..", r.runId(), RunLayout.SUMMARY_MD));
    }

    /**
     * One figure: per scenario the median of each target over its iterations with their lowest–highest, how many
     * iterations when some are missing; then each target's average over the scenarios it has, and when the targets
     * have different scenarios, the average over the scenarios all have (the averages that compare alike).
     */
    static ReportTable figure(RoundTable table, Setting setting, Figure figure) {
        List<String> targets = table.targets();
        List<Row> rows = new ArrayList<>();
        for (String scenario : table.scenarios(setting)) {
            List<Cell> cells = new ArrayList<>(List.of(Cell.of(scenario)));
            for (String target : targets) {
                cells.add(figureCell(table, setting, scenario, target, figure));
            }
            rows.add(new Row(cells, false));
        }
        List<Cell> average = new ArrayList<>(List.of(Cell.of("average")));
        boolean alike = true;
        List<String> first = null;
        for (String target : targets) {
            List<String> measured = table.measured(setting, target, figure);
            first = first == null ? measured : first;
            alike &= measured.equals(first);
            average.add(averageCell(table.average(setting, target, figure, measured), figure,
                    measured.size() + (measured.size() == 1 ? " scenario" : " scenarios")));
        }
        rows.add(new Row(average, true));
        List<String> common = table.common(setting, figure);
        if (!alike && !common.isEmpty()) {
            List<Cell> cells = new ArrayList<>(List.of(Cell.of("average of the scenarios all have",
                    "(" + String.join(", ", common) + ")")));
            for (String target : targets) {
                cells.add(averageCell(table.average(setting, target, figure, common), figure, ""));
            }
            rows.add(new Row(cells, true));
        }
        return new ReportTable(figure.id(), headings("scenario", targets), numeric(targets.size()), rows);
    }

    private static Cell figureCell(RoundTable table, Setting setting, String scenario, String target, Figure figure) {
        Optional<RoundCell> found = table.cell(setting, scenario, target);
        if (found.isEmpty()) {
            return Cell.of(table.notServed(target, scenario) ? NOT_SERVED : "");
        }
        RoundCell cell = found.get();
        Spread v = cell.value(figure);
        String count = cell.measured() < cell.planned() ? cell.iterationsText() : "";
        if (v == null) {
            return Cell.of("no figures", count.isEmpty() ? "" : "(" + count + ")");
        }
        String median = figure.format(v.value());
        String low = figure.format(v.min());
        String high = figure.format(v.max());
        boolean spread = !low.equals(median) || !high.equals(median);
        String detail = spread ? "(" + low + "–" + high + (count.isEmpty() ? "" : ", " + count) + ")"
                : count.isEmpty() ? "" : "(" + count + ")";
        return Cell.of(median, detail);
    }

    private static Cell averageCell(OptionalDouble average, Figure figure, String detail) {
        return average.isPresent() ? Cell.of(figure.format(average.getAsDouble()), detail.isEmpty() ? "" : "(" + detail + ")")
                : Cell.of("");
    }

    /** The flags of each cell: what bounded it, unstable, missing iterations, the runs' other flags. */
    static ReportTable flags(RoundTable table, Setting setting) {
        List<String> targets = table.targets();
        List<Row> rows = new ArrayList<>();
        for (String scenario : table.scenarios(setting)) {
            List<Cell> cells = new ArrayList<>(List.of(Cell.of(scenario)));
            for (String target : targets) {
                cells.add(Cell.of(table.cell(setting, scenario, target).map(RoundCell::flagsText)
                        .orElse(table.notServed(target, scenario) ? NOT_SERVED : "")));
            }
            rows.add(new Row(cells, false));
        }
        return new ReportTable("flags", headings("scenario", targets), Collections.nCopies(targets.size() + 1, false),
                rows);
    }

    /**
     * Each scenario's throughput over the same server's {@code direct}: the targets measured, then the published
     * servers ({@code published}), a ratio from incorrect replies marked {@link #INCORRECT_MARK}.
     */
    static ReportTable ratios(RoundTable table, Setting setting, List<PublishedRatios.Column> published) {
        List<String> targets = table.targets();
        List<String> headings = new ArrayList<>(List.of("scenario"));
        headings.addAll(targets);
        published.forEach(c -> headings.add(c.label()));
        List<Row> rows = new ArrayList<>();
        for (String scenario : table.scenarios(setting)) {
            List<Cell> cells = new ArrayList<>(List.of(Cell.of(scenario)));
            for (String target : targets) {
                Optional<RoundCell> cell = table.cell(setting, scenario, target);
                if (cell.isEmpty()) {
                    cells.add(Cell.of(table.notServed(target, scenario) ? NOT_SERVED : ""));
                } else if (cell.get().ratioToDirect() == null) {
                    cells.add(Cell.of(""));
                } else {
                    cells.add(Cell.of(Decimal.fixed(cell.get().ratioToDirect(), 2)
                            + (cell.get().incorrect() > 0 ? INCORRECT_MARK : "")));
                }
            }
            for (PublishedRatios.Column c : published) {
                cells.add(published(c, scenario));
            }
            rows.add(new Row(cells, false));
        }
        return new ReportTable("ratios", headings, numeric(headings.size() - 1), rows);
    }

    /** The publications of the published columns, each once, in column order: cited under the table. */
    static List<PublishedRatios.Source> sources(List<PublishedRatios.Column> published) {
        Map<String, PublishedRatios.Source> seen = new LinkedHashMap<>();
        published.forEach(c -> seen.putIfAbsent(c.source().key(), c.source()));
        return List.copyOf(seen.values());
    }

    private static List<String> headings(String first, List<String> rest) {
        List<String> headings = new ArrayList<>(List.of(first));
        headings.addAll(rest);
        return headings;
    }

    /** A published column's ratio at {@code scenario}, marked when the publication found its replies incorrect. */
    static Cell published(PublishedRatios.Column column, String scenario) {
        PublishedRatios.Ratio r = column.byScenario().get(scenario);
        return Cell.of(r == null ? "" : Decimal.fixed(r.ratio(), 2) + (r.incorrect() ? INCORRECT_MARK : ""));
    }

    /** A first column of names, then {@code columns} columns of numbers. */
    static List<Boolean> numeric(int columns) {
        List<Boolean> numeric = new ArrayList<>(List.of(false));
        numeric.addAll(Collections.nCopies(columns, true));
        return numeric;
    }
}
