package org.esbbench.report.capacity;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.ScenarioOrder;
import org.esbbench.report.points.Spread;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundTargets;
import org.esbbench.report.round.TargetRunResult;

/**
 * The capacities of a round run with {@code -Dcapacity}: every target run searched each of its points, and its
 * {@code capacity/capacity.csv} has one row per search. Per target, scenario and setting (size, delay, heap, server
 * cores) a cell takes the capacities of its iterations: their median and lowest–highest, whether any was only the
 * generator's limit (then the median is a lower bound), and its ratio to the same target's {@code direct} at the same
 * setting. A cell whose iterations spread by more than the search's precision is said to be so: its searches did not
 * agree within what each claimed (in a round, the order of the scenarios rotates, and what the server ran before a
 * search moved its capacity by more than that on the project's machine).
 *
 * @param objective    the objective every search held (as given)
 * @param precisionPct the searches' precision, %
 * @param cells        in table order: setting, scenario in catalogue order, target in the round's order
 */
public record RoundCapacities(String objective, double precisionPct, List<Cell> cells) {

    /**
     * One target at one scenario and setting over its iterations.
     *
     * @param settingKey  the search's key without its scenario ({@code _s1024_d0}), the setting's identity
     * @param setting     the setting for people: "1 KiB, delay 0 ms"
     * @param searches    the searches of the iterations that ran it, in iteration order
     * @param iterations  their iterations
     * @param capacity    median and range of the capacities found (searches with none left out); null when none
     * @param ratio       the median over the target's direct median at the setting; null without both
     * @param ratioBound  how the ratio is to be taken: "" exact, "≥" (this cell is the generator's limit), "≤" (direct
     *                    was), "?" (both were: neither bound)
     */
    public record Cell(String target, String scenario, String settingKey, String setting, List<SearchRow> searches,
                       List<Integer> iterations, Spread capacity, Double ratio, String ratioBound) {
        public Cell {
            searches = List.copyOf(searches);
            iterations = List.copyOf(iterations);
        }

        /** Whether any iteration ended at the generator's limit: the capacity a lower bound, not the server's. */
        public boolean generatorLimited() {
            return searches.stream().anyMatch(s -> s.ended() == CapacitySearch.Status.GENERATOR_LIMIT);
        }

        /** The searches that ended neither found nor at the generator's limit (deadline, unconfirmed, below-min...). */
        public List<SearchRow> otherEnds() {
            return searches.stream().filter(s -> s.ended() != CapacitySearch.Status.FOUND
                    && s.ended() != CapacitySearch.Status.GENERATOR_LIMIT).toList();
        }

        /** The range over the median, %; 0 for one iteration, NaN without a capacity. */
        public double spreadPercent() {
            return capacity == null ? Double.NaN : capacity.relativeSpreadPercent();
        }

        Cell withRatio(Double r, String bound) {
            return new Cell(target, scenario, settingKey, setting, searches, iterations, capacity, r, bound);
        }
    }

    /**
     * Whether the cell's iterations spread by more than the precision each search claimed. Not said of a cell at the
     * generator's limit: a lower bound claims no precision, and it moves with the generator, not the server.
     */
    public boolean beyondPrecision(Cell c) {
        return c.searches().size() > 1 && !c.generatorLimited() && c.spreadPercent() > precisionPct + 1e-9;
    }

