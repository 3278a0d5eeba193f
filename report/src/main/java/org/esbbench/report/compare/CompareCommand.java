package org.esbbench.report.compare;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.folder.RunLayout;

/** {@code esb-bench-report compare RUN RUN... [--out DIR] [--label L]...}. */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compares two or more runs point by point (same scenario, users, size and delay): for "
                + "each figure the catalogue compares (throughput, mean, p99, CPU per msg) each run's value over its "
                + "repeats with their lowest and highest, the ratio to the first "
                + "(baseline) run, and whether the difference is larger than the runs' own spread.",
                "Writes into --out: comparison.md and comparison.html (per scenario, grouped bar charts of throughput "
                        + "and p99 with one bar per run, then the table), comparison.csv, and charts/ (the bars, and "
                        + "line charts against users or against arrivals per second where a series has two or more "
                        + "load levels); prints the Markdown. "
                        + "Exit code: 0, or 2 when a run folder or its " + RunLayout.POINTS + " is missing."},
        footer = {"", "Example: compare results/20261122-101500-reference results/20261123-093000-mi --label camel --label mi"})
public final class CompareCommand implements Callable<Integer> {

    @Parameters(arity = "2..*", paramLabel = "RUN",
            description = "Run folders (" + RunLayout.RESULTS + "/<run-id>, each with " + RunLayout.POINTS
                    + "); the first is the baseline.")
    List<Path> runs;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = ".",
            description = "Folder to write comparison.md and comparison.csv into (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--label", paramLabel = "LABEL",
            description = "How to name each run in the tables, once per run in the same order (default: the run id).")
    List<String> labels = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!labels.isEmpty() && labels.size() != runs.size()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--label given " + labels.size()
                    + " times for " + runs.size() + " runs: give one label per run, or none");
        }
        List<ComparedRun> loaded = new ArrayList<>();
        try {
            for (int i = 0; i < runs.size(); i++) {
                loaded.add(ComparedRun.load(runs.get(i), labels.isEmpty() ? null : labels.get(i)));
            }
        } catch (IOException e) {
            spec.commandLine().getErr().println("compare: " + e.getMessage());
            return 2;
        }
        Set<String> seen = new HashSet<>();
        for (ComparedRun r : loaded) {
            if (!seen.add(r.label())) {
                throw new CommandLine.ParameterException(spec.commandLine(), "two runs are both named '" + r.label()
                        + "': give each a --label");
            }
        }
        ComparisonOutput.Written written = ComparisonOutput.write(loaded, out, Figures.standard());
        spec.commandLine().getOut().print(ComparisonReport.markdown(written.comparison(), Figures.standard(),
                written.links()) + written.profiles());
        spec.commandLine().getOut().println();
        spec.commandLine().getOut().println("Wrote " + out.resolve(ComparisonReport.MARKDOWN_FILE) + ", "
                + out.resolve(ComparisonOutput.HTML_FILE) + ", " + out.resolve(ComparisonReport.CSV_FILE) + " and "
                + written.charts().size() + " chart files in " + out.resolve(RunLayout.CHARTS));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
