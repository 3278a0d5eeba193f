package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.servers.BackendDrill;
import java.util.Map;
import java.util.function.Consumer;
import org.esbbench.report.run.AnalysisOptions;
import org.esbbench.report.run.DriftThreshold;
import org.esbbench.report.run.ErrorTolerance;

/**
 * Check's part for {@code -DmaxErrorPercent} (the errors a scenario run may have and still count, {@link
 * ErrorTolerance}) and {@code -DbackendFailPercent} (the drill that makes the echo backend fail a share of requests,
 * {@link BackendDrill}), and {@code -DdriftThreshold} ({@link DriftThreshold}): validated before any load, with a
 * line each when they are not the default. The run parameters file records them with the other parameters; the analysis and
 * the backend read them from there.
 */
public final class RunTolerances {
    private RunTolerances() {
    }

    public static void validate(Map<String, String> parameters, Consumer<String> log) throws InvalidRunException {
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
        if (fail > 0) {
            log.accept("DRILL: the echo backend answers " + fail + " % of requests with 503 (-D"
                    + BackendDrill.PARAMETER + "): these runs measure the suite's handling of errors, not a server");
        }
    }
}
