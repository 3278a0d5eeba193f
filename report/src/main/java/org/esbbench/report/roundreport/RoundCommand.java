package org.esbbench.report.roundreport;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code esb-bench-report round ROUND_DIR}: writes a round's report again from its round.json and run folders. */
@Command(name = "round", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes the report of a round (results/round-<id>/, with its round.json) again from the "
                + "summary.csv of each target run's folder: round.csv, round.md, round.html and charts/round-*.png "
                + "(and .svg), then the results index, which links the round. The targets side by side per scenario "
                + "(median and lowest–highest over the iterations), the unstable server-bound points, the ratios to "
                + "direct beside the published ones.",
                "Exit code: 0, or 2 when the folder has no readable round.json."},
        footer = {"", "Example: round results/round-20261128-090000"})
public final class RoundCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "ROUND_DIR", description = "The round's folder, results/round-<id>.")
    Path roundDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        try {
            RoundReport.Result result = RoundReport.write(roundDir, spec.commandLine().getOut()::println);
            spec.commandLine().getOut().println("Round " + result.round().id() + ": " + result.rows().size()
                    + " cells, " + result.unstable().size() + " unstable");
            spec.commandLine().getOut().flush();
            return 0;
        } catch (IOException e) {
            spec.commandLine().getErr().println("round: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return 2;
        }
    }
}
