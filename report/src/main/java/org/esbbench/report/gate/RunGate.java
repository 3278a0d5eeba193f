package org.esbbench.report.gate;

import org.esbbench.report.capacity.SearchRow;
import org.esbbench.report.compare.ComparedRun;
import org.esbbench.report.compare.RegressionCheck;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.PointSummary;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a run is judged beyond its errors and replies: the pass/fail criteria ({@code -Dcriteria}) on every point and
 * the baseline gate ({@code -Dbaseline}, {@code -DbaselineTolerance}), as {@code compare}'s regression check does it.
 * What fails here fails the run as an incorrect reply does, naming the point.
 *
 * @param criteria  the criteria, {@link Criteria#NONE} for none
 * @param baseline  the baseline as given (run id, folder, latest, latest:TARGET); empty for no baseline gate
 * @param tolerance the allowed change per figure against the baseline
 */
public record RunGate(Criteria criteria, Optional<String> baseline, RegressionCheck tolerance) {
    public static final RunGate NONE = new RunGate(Criteria.NONE, Optional.empty(),
            RegressionCheck.parse(null, Figures.standard(), "-D" + RegressionCheck.TOLERANCE_PARAMETER));

    public RunGate {
        baseline = baseline.map(String::strip).filter(b -> !b.isEmpty());
    }

    public boolean isEmpty() {
        return criteria.isEmpty() && baseline.isEmpty();
    }

    /**
     * Judges the run's points.
     *
     * @param layout  the run folder (never its own baseline; its results folder is where run ids are looked up)
     * @param startedAt when the run began: a {@code latest} baseline began before it
     * @throws IOException when the baseline cannot be found or read
     */
    public GateResult judge(List<PointSummary> points, RunLayout layout, Instant startedAt, Figures figures)
            throws IOException {
        if (isEmpty()) {
            return GateResult.NONE;
        }
        GateResult onCriteria = judge(points, searches(layout));
        if (baseline.isEmpty()) {
            return onCriteria;
        }
        Path folder = baselineFolder(layout, startedAt).orElseThrow();
        ComparedRun base = ComparedRun.load(folder, null, figures);
        ComparedRun self = ComparedRun.load(layout.dir(), null, figures);
        // Where both runs were profiled (-Dprofile), each point's differential flame graph against the baseline.
        return onCriteria.withRegression(tolerance.check(base, self))
                .withProfiles(BaselineProfiles.of(base, self, layout));
    }

    /** The run's capacity searches ({@code capacity/capacity.csv}); none when it did not search. */
    public static List<SearchRow> searches(RunLayout layout) throws IOException {
        return SearchRow.read(layout.capacity().resolve(SearchRow.FILE));
    }

    /**
     * The baseline's run folder for the run in {@code layout} ({@link BaselineRun#resolve}); empty without a baseline.
     *
     * @throws IOException naming what was looked for when it is not there
     */
    public Optional<Path> baselineFolder(RunLayout layout, Instant startedAt) throws IOException {
        if (baseline.isEmpty()) {
            return Optional.empty();
        }
        Path results = layout.dir().toAbsolutePath().normalize().getParent();
        return Optional.of(BaselineRun.resolve(results, baseline.get(), layout.dir(), startedAt));
    }

    /** The criteria on figures alone (no baseline, no capacity searches). */
    public GateResult judge(List<PointSummary> points) {
        return judge(points, List.of());
    }

    /**
     * The criteria alone (no baseline): what is judged when the baseline cannot be read. A capacity criterion is
     * judged on each search of its scenario; with no search to judge at all it fails once, rather than pass unseen.
     */
    public GateResult judge(List<PointSummary> points, List<SearchRow> searches) {
        List<CriterionCheck> checks = new ArrayList<>();
        for (PointSummary p : points) {
            criteria.list().stream().filter(c -> c.appliesTo(p.point()))
                    .forEach(c -> checks.add(new CriterionCheck(p.point(), c, p.value(c.figure()))));
        }
        List<CapacityCheck> capacity = new ArrayList<>();
        for (CapacityCriterion c : criteria.capacity()) {
            List<SearchRow> judged = searches.stream().filter(c::appliesTo).toList();
            if (judged.isEmpty()) {
                capacity.add(new CapacityCheck(null, c));
            }
            judged.forEach(s -> capacity.add(new CapacityCheck(s, c)));
        }
        return new GateResult(checks, Optional.empty(), Optional.empty(), capacity);
    }

    /** What the run's description says of the gate; empty without one. */
    public Optional<String> explanation() {
        if (isEmpty()) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        if (!criteria.isEmpty()) {
            parts.add("Criteria (-D" + Criteria.PARAMETER + "): " + criteria.describe() + ".");
        }
        baseline.ifPresent(b -> parts.add("Baseline (-D" + BaselineRun.PARAMETER + "): " + b + ", tolerated: "
                + tolerance.describe() + ", beyond the runs' spread."));
        return Optional.of(String.join(" ", parts));
    }
}
