package org.esbbench.report.roundreport;

import org.esbbench.report.round.PublishedRatios;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundTable;
import org.esbbench.report.round.Setting;
import org.esbbench.report.round.TargetRunResult;

import java.util.List;
import java.util.Optional;
import org.esbbench.report.capacity.RoundCapacities;

/**
 * Everything round.md and round.html show, gathered once so that both say the same.
 *
 * @param table     the cells
 * @param results   every target run with what its folder gave (for the runs not measured and why)
 * @param charts    the charts written
 * @param published the published ratios
 * @param capacities the searches' capacities of a round run with -Dcapacity (then shown instead of the figures at a
 *                   load); empty otherwise
 */
record RoundContent(RoundTable table, List<TargetRunResult> results, List<RoundCharts.Written> charts,
                    PublishedRatios published, Optional<RoundCapacities> capacities) {

    RoundContent {
        results = List.copyOf(results);
        charts = List.copyOf(charts);
    }

    RoundRecord round() {
        return table.round();
    }

    /** The published servers' columns at a setting (the published WSO2 MI users nearest the setting's). */
    List<PublishedRatios.Column> published(Setting setting) {
        return published.columns(setting.sample().users());
    }

    List<RoundCharts.Written> charts(Setting setting) {
        return charts.stream().filter(c -> c.setting().equals(setting)).toList();
    }

    /** The published servers' columns beside a capacity round's ratios (the round's first count of users). */
    List<PublishedRatios.Column> publishedForCapacity() {
        String users = round().parameters().getOrDefault("users", "");
        int first;
        try {
            first = Integer.parseInt(users.split(",")[0].strip());
        } catch (NumberFormatException e) {
            first = 0;
        }
        return published.columns(first);
    }

    /** The target runs the report could not use, in running order. */
    List<TargetRunResult> notMeasured() {
        return results.stream().filter(r -> r.status() != TargetRunResult.Status.MEASURED).toList();
    }
}
