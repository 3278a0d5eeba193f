package org.esbbench.report;

import org.esbbench.report.compare.CompareCommand;
import org.esbbench.report.compare.RegressCommand;
import org.esbbench.report.index.IndexCommand;
import org.esbbench.report.roundreport.RoundCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Parameters;

import org.esbbench.report.chart.ScalingCharts;
import org.esbbench.report.figures.Decimal;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.PointsCsv;
import org.esbbench.report.points.RepeatHistograms;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.run.AnalyzeCommand;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.run.ScenarioRunAnalyser;
import org.esbbench.report.run.WindowUsageSource;
import org.esbbench.report.summary.LatencyTimingNote;
import org.esbbench.report.summary.RunSummary;
import org.esbbench.report.summary.SummaryWriter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code java -jar report/target/esb-bench-report-cli.jar --warmup 300 --measurement 900 results/RUN/*.csv}:
 * summarises JMeter CSV results files by the suite's method (measurement window only, HdrHistogram
 * percentiles), printing the Markdown table and optionally writing summary.csv and summary.md (by the same writer
 * as the build's analysis, with the same columns). Its subcommands analyse a run folder again, compare runs,
 * check a run against a baseline, write the results index and write a round's report again.
 *
 * <p>The summary's options are checked in {@link #call()} rather than marked required: picocli validates a
 * parent command's required options even when a subcommand is given, which would make every subcommand need
 * {@code --warmup}.
 */
@Command(name = "esb-bench-report", mixinStandardHelpOptions = true, sortOptions = false,
        subcommands = {AnalyzeCommand.class, CompareCommand.class, RegressCommand.class, IndexCommand.class,
                RoundCommand.class},
        customSynopsis = {
                "esb-bench-report --warmup SECONDS --measurement SECONDS [OPTIONS] JTL...",
                "       esb-bench-report analyze RUN_DIR [--jmeter-home DIR | --no-dashboards] [--saturation-threshold 90]",
                "       esb-bench-report compare RUN RUN... [--out DIR] [--label LABEL]...",
                "       esb-bench-report regress --baseline RUN --candidate RUN [OPTIONS]",
                "       esb-bench-report index [--results DIR]",
                "       esb-bench-report round ROUND_DIR",
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

    @Option(names = "--out", paramLabel = "DIR", description = "Folder to write " + RunLayout.SUMMARY_CSV + ", "
            + RunLayout.SUMMARY_MD + ", " + RunLayout.POINTS + ", " + RunLayout.CHARTS + "/, " + RunLayout.HISTOGRAMS
            + "/ and " + RunLayout.LATENCY + "/ into, as a run folder has them.")
    Path out;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "JTL", description = "JMeter CSV results files; the scenario is the file name without extension.")
    List<Path> files = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * The command line as {@code main} runs it: a usage error (exit 2) ends, as every other outcome of {@code analyze}
     * and {@code regress} does, with a last line a script can read ({@link ExitLine}).
     */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new ReportCommand());
        cli.setParameterExceptionHandler((e, args) -> {
            CommandLine bad = e.getCommandLine();
            bad.getErr().println(e.getMessage());
            bad.usage(bad.getErr());
            bad.getErr().flush();
            return ExitLine.badInput(bad.getOut(), e.getMessage());
        });
        return cli;
    }

    @Override
    public Integer call() throws Exception {
        if (warmupSeconds == null || measurementSeconds == null || files.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing --warmup, --measurement or JTL "
                    + "files: a summary needs all three (or give a command: analyze, compare, regress, index, round; see --help)");
        }
        if (warmupSeconds < 0 || measurementSeconds <= 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--warmup must be 0 or more and --measurement more than 0 seconds");
        }
        // Analysing a results file writes its histogram (which the point's percentiles are merged from), its
        // distribution and the charts: without --out into a temporary folder, so the printed table is computed
        // exactly as a written one would be.
        Path folder = out != null ? out : Files.createTempDirectory("esb-bench-report");
        try {
            RunSummary summary = summarise(new RunLayout(folder));
            spec.commandLine().getOut().print(SummaryWriter.table(summary, Figures.standard()));
            spec.commandLine().getOut().flush();
            summary.warnings().forEach(w -> spec.commandLine().getErr().println("WARNING: " + w));
            summary.failures().forEach(f -> spec.commandLine().getErr().println("FAILED: " + f));
            spec.commandLine().getErr().flush();
            return summary.failures().isEmpty() ? 0 : 1;
        } finally {
            if (out == null) {
                deleteRecursively(folder);
            }
        }
    }

    /**
     * Each file is one repeat of a point whose scenario is the file's name (a second file of the same name is its
     * second repeat), analysed as the build analyses a scenario run and summarised by the same writer.
     */
    private RunSummary summarise(RunLayout layout) throws IOException {
        Figures figures = Figures.standard();
        ScenarioRunAnalyser analyser = new ScenarioRunAnalyser(layout, figures, Optional.empty(), line -> { });
        List<RepeatRow> rows = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Map<Point, Integer> repeats = new HashMap<>();
        for (Path file : files) {
            Point point = new Point(scenarioOf(file), users, size, delay);
            int repeat = repeats.merge(point, 1, Integer::sum);
            ScenarioRunAnalyser.Outcome outcome = analyser.analyse(point, repeat, file, Math.round(warmupSeconds * 1000),
                    Math.round(measurementSeconds * 1000), WindowUsageSource.NONE);
            outcome.row().ifPresent(rows::add);
            failures.addAll(outcome.failures());
            warnings.addAll(outcome.warnings());
        }
        PointsCsv.write(rows, layout.points(), figures);
        List<PointSummary> points = PointSummary.summarise(rows, figures, RepeatHistograms.in(layout));
        ScalingCharts.write(points, layout.charts(), figures);
        RunSummary summary = new RunSummary("Summary of " + files.size() + (files.size() == 1 ? " results file" : " results files"),
                "Warm-up " + Decimal.fixed(warmupSeconds, 0) + " s, measurement " + Decimal.fixed(measurementSeconds, 0)
                        + " s of each file; users " + users + ", payload " + size + " B, backend delay " + delay + " ms."
                        + LatencyTimingNote.of(rows).map(n -> " " + n).orElse(""),
                points, failures, warnings, OptionalDouble.empty());
        SummaryWriter.write(summary, layout, figures);
        return summary;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static String scenarioOf(Path file) {
        String name = file.getFileName().toString().replaceFirst("\\.gz$", "");
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
