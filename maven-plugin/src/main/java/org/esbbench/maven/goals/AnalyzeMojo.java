package org.esbbench.maven.goals;

import org.esbbench.maven.checks.MemoryEstimate;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.CurrentRun;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.run.AnalysisOptions;
import org.esbbench.report.run.AnalysisResult;
import org.esbbench.report.run.DriftThreshold;
import org.esbbench.report.run.ErrorTolerance;
import org.esbbench.report.folder.LatestRun;
import org.esbbench.report.run.RawResults;
import org.esbbench.report.run.RunAnalysis;
import org.esbbench.report.folder.RunLayout;

import java.io.File;
import java.io.IOException;

/**
 * Last goal of a run, in the verify phase: the analysis of the run folder ({@link RunAnalysis}, the same as
 * {@code esb-bench-report analyze RUN_DIR}), then fails the build when any scenario run failed. With
 * {@code -Drun=RUN_ID} (or {@code -Drun=latest}) it analyses that earlier run folder again instead of this build's
 * run: a run whose build was killed before its analysis, or one to re-read after a change of the report code.
 */
@Mojo(name = "analyze", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class AnalyzeMojo extends EsbBenchMojo {

    /** An earlier run to analyse again: its id (folder name under results/), "latest", or a folder path. */
    @Parameter(property = "run", defaultValue = "")
    String run;

    /** jmeter-maven-plugin's record of where its configure goal laid JMeter out (for the dashboards). */
    @Parameter(defaultValue = "${project.build.directory}/config.json", required = true)
    File jmeterConfig;

    /** Writes JMeter's HTML dashboard of each measurement window (about a JMeter start-up's time per scenario run). */
    @Parameter(property = "dashboards", defaultValue = "true")
    boolean dashboards;

    /**
     * Machine CPU utilisation (percent of all cores) from which a scenario run whose load generator or backend
     * took at least as much CPU as the server is flagged as limited by the harness, not the server.
     */
    @Parameter(property = "saturationThreshold", defaultValue = "90")
    double saturationThreshold;

    /**
     * Errors tolerated per scenario run, % of its samples; unset: the run plan's (check recorded -DmaxErrorPercent).
     * Given with -Drun, it analyses an earlier run again with another threshold.
     */
    @Parameter(property = "maxErrorPercent")
    String maxErrorPercent;
    /**
     * What becomes of the raw results once analysed: compressed, none (dropped) or plain; unset: the run plan's
     * (check recorded -DkeepResults). With -Drun, e.g. -DkeepResults=compressed compresses an old run's results.
     */
    @Parameter(property = "keepResults")
    String keepResults;


    /**
     * How far (%) a window's first and last thirds may differ before it is flagged drift; unset: the run plan's (check
     * recorded -DdriftThreshold). Given with -Drun, it analyses an earlier run again with another threshold.
     */
    @Parameter(property = "driftThreshold")
    String driftThreshold;
    /** The most heap a dashboard's JMeter may get (e.g. 6g); default half the machine's memory, as check said. */
    @Parameter(property = "dashboardHeap", defaultValue = "")
    String dashboardHeap;

    @Override
    protected void doExecute() throws MojoExecutionException, MojoFailureException {
        // Maven leaves a parameter whose default is "" null.
        String earlier = run == null ? "" : run.strip();
        RunLayout layout;
        try {
            layout = earlier.isEmpty() ? CurrentRun.read(currentRunPointer(), root()).layout()
                    : new RunLayout(LatestRun.resolve(root().resolve("results"), earlier));
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoFailureException("cannot find the run to analyse: " + e.getMessage());
        }
        if (!earlier.isEmpty()) {
            info("analysing " + layout.dir() + " again");
        }
        AnalysisResult result;
        try {
            AnalysisOptions options = AnalysisOptions.defaults().withSaturationThreshold(saturationThreshold);
            if (maxErrorPercent != null && !maxErrorPercent.isBlank()) {
                options = options.withErrorTolerance(errorTolerance(maxErrorPercent));
            }
            try {
                options = options.withKeepResults(RawResults.choice(keepResults, layout));
            } catch (IllegalArgumentException e) {
                throw new MojoFailureException(e.getMessage());
            }
            options = options.withDriftThreshold(driftThreshold != null && !driftThreshold.isBlank()
                    ? driftThreshold(driftThreshold) : DriftThreshold.recorded(layout));
            if (dashboards) {
                options = options.withJMeter(JMeterInstallation.fromPluginConfig(jmeterConfig.toPath()))
                        .withDashboardHeapLimit(MemoryEstimate.dashboardHeapLimitMb(dashboardHeap, MemoryEstimate.machineMb()));
            }
            result = RunAnalysis.analyse(layout, options, this::info);
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("could not analyse the run in " + layout.dir() + ": " + e.getMessage(), e);
        }
        info("results in " + root().relativize(layout.dir()) + " (summary.md, summary.csv, points.csv, run.json)");
        if (!result.passed()) {
            throw new MojoFailureException("the run failed: " + String.join("; ", result.failures())
                    + " (details in " + layout.summaryMd() + ")");
        }
    }

    private static double driftThreshold(String value) throws MojoFailureException {
        try {
            return DriftThreshold.parse(value);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }

    private static ErrorTolerance errorTolerance(String value) throws MojoFailureException {
        try {
            return ErrorTolerance.parse(value);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }
}
