package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.servers.BackendDrill;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.esbbench.report.compare.RegressionCheck;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.gate.BaselineRun;
import org.esbbench.report.gate.Criteria;
import org.esbbench.report.gate.RunGate;
import org.esbbench.report.run.AnalysisOptions;
import org.esbbench.report.run.DriftThreshold;
import org.esbbench.report.run.ErrorTolerance;

/**
 * Check's part for {@code -DmaxErrorPercent} (the errors a scenario run may have and still count, {@link
 * ErrorTolerance}) and {@code -DbackendFailPercent} (the drill that makes the echo backend fail a share of requests,
 * {@link BackendDrill}), {@code -DdriftThreshold} ({@link DriftThreshold}), and the gate: {@code -Dcriteria} against
 * the run's own scenarios and {@code -Dbaseline} found with a points.csv ({@link RunGate}): validated before any load,
 * with a line each when they are not the default. The run parameters file records them with the other parameters; the
 * analysis and the backend read them from there.
 */
public final class RunTolerances {
    private RunTolerances() {
    }

    /**
     * @param scenarios the scenario and plan ids the run measures, for the criteria
     * @param results   the results folder, where a baseline's run id is looked up
     */
    public static void validate(Map<String, String> parameters, Collection<String> scenarios, Path results,
                                Consumer<String> log) throws InvalidRunException {
        validateGate(parameters, scenarios, results, log);
        ErrorTolerance tolerance;
        try {
            tolerance = ErrorTolerance.of(parameters);
        } catch (IllegalArgumentException e) {
            throw new InvalidRunException(e.getMessage());
        }
        double drift;
        try {
            drift = DriftThreshold.of(parameters);
        } catch (IllegalArgumentException e) {
            throw new InvalidRunException(e.getMessage());
        }
        if (drift != AnalysisOptions.DEFAULT_DRIFT_THRESHOLD_PERCENT) {
            log.accept("windows flagged drift when their first and last thirds differ by more than "
                    + DriftThreshold.describe(drift) + " % in throughput or p99 (-D" + DriftThreshold.PARAMETER + ")");
        }
        double fail = BackendDrill.failPercent(parameters);
        if (tolerance.maxErrorPercent() > 0) {
            log.accept("errors tolerated up to " + tolerance.describe() + " % of each scenario run's samples"
                    + " (-D" + ErrorTolerance.PARAMETER + "); incorrect replies still fail the run");
        }
        long added = addedDelay(parameters);
        if (added > 0) {
            log.accept("DRILL: the echo backend waits " + added + " ms more than each point's delay (-D"
                    + BackendDrill.ADDED_DELAY_PARAMETER + "): a slower copy of a run, not a measurement of a server");
        }
        if (fail > 0) {
            log.accept("DRILL: the echo backend answers " + fail + " % of requests with 503 (-D"
                    + BackendDrill.PARAMETER + "): these runs measure the suite's handling of errors, not a server");
        }
    }

    private static long addedDelay(Map<String, String> parameters) {
        String v = parameters.get(BackendDrill.ADDED_DELAY_PARAMETER);
        return v == null || v.isBlank() ? 0 : Long.parseLong(v.strip()); // the catalogue checked it
    }

    /** The criteria name figures and scenarios the run has; the baseline is a run folder with points. */
    static void validateGate(Map<String, String> parameters, Collection<String> scenarios, Path results,
                                     Consumer<String> log) throws InvalidRunException {
        String flag = "-D" + Criteria.PARAMETER;
        RunGate gate;
        try {
            Criteria criteria = Criteria.parse(parameters.get(Criteria.PARAMETER), Figures.standard());
            criteria.requireScenarios(scenarios, flag);
            if (!criteria.capacity().isEmpty() && !org.esbbench.report.capacity.CapacitySettings.requested(parameters)) {
                throw new InvalidRunException(flag + "=" + parameters.get(Criteria.PARAMETER) + ": capacity>=N judges a"
                        + " capacity search; add -Dcapacity=OBJECTIVE (e.g. -Dcapacity='p99<=20ms') or leave it out");
            }
            gate = new RunGate(criteria, Optional.ofNullable(parameters.get(BaselineRun.PARAMETER))
                    .filter(b -> !b.strip().equals(Criteria.NONE_WORD)),
                    RegressionCheck.parse(parameters.get(RegressionCheck.TOLERANCE_PARAMETER), Figures.standard(),
                            "-D" + RegressionCheck.TOLERANCE_PARAMETER));
        } catch (IllegalArgumentException e) {
            throw new InvalidRunException(e.getMessage());
        }
        Optional<Path> baseline;
        try {
            baseline = gate.baseline().isEmpty() ? Optional.empty() : Optional.of(BaselineRun.resolve(results,
                    gate.baseline().get(), null, Instant.now()));
        } catch (IOException e) {
            throw new InvalidRunException(e.getMessage());
        }
        if (!gate.criteria().isEmpty()) {
            log.accept("criteria judged on every point (-D" + Criteria.PARAMETER + "): " + gate.criteria().describe());
        }
        baseline.ifPresent(b -> log.accept("baseline gate (-D" + BaselineRun.PARAMETER + "): every point compared with "
                + b + ", tolerated: " + gate.tolerance().describe() + ", beyond the runs' spread"));
    }
}
