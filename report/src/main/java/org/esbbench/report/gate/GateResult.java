package org.esbbench.report.gate;

import org.esbbench.report.compare.PointCheck;
import org.esbbench.report.compare.RegressionResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the criteria and the baseline said of a run's points.
 *
 * @param criteria   one check per point and criterion that names its scenario, in point then criterion order
 * @param regression the comparison with the baseline run; empty without {@code -Dbaseline}, or when the baseline
 *                   could not be read
 * @param baselineProblem why the baseline could not be found or read; empty when it was, or there is none
 * @param capacity   one check per capacity search and capacity criterion that names its scenario
 */
public record GateResult(List<CriterionCheck> criteria, Optional<RegressionResult> regression,
                         Optional<String> baselineProblem, List<CapacityCheck> capacity, BaselineProfiles profiles) {
    public static final GateResult NONE = new GateResult(List.of(), Optional.empty(), Optional.empty());

    public GateResult {
        criteria = List.copyOf(criteria);
        capacity = List.copyOf(capacity);
        profiles = profiles == null ? BaselineProfiles.NONE : profiles;
    }

    /** Without the baseline's profiles. */
    public GateResult(List<CriterionCheck> criteria, Optional<RegressionResult> regression,
                      Optional<String> baselineProblem, List<CapacityCheck> capacity) {
        this(criteria, regression, baselineProblem, capacity, BaselineProfiles.NONE);
    }

    /** Without capacity criteria. */
    public GateResult(List<CriterionCheck> criteria, Optional<RegressionResult> regression,
                      Optional<String> baselineProblem) {
        this(criteria, regression, baselineProblem, List.of());
    }

    public GateResult(List<CriterionCheck> criteria, Optional<RegressionResult> regression) {
        this(criteria, regression, Optional.empty());
    }

    /** The same judgement of the criteria, with the baseline that could not be read: a failure of its own. */
    public GateResult withBaselineProblem(String problem) {
        return new GateResult(criteria, Optional.empty(), Optional.of(problem), capacity, profiles);
    }

    /** The same judgement of the criteria, with the comparison against the baseline. */
    public GateResult withRegression(RegressionResult result) {
        return new GateResult(criteria, Optional.of(result), baselineProblem, capacity, profiles);
    }

    /** The same judgement, with what the points' profiles say against the baseline's. */
    public GateResult withProfiles(BaselineProfiles notes) {
        return new GateResult(criteria, regression, baselineProblem, capacity, notes);
    }

    public boolean isEmpty() {
        return criteria.isEmpty() && capacity.isEmpty() && regression.isEmpty() && baselineProblem.isEmpty();
    }

    /** The criteria that did not hold, on figures and on capacities. */
    public long failedCriteria() {
        return criteria.stream().filter(c -> !c.passed()).count() + capacity.stream().filter(c -> !c.passed()).count();
    }

    /** One line per failed criterion and per point that regressed, naming the point: the run's failures. */
    public List<String> failures() {
        List<String> lines = new ArrayList<>();
        for (CriterionCheck c : criteria) {
            if (!c.passed()) {
                lines.add("criterion " + c.criterion().text() + " failed: " + c.message());
            }
        }
        for (CapacityCheck c : capacity) {
            if (!c.passed()) {
                lines.add("criterion " + c.criterion().text() + " failed: " + c.message());
            }
        }
        regression.ifPresent(r -> {
            for (PointCheck p : r.checks()) {
                String note = profiles.note(p.point()).map(n -> " [" + n + "]").orElse("");
                p.failures().forEach(f -> lines.add(p.point().key() + ": regression against baseline "
                        + r.baseline().runId() + ": " + f + note));
            }
        });
        baselineProblem.ifPresent(p -> lines.add("baseline: " + p));
        return lines;
    }

    /** The summary's section: each criterion on each point, then the baseline's table; empty when there is none. */
    public String markdown() {
        if (isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("\n## Criteria and baseline\n\n");
        if (!criteria.isEmpty()) {
            md.append("| point | criterion | value | result |\n|---|---|---:|---|\n");
            for (CriterionCheck c : criteria) {
                md.append("| ").append(c.point().key()).append(" | `").append(c.criterion().text()).append("` | ")
                        .append(c.valueText()).append(" | ").append(c.passed() ? "passed" : "**failed**").append(" |\n");
            }
        }
        if (!capacity.isEmpty()) {
            md.append(criteria.isEmpty() ? "" : "\n").append("| search | criterion | capacity | result |\n"
                    + "|---|---|---|---|\n");
            for (CapacityCheck c : capacity) {
                md.append("| ").append(c.name()).append(" | `").append(c.criterion().text()).append("` | ")
                        .append(c.valueText().replace("|", "\\|")).append(" | ")
                        .append(c.passed() ? "passed" : "**failed**").append(" |\n");
            }
        }
        boolean anyCriterion = !criteria.isEmpty() || !capacity.isEmpty();
        baselineProblem.ifPresent(p -> md.append(anyCriterion ? "\n" : "").append("The baseline could not be read: ")
                .append(p).append('\n'));
        regression.ifPresent(r -> md.append(anyCriterion ? "\n" : "").append("Against the baseline run `")
                .append(r.baseline().runId()).append("` (").append(r.baseline().folder()).append("):\n\n")
                .append(r.report().strip()).append('\n'));
        if (!profiles.isEmpty()) {
            md.append("\nProfiles against the baseline's:\n\n");
            profiles.notes().forEach((point, note) -> md.append("- ").append(point).append(": ").append(note)
                    .append('\n'));
        }
        return md.toString();
    }
}
