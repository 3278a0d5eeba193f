package org.esbbench.report.run;

import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.index.ResultsIndex;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
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
                "Exit code: 0 when the run passed, 1 when something failed (listed), 2 on bad input (no run parameters file)."})
public final class AnalyzeCommand implements Callable<Integer> {

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
    private static final Map<String, String> OPTIONS = Map.of(AnalysisOptionsBuilder.SATURATION_THRESHOLD,
            SATURATION_THRESHOLD, ErrorTolerance.PARAMETER, MAX_ERROR_PERCENT, KeepResults.PARAMETER, KEEP_RESULTS,
            DriftThreshold.PARAMETER, DRIFT_THRESHOLD);

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
            AnalysisOptions options;
            try {
                options = AnalysisOptionsBuilder.build(given, layout, OPTIONS::get);
            } catch (IllegalArgumentException e) {
                err.println("analyze: " + e.getMessage());
                return 2;
            }
            if (dashboards != null && dashboards.jmeterHome != null) {
                options = options.withJMeter(JMeterInstallation.of(dashboards.jmeterHome));
            }
            AnalysisResult result = RunAnalysis.analyse(layout, options, out::println);
            result.failures().forEach(f -> err.println("FAILED: " + f));
            out.println((result.passed() ? "passed: " : "failed: ") + result.points().size() + " points, summary in "
                    + layout.summaryMd());
            return result.passed() ? 0 : 1;
        } catch (IOException e) {
            err.println("analyze: " + e.getMessage());
            return 2;
        } finally {
            out.flush();
            err.flush();
        }
    }
}
