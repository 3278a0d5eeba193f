package org.esbbench.report.compare;

import org.esbbench.report.ExitLine;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.esbbench.report.folder.RunLayout;

/** {@code esb-bench-report regress --baseline RUN --candidate RUN [--max-throughput-drop P] [--max-p99-growth P]}. */
@Command(name = "regress", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Regression check for CI: compares a candidate run with a saved baseline run on every point "
                + "the baseline measured, on the figures the catalogue marks for it: throughput (higher is better, judged "
                + "by --max-throughput-drop) and p99 (lower is better, judged by --max-p99-growth).",
                "A change beyond the limit counts only when it is also beyond the runs' own spread: with two or more "
                        + "repeats, the ranges [lowest, highest] of the repeats of the two runs do not overlap.",
                "Exit code 0: no regression (prints a short table); 1: throughput dropped or p99 grew by more than "
                        + "allowed on some point, or the candidate did not measure a baseline point (one FAIL line per "
                        + "point); 2: bad input (a run folder or its " + RunLayout.POINTS + " missing). The last line "
                        + "says which: exit N: ..."},
        footer = {"", "Example: regress --baseline baselines/reference --candidate results/latest --max-throughput-drop 5"})
public final class RegressCommand implements Callable<Integer> {

    @Option(names = "--baseline", required = true, paramLabel = "RUN", description = "The saved baseline run folder.")
    Path baseline;

    @Option(names = "--candidate", required = true, paramLabel = "RUN", description = "The run folder to check.")
    Path candidate;

    @Option(names = "--max-throughput-drop", paramLabel = "PERCENT",
            defaultValue = "" + RegressionCheck.DEFAULT_MAX_THROUGHPUT_DROP_PERCENT,
            description = "Largest allowed drop of a figure where higher is better (throughput), in percent of the baseline (default: ${DEFAULT-VALUE}).")
    double maxThroughputDrop;

    @Option(names = "--max-p99-growth", paramLabel = "PERCENT",
            defaultValue = "" + RegressionCheck.DEFAULT_MAX_P99_GROWTH_PERCENT,
            description = "Largest allowed growth of a figure where lower is better (p99: the percentile of the "
                    + "merged histograms of the repeats), in percent of the baseline; a growth within the figure's "
                    + "resolution (for p99 1 ms, 0.001 ms when both runs timed it in microseconds) never fails"
                    + " (default: ${DEFAULT-VALUE}).")
    double maxP99Growth;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        RegressionCheck check;
        try {
            check = new RegressionCheck(maxThroughputDrop, maxP99Growth);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        RegressionResult result;
        try {
            result = check.check(ComparedRun.load(baseline, null), ComparedRun.load(candidate, null));
        } catch (IOException e) {
            spec.commandLine().getErr().println("regress: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return ExitLine.badInput(spec.commandLine().getOut(), e.getMessage());
        }
        spec.commandLine().getOut().print(result.report());
        return result.passed() ? ExitLine.print(spec.commandLine().getOut(), ExitLine.HOLDS, "no regression")
                : ExitLine.print(spec.commandLine().getOut(), ExitLine.FAILED, "regression: "
                + result.failureMessages().size() + " failure(s) against " + result.baseline().label());
    }
}
