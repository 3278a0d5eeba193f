package org.esbbench.report.run;

import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.figures.Figures;

import java.util.Objects;
import java.util.Optional;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.gate.RunGate;

/**
 * How {@link RunAnalysis} analyses a run.
 *
 * @param jmeter                     JMeter for the dashboards of the measurement windows; empty for no dashboards
 * @param saturationThresholdPercent machine CPU % from which a scenario run whose load generator or backend took
 *                                   as much CPU as the server is flagged as limited by the harness
 * @param cores                      the machine's cores, for CPU utilisations as percent of the whole machine, when
 *                                   the run folder does not record them ({@code cpus.properties})
 * @param figures                    the catalogue of figures
 * @param dashboardHeapLimitMb       the most heap a dashboard's JMeter may get, in MB: a window whose dashboard
 *                                   needs more ({@link org.esbbench.report.dashboard.JMeterDashboard#heapMbFor}) gets
 *                                   none, and the summary says why ({@link #NO_HEAP_LIMIT}: no limit)
 * @param errorTolerance             the errors a scenario run may have and still pass; empty: the run parameters'
 *                                   ({@code maxErrorPercent}, recorded by check), 0 for a plan without it
 * @param driftThresholdPercent      how far the first and last thirds of a window may differ in throughput or p99
 *                                   before the window is flagged as drifting ({@code -DdriftThreshold}, percent)
 * @param keepResults                what becomes of each scenario run's raw results after its analysis
 * @param gate                       the criteria and the baseline the points are judged by ({@link RunGate#NONE}:
 *                                   none)
 */
public record AnalysisOptions(Optional<JMeterInstallation> jmeter, double saturationThresholdPercent, int cores,
                              Figures figures, Optional<ErrorTolerance> errorTolerance,
                              long dashboardHeapLimitMb, double driftThresholdPercent, KeepResults keepResults,
                              RunGate gate) {
    public static final long NO_HEAP_LIMIT = Long.MAX_VALUE;
    public static final double DEFAULT_SATURATION_THRESHOLD_PERCENT = 90;
    public static final double DEFAULT_DRIFT_THRESHOLD_PERCENT = 10;

    public AnalysisOptions {
        Objects.requireNonNull(jmeter);
        Objects.requireNonNull(figures);
        Objects.requireNonNull(errorTolerance);
        Objects.requireNonNull(keepResults);
        Objects.requireNonNull(gate);
        if (!(driftThresholdPercent > 0)) {
            throw new IllegalArgumentException("the drift threshold must be above 0 %, got " + driftThresholdPercent);
        }
        if (dashboardHeapLimitMb < 1) {
            throw new IllegalArgumentException("the dashboards' heap limit must be at least 1 MB, got " + dashboardHeapLimitMb);
        }
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be 1 or more, got " + cores);
        }
    }

    /** No dashboards, the default threshold, this machine's cores, the standard figures. */
    public static AnalysisOptions defaults() {
        return new AnalysisOptions(Optional.empty(), DEFAULT_SATURATION_THRESHOLD_PERCENT,
                org.esbbench.report.cores.OnlineCpus.count(), Figures.standard(), Optional.empty(), NO_HEAP_LIMIT,
                DEFAULT_DRIFT_THRESHOLD_PERCENT, KeepResults.COMPRESSED, RunGate.NONE);
    }

    public AnalysisOptions withJMeter(JMeterInstallation installation) {
        return new AnalysisOptions(Optional.of(installation), saturationThresholdPercent, cores, figures, errorTolerance, dashboardHeapLimitMb,
                driftThresholdPercent, keepResults, gate);
    }

    public AnalysisOptions withSaturationThreshold(double percent) {
        return new AnalysisOptions(jmeter, percent, cores, figures, errorTolerance, dashboardHeapLimitMb,
                driftThresholdPercent, keepResults, gate);
    }

    public AnalysisOptions withFigures(Figures other) {
        return new AnalysisOptions(jmeter, saturationThresholdPercent, cores, other, errorTolerance, dashboardHeapLimitMb,
                driftThresholdPercent, keepResults, gate);
    }

    /** Overrides the run parameters' {@code maxErrorPercent} (an analysis run again with another threshold). */
    public AnalysisOptions withErrorTolerance(ErrorTolerance tolerance) {
        return new AnalysisOptions(jmeter, saturationThresholdPercent, cores, figures, Optional.of(tolerance), dashboardHeapLimitMb,
                driftThresholdPercent, keepResults, gate);
    }

    /** The most heap a dashboard may get (check computed it from the machine's memory or -DdashboardHeap). */
    public AnalysisOptions withDashboardHeapLimit(long megabytes) {
        return new AnalysisOptions(jmeter, saturationThresholdPercent, cores, figures, errorTolerance, megabytes,
                driftThresholdPercent, keepResults, gate);
    }

    /** How far a window's first and last thirds may differ before it is flagged ({@code -DdriftThreshold}). */
    public AnalysisOptions withDriftThreshold(double percent) {
        return new AnalysisOptions(jmeter, saturationThresholdPercent, cores, figures, errorTolerance, dashboardHeapLimitMb,
                percent, keepResults, gate);
    }

    /** The criteria and baseline the points are judged by ({@code -Dcriteria}, {@code -Dbaseline}). */
    public AnalysisOptions withGate(RunGate other) {
        return new AnalysisOptions(jmeter, saturationThresholdPercent, cores, figures, errorTolerance, dashboardHeapLimitMb,
                driftThresholdPercent, keepResults, other);
    }

    /** What becomes of the raw results once analysed ({@code -DkeepResults}). */
    public AnalysisOptions withKeepResults(KeepResults keep) {
        return new AnalysisOptions(jmeter, saturationThresholdPercent, cores, figures, errorTolerance, dashboardHeapLimitMb,
                driftThresholdPercent, keep, gate);
    }
}