    /** The settings in table order, each by its key. */
    public Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        cells.forEach(c -> settings.putIfAbsent(c.settingKey(), c.setting()));
        return settings;
    }

    public List<String> scenarios(String settingKey) {
        return cells.stream().filter(c -> c.settingKey().equals(settingKey)).map(Cell::scenario).distinct().toList();
    }

    public Optional<Cell> cell(String settingKey, String scenario, String target) {
        return cells.stream().filter(c -> c.settingKey().equals(settingKey) && c.scenario().equals(scenario)
                && c.target().equals(target)).findFirst();
    }

    /**
     * Reads the capacity.csv of every target run of {@code round} that has one; empty when the round did not search
     * (no {@code capacity} among its parameters).
     *
     * @param results the folder of the round's run folders (results/)
     * @param log     gets a line for a finished target run without searches
     */
    public static Optional<RoundCapacities> of(RoundRecord round, List<TargetRunResult> runs, Path results,
                                               Consumer<String> log) throws IOException {
        if (!CapacitySettings.requested(round.parameters())) {
            return Optional.empty();
        }
        CapacitySettings settings = CapacitySettings.of(round.parameters());
        List<String> targets = RoundTargets.of(round);
        Map<String, List<Found>> byCell = new LinkedHashMap<>();
        for (TargetRunResult r : runs) {
            RoundRecord.TargetRun run = r.run();
            if (run.runId() == null || run.runId().isBlank() || r.status() == TargetRunResult.Status.NOT_RUN) {
                continue;
            }
            Path file = results.resolve(run.runId()).resolve(RunLayout.CAPACITY).resolve(SearchRow.FILE);
            List<SearchRow> searches = SearchRow.read(file);
            if (searches.isEmpty()) {
                log.accept("round: " + run.label() + " (" + run.runId() + "): no search finished (no "
                        + RunLayout.CAPACITY + "/" + SearchRow.FILE + ")");
            }
            for (SearchRow s : searches) {
                byCell.computeIfAbsent(run.target() + "\u0000" + s.key(), k -> new ArrayList<>())
                        .add(new Found(run.iteration(), run.target(), s));
            }
        }
        List<Cell> cells = new ArrayList<>();
        for (List<Found> found : byCell.values()) {
            found.sort(Comparator.comparingInt(Found::iteration));
            SearchRow first = found.get(0).search();
            String target = found.get(0).target();
            Point p = first.point();
            List<Integer> capacities = found.stream().map(f -> f.search().capacity()).filter(c -> c > 0).toList();
            cells.add(new Cell(target, p.scenario(), first.key().substring(p.scenario().length()), settingLabel(p),
                    found.stream().map(Found::search).toList(), found.stream().map(Found::iteration).toList(),
                    Spread.of(capacities), null, ""));
        }
        cells = withRatios(cells);
        cells.sort(SETTINGS.thenComparing(Cell::scenario, ScenarioOrder.IDS)
                .thenComparingInt(c -> targets.indexOf(c.target())));
        return Optional.of(new RoundCapacities(settings.objective().text(), settings.precisionPercent(), cells));
    }

    private record Found(int iteration, String target, SearchRow search) {
    }

    /** Settings in the order of their points: size, then delay, heap and server cores. */
    private static final Comparator<Cell> SETTINGS = Comparator.comparing((Cell c) -> c.searches().get(0).point(),
            Comparator.comparingInt(Point::sizeBytes).thenComparingLong(Point::delayMs).thenComparing(Point::heap)
                    .thenComparingInt(Point::serverCores)).thenComparing(Cell::settingKey);

    /** "1 KiB, delay 0 ms" (with heap and server cores when the run varied them). */
    static String settingLabel(Point p) {
        return Point.sizeLabel(p.sizeBytes()) + ", delay " + p.delayMs() + " ms"
                + (p.serverLabel().isEmpty() ? "" : ", " + p.serverLabel());
    }

    /**
     * Each cell's median over its target's direct median at the same setting. A generator's limit is a lower bound
     * of the capacity, so a ratio over a direct that was the generator's limit is an upper bound, and one of a
     * scenario that was is a lower bound.
     */
    private static List<Cell> withRatios(List<Cell> cells) {
        List<Cell> out = new ArrayList<>();
        for (Cell c : cells) {
            Optional<Cell> direct = cells.stream().filter(d -> d.target().equals(c.target())
                    && d.settingKey().equals(c.settingKey()) && d.scenario().equals(RoundTargets.DIRECT)).findFirst();
            if (c.capacity() == null || direct.isEmpty() || direct.get().capacity() == null
                    || direct.get().capacity().value() == 0) {
                out.add(c);
                continue;
            }
            boolean above = c.generatorLimited();
            boolean below = direct.get().generatorLimited();
            String bound = c.scenario().equals(RoundTargets.DIRECT) ? "" : above && below ? "?" : above ? "≥" : below ? "≤" : "";
            out.add(c.withRatio(c.capacity().value() / direct.get().capacity().value(), bound));
        }
        return out;
    }
}
