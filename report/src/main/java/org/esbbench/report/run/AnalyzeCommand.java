package org.esbbench.report.run;

import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.index.ResultsIndex;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import org.esbbench.report.ExitLine;
import org.esbbench.report.compare.RegressionCheck;
import org.esbbench.report.gate.BaselineRun;
import org.esbbench.report.gate.Criteria;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code esb-bench-report analyze RUN_DIR}: the build's analysis of a run folder, run again from its files. */
@Command(name = "analyze", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Analyses a run folder (" + RunLayout.RESULTS + "/<run-id>) again from its own files, as the build's"
                + " analyze goal does: after a killed build, or to bring an old run's outputs up to date with the report"
                + " code. Rewrites " + RunLayout.POINTS + ", " + RunLayout.SUMMARY_CSV + ", " + RunLayout.SUMMARY_MD
                + ", " + RunLayout.CHARTS + ", " + RunLayout.HISTOGRAMS + ", latency distributions, " + RunLayout.RUN_JSON
                + ", " + RunLayout.RESULTS + "/" + RunLayout.LATEST + " and " + RunLayout.RESULTS + "/"
                + ResultsIndex.FILE_NAME + ".",
                "Exit code: 0 when the run passed, 1 when something failed (listed: errors, incorrect replies, a criterion,"
                        + " a regression against the baseline), 2 on bad input (no run parameters file, a malformed"
                        + " option, a baseline that cannot be found); the last line says which: exit N: ..."})
