package org.esbbench.maven;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.run.AnalysisOptions;
import org.esbbench.report.run.AnalysisResult;
import org.esbbench.report.run.RunAnalysis;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Last goal of a run, in the verify phase: the analysis of the run folder ({@link RunAnalysis}, the same as
 * {@code esb-bench-report analyze RUN_DIR}), then fails the build when any scenario run failed.
 */
@Mojo(name = "analyze", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class AnalyzeMojo extends AbstractRunMojo {

    /** Writes JMeter's HTML dashboard of each measurement window (about a JMeter start-up's time per scenario run). */
    @Parameter(property = "dashboards", defaultValue = "true")
    boolean dashboards;

    /**
     * Machine CPU utilisation (percent of all cores) from which a scenario run whose load generator or backend
     * took at least as much CPU as the server is flagged as limited by the harness, not the server.
     */
    @Parameter(property = "saturationThreshold", defaultValue = "90")
    double saturationThreshold;

    @Override
    void execute(CurrentRun current) throws MojoExecutionException, MojoFailureException {
        Path runDir = current.dir();
        AnalysisResult result;
        try {
            AnalysisOptions options = AnalysisOptions.defaults().withSaturationThreshold(saturationThreshold);
            if (dashboards) {
                options = options.withJMeter(JMeterInstallation.fromPluginConfig(jmeterConfig.toPath()));
            }
            result = RunAnalysis.analyse(new org.esbbench.report.run.RunLayout(runDir), options, this::info);
        } catch (IOException e) {
            throw new MojoExecutionException("could not analyse the run in " + runDir + ": " + e.getMessage(), e);
        }
        info("results in " + root().relativize(runDir) + " (summary.md, summary.csv, points.csv, run.json)");
        if (!result.passed()) {
            throw new MojoFailureException("the run failed: " + String.join("; ", result.failures())
                    + " (details in " + new org.esbbench.report.run.RunLayout(runDir).summaryMd() + ")");
        }
    }
}
