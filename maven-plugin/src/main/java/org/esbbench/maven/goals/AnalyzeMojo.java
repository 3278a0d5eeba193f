package org.esbbench.maven.goals;

import org.esbbench.maven.checks.MemoryEstimate;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.CurrentRun;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.run.AnalysisOptions;
import org.esbbench.report.run.AnalysisResult;
import org.esbbench.report.run.DriftThreshold;
import org.esbbench.report.run.ErrorTolerance;
import org.esbbench.report.folder.LatestRun;
import org.esbbench.report.run.AnalysisOptionsBuilder;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.run.RunAnalysis;
import org.esbbench.report.folder.RunLayout;

import org.esbbench.report.compare.RegressionCheck;
import org.esbbench.report.gate.BaselineRun;
import org.esbbench.report.gate.Criteria;
import org.esbbench.report.run.AnalyzeCommand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Last goal of a run, in the verify phase: the analysis of the run folder ({@link RunAnalysis}, the same as
 * {@code esb-bench-report analyze RUN_DIR}), then fails the build when any scenario run failed. With
 * {@code -Drun=RUN_ID} (or {@code -Drun=latest}) it analyses that earlier run folder again instead of this build's
 * run: a run whose build was killed before its analysis, or one to re-read after a change of the report code, or
 * to judge with other criteria or another baseline ({@code -Dcriteria}, {@code -Dbaseline}). Every analysis copies
 * the run's JUnit report to {@code target/esb-bench-reports/TEST-esb-bench.xml}, where CI servers look.
 */
@Mojo(name = "analyze", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class AnalyzeMojo extends EsbBenchMojo {
    /** The folder under the build's target/ that holds the run's JUnit report ({@link AnalyzeCommand#JUNIT_COPY}). */
    static final String REPORTS = "esb-bench-reports";

    @Override
    protected void doExecute() throws MojoExecutionException, MojoFailureException {
        String earlier = parameter("run").strip();
        RunLayout layout;
        try {
            layout = earlier.isEmpty() ? CurrentRun.read(currentRunPointer(), root()).layout()
                    : new RunLayout(LatestRun.resolve(root().resolve(RunLayout.RESULTS), earlier));
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
            // Unset thresholds and keepResults: the run's recorded ones (check recorded them), so that -Drun=ID
            // analyses an earlier run again as it was, unless told otherwise.
            Map<String, String> given = new HashMap<>();
            given.put(AnalysisOptionsBuilder.SATURATION_THRESHOLD, parameter(AnalysisOptionsBuilder.SATURATION_THRESHOLD));
            for (String name : List.of(ErrorTolerance.PARAMETER, KeepResults.PARAMETER, DriftThreshold.PARAMETER,
                    Criteria.PARAMETER, BaselineRun.PARAMETER, RegressionCheck.TOLERANCE_PARAMETER)) {
                given.put(name, given(name));
            }
            AnalysisOptions options;
            try {
                options = AnalysisOptionsBuilder.build(given, layout, AnalysisOptionsBuilder.MAVEN_PROPERTY);
            } catch (IllegalArgumentException e) {
                throw new MojoFailureException(e.getMessage());
            }
            if (Boolean.parseBoolean(parameter("dashboards"))) {
                options = options.withJMeter(JMeterInstallation.fromPluginConfig(jmeterConfig.toPath()))
                        .withDashboardHeapLimit(MemoryEstimate.dashboardHeapLimitMb(parameter("dashboardHeap"),
                                MemoryEstimate.machineMb()));
            }
            result = RunAnalysis.analyse(layout, options, this::info);
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("could not analyse the run in " + layout.dir() + ": " + e.getMessage(), e);
        }
        info("results in " + root().relativize(layout.dir()) + " (" + String.join(", ", RunLayout.SUMMARY_MD, RunLayout.SUMMARY_CSV, RunLayout.POINTS, RunLayout.RUN_JSON) + ")");
        Path junit = reportsDir().resolve(AnalyzeCommand.JUNIT_COPY);
        try {
            Files.createDirectories(junit.getParent());
            Files.copy(result.junit(), junit, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new MojoExecutionException("cannot copy the JUnit report to " + junit + ": " + e.getMessage(), e);
        }
        info("JUnit report: " + junit + " (and " + RunLayout.JUNIT + " in the run folder)");
        if (!result.passed()) {
            result.failures().forEach(f -> getLog().error("[esb-bench] " + f));
            throw new MojoFailureException("the run " + result.verdict() + ": " + String.join("; ", result.failures())
                    + " (details in " + layout.summaryMd() + ")");
        }
    }

    /** Where CI servers look for JUnit reports: target/esb-bench-reports, beside the build's own esb-bench folder. */
    private Path reportsDir() {
        return workDir.toPath().toAbsolutePath().resolveSibling(REPORTS);
    }
}
