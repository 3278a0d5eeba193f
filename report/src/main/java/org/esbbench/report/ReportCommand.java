package org.esbbench.report;

import org.esbbench.report.compare.CompareCommand;
import org.esbbench.report.compare.RegressCommand;
import org.esbbench.report.index.IndexCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Parameters;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code java -jar report/target/esb-bench-report-cli.jar --warmup 300 --measurement 900 results/RUN/*.csv}:
 * summarises JMeter CSV results files by the suite's method (measurement window only, HdrHistogram
 * percentiles), printing the Markdown table and optionally writing summary.csv and summary.md. Its
 * subcommands compare runs, check a run against a baseline and write the results index.
 *
 * <p>The summary's options are checked in {@link #call()} rather than marked required: picocli validates a
 * parent command's required options even when a subcommand is given, which would make every subcommand need
 * {@code --warmup}.
 */
@Command(name = "esb-bench-report", mixinStandardHelpOptions = true, sortOptions = false,
        subcommands = {CompareCommand.class, RegressCommand.class, IndexCommand.class},
        customSynopsis = {
                "esb-bench-report --warmup SECONDS --measurement SECONDS [OPTIONS] JTL...",
                "       esb-bench-report compare RUN RUN... [--out DIR] [--label LABEL]...",
                "       esb-bench-report regress --baseline RUN --candidate RUN [OPTIONS]",
                "       esb-bench-report index [--results DIR]",
                "       esb-bench-report COMMAND --help"},
        description = {"", "Summarises JMeter CSV results files: statistics of the measurement window only. "
                + "Exit code 0 when the measurement windows hold no error and no incorrect reply, 1 otherwise, "
                + "2 on a usage error.", ""})
public final class ReportCommand implements Callable<Integer> {

    @Option(names = "--warmup", paramLabel = "SECONDS",
            description = "Warm-up window in seconds, from the run's start (required for a summary).")
    Double warmupSeconds;

    @Option(names = "--measurement", paramLabel = "SECONDS",
            description = "Measurement window in seconds, after the warm-up (required for a summary).")
    Double measurementSeconds;

    @Option(names = "--users", defaultValue = "0", description = "Users of the run, for the summary rows (default: ${DEFAULT-VALUE}).")
    int users;

    @Option(names = "--size", defaultValue = "0", description = "Payload size in bytes, for the summary rows (default: ${DEFAULT-VALUE}).")
    int size;

    @Option(names = "--delay", defaultValue = "0", description = "Backend delay in ms, for the summary rows (default: ${DEFAULT-VALUE}).")
    long delay;

    @Option(names = "--heap", defaultValue = "", description = "Server heap, for the summary rows.")
    String heap;

    @Option(names = "--out", description = "Folder to write summary.csv and summary.md into.")
    Path out;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "JTL", description = "JMeter CSV results files; the scenario is the file name without extension.")
    List<Path> files = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(new CommandLine(new ReportCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (warmupSeconds == null || measurementSeconds == null || files.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing --warmup, --measurement or JTL "
                    + "files: a summary needs all three (or give a command: compare, regress, index; see --help)");
        }
        if (warmupSeconds < 0 || measurementSeconds <= 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--warmup must be 0 or more and --measurement more than 0 seconds");
        }
        List<SummaryRow> rows = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (Path file : files) {
            WindowedResults results = WindowedResults.read(file, Math.round(warmupSeconds * 1000),
                    Math.round(measurementSeconds * 1000));
            for (String warning : results.warnings()) {
                spec.commandLine().getErr().println("WARNING: " + warning);
                warnings.add(warning);
            }
            rows.add(new SummaryRow(scenarioOf(file), heap, users, size, delay, results.measurement(), null));
        }
        String markdown = SummaryWriter.markdown(rows);
        System.out.print(markdown);
        if (out != null) {
            Files.createDirectories(out);
            SummaryWriter.writeCsv(rows, out.resolve("summary.csv"));
            StringBuilder md = new StringBuilder(markdown).append('\n').append(SummaryWriter.failures(rows));
            warnings.forEach(w -> md.append("- **warning**: ").append(w).append('\n'));
            Files.writeString(out.resolve("summary.md"), md, StandardCharsets.UTF_8);
        }
        return rows.stream().allMatch(r -> r.statistics().clean()) ? 0 : 1;
    }

    static String scenarioOf(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
