package org.esbbench.report.round;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.points.ScenarioOrder;
import org.esbbench.report.points.Spread;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeSet;

/**
 * A round's cells as its tables read them: per setting, the scenarios as rows (catalogue order, {@code direct}
 * first) and the targets as columns (the round's order).
 *
 * @param round the round's record
 * @param cells its cells ({@link RoundCells})
 */
public record RoundTable(RoundRecord round, List<RoundCell> cells) {

    public RoundTable {
        cells = List.copyOf(cells);
    }

    public List<String> targets() {
        return RoundTargets.of(round);
    }

    /** The settings measured, in point order (usually one). */
    public List<Setting> settings() {
        return List.copyOf(new TreeSet<>(cells.stream().map(c -> Setting.of(c.point())).toList()));
    }

    /** The rows of a setting's tables: the round's scenarios and any other its runs measured, catalogue order. */
    public List<String> scenarios(Setting setting) {
        TreeSet<String> scenarios = new TreeSet<>(ScenarioOrder.IDS);
        scenarios.addAll(round.scenarios());
        cells.stream().filter(c -> Setting.of(c.point()).equals(setting)).forEach(c -> scenarios.add(c.point().scenario()));
        return List.copyOf(scenarios);
    }

    public Optional<RoundCell> cell(Setting setting, String scenario, String target) {
        return cells.stream().filter(c -> c.target().equals(target) && c.point().equals(setting.point(scenario)))
                .findFirst();
    }

    /** Whether round.json says {@code target}'s profile does not serve {@code scenario}. */
    public boolean notServed(String target, String scenario) {
        return RoundTargets.notServed(round, target).contains(scenario);
    }

    /**
     * The mean of the target's medians of the figure over those of {@code scenarios} it has one of: the published
     * rounds' average row (AdroitLogic's round 7 averaged each server's throughput over its scenarios).
     */
    public OptionalDouble average(Setting setting, String target, Figure figure, List<String> scenarios) {
        return scenarios.stream().map(s -> cell(setting, s, target)).flatMap(Optional::stream)
                .map(c -> c.value(figure)).filter(Objects::nonNull).mapToDouble(Spread::value).average();
    }

    /** The scenarios of the setting that every target has a median of (the averages compare alike over these). */
    public List<String> common(Setting setting, Figure figure) {
        return scenarios(setting).stream().filter(s -> targets().stream()
                .allMatch(t -> cell(setting, s, t).map(c -> c.value(figure) != null).orElse(false))).toList();
    }

    /** The scenarios of the setting that {@code target} has a median of. */
    public List<String> measured(Setting setting, String target, Figure figure) {
        return scenarios(setting).stream()
                .filter(s -> cell(setting, s, target).map(c -> c.value(figure) != null).orElse(false)).toList();
    }

    /** The cells flagged unstable, in table order. */
    public List<RoundCell> unstable() {
        return cells.stream().filter(RoundCell::unstable).toList();
    }
}
