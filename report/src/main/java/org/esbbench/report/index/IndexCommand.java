package org.esbbench.report.index;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code esb-bench-report index --results DIR}. */
@Command(name = "index", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes DIR/index.html: a static page (no network needed) listing every round (round-<id>/, "
                + "linked to its round.html) and every run under the results folder, newest first, results first: the headline table of its points and its throughput and p99 "
                + "charts, then, folded away, every other figure with links to each repeat's JMeter dashboard, its "
                + "other charts and its parameters. Links are relative, so the folder can be copied or zipped.",
                "Exit code: 0, or 2 when the results folder is missing."})
public final class IndexCommand implements Callable<Integer> {

    @Option(names = "--results", paramLabel = "DIR", defaultValue = "results",
            description = "The results folder holding one folder per run (default: ${DEFAULT-VALUE}).")
    Path results;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        try {
            ResultsIndex.Listing listing = ResultsIndex.list(results);
            Path file = ResultsIndex.write(results, listing);
            spec.commandLine().getOut().println("Wrote " + file + " (" + listing.runs().size() + " runs"
                    + (listing.rounds().isEmpty() ? "" : ", " + listing.rounds().size() + " rounds")
                    + (listing.unreadable().isEmpty() ? "" : ", " + listing.unreadable().size() + " unreadable") + ")");
            spec.commandLine().getOut().flush();
            return 0;
        } catch (IOException e) {
            spec.commandLine().getErr().println("index: " + e.getMessage());
            return 2;
        }
    }
}
