package org.esbbench.report.roundreport;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.esbbench.report.capacity.RoundCapacities;
import org.esbbench.report.figures.Decimal;
import org.esbbench.report.round.PublishedRatios;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundTargets;
import org.esbbench.report.roundreport.ReportTable.Cell;
import org.esbbench.report.roundreport.ReportTable.Row;

/**
 * The tables and sentences of a round run with {@code -Dcapacity}, for round.md and round.html alike: per setting the
 * capacity of each target at each scenario over the iterations, then its ratio to the target's direct beside the
 * published ratios. They stand in for the figures at one load of a round without a search: each search's points are
 * at its own server's capacity, so the throughput at a load would compare nothing.
 */
final class RoundCapacityTables {
    private RoundCapacityTables() {
    }

    static String heading(RoundCapacities caps) {
        return "Capacity under " + caps.objective();
    }

    static final String LEGEND = "Each cell: the median capacity (arrivals/s the server held under the objective) over"
            + " the iterations that searched the point, in brackets the lowest and highest and how many iterations;"
            + " \"≥\" when an iteration ended at the generator's limit (the server held every rate offered: a lower"
            + " bound, not the server's own limit); \"spread X % > P %\" when the iterations of a capacity not at the"
            + " generator's limit lie further apart than the precision each search claimed; other ends (deadline,"
            + " unconfirmed) are named. Each run's own report has its searches' probes and charts.";

    static final String RATIO_LEGEND = "The target's median capacity at the scenario over its median capacity at direct."
            + " \"≥\": the scenario's capacity was the generator's limit (the ratio is at least this); \"≤\": direct's"
            + " was (at most this); \"?\": both were. The published ratios are of throughput at a load (the round's"
            + " nearest count of users), not of capacity under an objective: set beside, not equal in kind.";

    static ReportTable capacity(RoundCapacities caps, RoundRecord round, String settingKey) {
        List<String> targets = RoundTargets.of(round);
        List<String> headings = new ArrayList<>(List.of("scenario"));
        headings.addAll(targets);
        List<Row> rows = new ArrayList<>();
        for (String scenario : caps.scenarios(settingKey)) {
            List<Cell> cells = new ArrayList<>(List.of(Cell.of(scenario)));
            for (String target : targets) {
                Optional<RoundCapacities.Cell> c = caps.cell(settingKey, scenario, target);
                if (c.isEmpty()) {
                    cells.add(Cell.of(RoundTargets.notServed(round, target).contains(scenario) ? "not served" : ""));
                    continue;
                }
                cells.add(cell(caps, c.get(), round.iterations()));
            }
            rows.add(new Row(cells, false));
        }
        return new ReportTable("capacity", headings, RoundTables.numeric(targets.size()), rows);
    }

    private static Cell cell(RoundCapacities caps, RoundCapacities.Cell c, int planned) {
        List<String> detail = new ArrayList<>();
        if (c.capacity() == null) {
            detail.add(c.searches().size() + " of " + planned);
            c.otherEnds().forEach(s -> detail.add(s.status()));
            return Cell.of("none found", "(" + String.join("; ", detail) + ")");
        }
        String text = (c.generatorLimited() ? "≥ " : "") + rate(c.capacity().value()) + "/s";
        if (c.searches().size() > 1) {
            detail.add(rate(c.capacity().min()) + "–" + rate(c.capacity().max()));
        }
        detail.add(c.searches().size() + " of " + planned);
        if (caps.beyondPrecision(c)) {
            detail.add("spread " + Decimal.fixed(c.spreadPercent(), 1) + " % > " + Decimal.fixed(caps.precisionPct(), 0)
                    + " %");
        }
        long other = c.otherEnds().size();
        if (other > 0) {
            detail.add(other + " " + String.join(", ", c.otherEnds().stream().map(s -> s.status()).distinct().toList()));
        }
        return Cell.of(text, "(" + String.join("; ", detail) + ")");
    }

    static ReportTable ratios(RoundCapacities caps, RoundRecord round, String settingKey,
                              List<PublishedRatios.Column> published) {
        List<String> targets = RoundTargets.of(round);
        List<String> headings = new ArrayList<>(List.of("scenario"));
        headings.addAll(targets);
        published.forEach(c -> headings.add(c.label()));
        List<Row> rows = new ArrayList<>();
        for (String scenario : caps.scenarios(settingKey)) {
            List<Cell> cells = new ArrayList<>(List.of(Cell.of(scenario)));
            for (String target : targets) {
                Optional<RoundCapacities.Cell> c = caps.cell(settingKey, scenario, target);
                cells.add(Cell.of(c.isEmpty() || c.get().ratio() == null ? ""
                        : (c.get().ratioBound().isEmpty() ? "" : c.get().ratioBound() + " ")
                        + Decimal.fixed(c.get().ratio(), 2)));
            }
            published.forEach(p -> cells.add(RoundTables.published(p, scenario)));
            rows.add(new Row(cells, false));
        }
        return new ReportTable("capacity-ratios", headings, RoundTables.numeric(headings.size() - 1), rows);
    }

    /** The cells whose iterations spread beyond the precision, one line each. */
    static List<String> beyondPrecision(RoundCapacities caps, String settingKey) {
        return caps.cells().stream().filter(c -> c.settingKey().equals(settingKey) && caps.beyondPrecision(c))
                .map(c -> c.target() + ", " + c.scenario() + ": capacities " + String.join(", ",
                        c.searches().stream().map(s -> rate(s.capacity())).toList()) + "/s over iterations "
                        + c.iterations().stream().map(String::valueOf).reduce((a, b) -> a + ", " + b).orElse("")
                        + ", spread " + Decimal.fixed(c.spreadPercent(), 1) + " %, more than the searches' "
                        + Decimal.fixed(caps.precisionPct(), 0) + " %")
                .toList();
    }

    private static String rate(double r) {
        return String.format(Locale.ROOT, "%,d", Math.round(r));
    }
}