public final class AnalyzeCommand implements Callable<Integer> {
    /** The name of the JUnit report's copy ({@code --junit}), as Surefire names its reports. */
    public static final String JUNIT_COPY = "TEST-esb-bench.xml";

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "The run folder, holding " + RunLayout.RUN_PARAMETERS + ".")
    Path runDir;

    @ArgGroup(exclusive = true)
    Dashboards dashboards;

    /** Either JMeter's home for the dashboards, or none at all. */
    static final class Dashboards {
        @Option(names = "--jmeter-home", paramLabel = "DIR",
                description = "JMeter's home: makes JMeter's dashboard of each measurement window.")
        Path jmeterHome;

        @Option(names = "--no-dashboards", description = "Makes no dashboards (the default).")
        boolean none;
    }

    /** The options for the analysis parameters, by the parameters' names ({@link AnalysisOptionsBuilder#NAMES}). */
    static final String SATURATION_THRESHOLD = "--saturation-threshold";
    static final String MAX_ERROR_PERCENT = "--max-error-percent";
    static final String KEEP_RESULTS = "--keep-results";
    static final String DRIFT_THRESHOLD = "--drift-threshold";
    static final String CRITERIA = "--criteria";
    static final String BASELINE = "--baseline";
    static final String BASELINE_TOLERANCE = "--baseline-tolerance";
    private static final Map<String, String> OPTIONS = Map.of(AnalysisOptionsBuilder.SATURATION_THRESHOLD,
            SATURATION_THRESHOLD, ErrorTolerance.PARAMETER, MAX_ERROR_PERCENT, KeepResults.PARAMETER, KEEP_RESULTS,
            DriftThreshold.PARAMETER, DRIFT_THRESHOLD, Criteria.PARAMETER, CRITERIA, BaselineRun.PARAMETER, BASELINE,
            RegressionCheck.TOLERANCE_PARAMETER, BASELINE_TOLERANCE);

    @Option(names = SATURATION_THRESHOLD, paramLabel = "PERCENT",
            defaultValue = "" + AnalysisOptions.DEFAULT_SATURATION_THRESHOLD_PERCENT,
            description = "Machine CPU %% from which a scenario run limited by the harness is flagged (default: ${DEFAULT-VALUE}).")
    double saturationThreshold;

    @Option(names = MAX_ERROR_PERCENT, paramLabel = "PERCENT",
            description = "Errors tolerated per scenario run, %% of its samples (0..100), instead of the run parameters'"
                    + " maxErrorPercent (recorded by check; 0 when it has none). Incorrect replies always fail the run.")
    String maxErrorPercent;

    @Option(names = KEEP_RESULTS, paramLabel = "CHOICE",
            description = "What becomes of the raw results once analysed: compressed, none (dropped) or plain, instead"
                    + " of the run parameters' keepResults (recorded by check; compressed when it has none).")
    String keepResults;
    @Option(names = DRIFT_THRESHOLD, paramLabel = "PERCENT",
            description = "How far, %%, the first and last thirds of a measurement window may differ in throughput or"
                    + " p99 before it is flagged drift (above 0, at most 1000), instead of the run parameters' driftThreshold"
                    + " (recorded by check; 10 when it has none). The flag does not fail the run.")
    String driftThreshold;

    @Option(names = CRITERIA, paramLabel = "LIST",
            description = "Pass/fail bounds judged on every point, comma-separated SCENARIO:FIGURE OP NUMBER (OP < <= > >=,"
                    + " * for every scenario), e.g. 'direct:p99_ms<5,*:error_pct<=0.1', instead of the run parameters'"
                    + " criteria (recorded by check); none for no criteria.")
    String criteria;

    @Option(names = BASELINE, paramLabel = "RUN",
            description = "A run to compare every point with: a run id of the results folder, a run folder, latest or"
                    + " latest:TARGET (the newest passed run, of that target, begun before this one), instead of the run"
                    + " parameters' baseline; none for no baseline.")
    String baseline;

    @Option(names = BASELINE_TOLERANCE, paramLabel = "LIST",
            description = "Per figure, the %% it may worsen against the baseline before it is a regression (beyond the"
                    + " runs' spread too), e.g. " + RegressionCheck.DEFAULT_TOLERANCE + " (the default).")
    String baselineTolerance;

    @Option(names = "--junit", paramLabel = "DIR",
            description = "Also copies the run's JUnit XML report (" + RunLayout.JUNIT + ") into DIR as TEST-esb-bench.xml,"
                    + " where a CI server's JUnit step looks.")
    Path junitDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            RunLayout layout = new RunLayout(runDir);
            Map<String, String> given = new HashMap<>();
            given.put(AnalysisOptionsBuilder.SATURATION_THRESHOLD, Double.toString(saturationThreshold));
            given.put(ErrorTolerance.PARAMETER, maxErrorPercent);
            given.put(KeepResults.PARAMETER, keepResults);
            given.put(DriftThreshold.PARAMETER, driftThreshold);
            given.put(Criteria.PARAMETER, criteria);
            given.put(BaselineRun.PARAMETER, baseline);
            given.put(RegressionCheck.TOLERANCE_PARAMETER, baselineTolerance);
            AnalysisOptions options;
            try {
                options = AnalysisOptionsBuilder.build(given, layout, OPTIONS::get);
            } catch (IllegalArgumentException e) {
                err.println("analyze: " + e.getMessage());
                err.flush();
                return ExitLine.badInput(out, e.getMessage());
            }
            // A baseline that is not there is bad input, said before the analysis rewrites anything.
            options.gate().baselineFolder(layout, RunParametersFile.read(layout.runParametersFile()).checkedAt());
            if (dashboards != null && dashboards.jmeterHome != null) {
                options = options.withJMeter(JMeterInstallation.of(dashboards.jmeterHome));
            }
            AnalysisResult result = RunAnalysis.analyse(layout, options, out::println);
            if (junitDir != null) {
                Files.createDirectories(junitDir);
                Files.copy(result.junit(), junitDir.resolve(JUNIT_COPY), StandardCopyOption.REPLACE_EXISTING);
            }
            result.failures().forEach(f -> err.println("FAILED: " + f));
            err.flush();
            out.println((result.passed() ? "passed: " : "failed: ") + result.points().size() + " points, summary in "
                    + layout.summaryMd() + ", JUnit report in " + result.junit());
            return result.passed() ? ExitLine.print(out, ExitLine.HOLDS, "passed")
                    : ExitLine.print(out, ExitLine.FAILED, result.verdict());
        } catch (IOException e) {
            err.println("analyze: " + e.getMessage());
            err.flush();
            return ExitLine.badInput(out, e.getMessage());
        } finally {
            out.flush();
            err.flush();
        }
    }
}
