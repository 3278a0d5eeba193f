package org.esbbench.maven;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.esbbench.core.Scenario;
import org.esbbench.report.Statistics;
import org.esbbench.report.SummaryRow;
import org.esbbench.report.SummaryWriter;
import org.esbbench.report.WindowedResults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Last goal of a run, in the verify phase: copies each scenario's results file into the run's folder, keeps the
 * measurement window only, computes its statistics and the server's CPU cost per message, writes
 * {@code summary.csv}, {@code summary.md} and {@code run.json}, points {@code results/latest} at the run, and
 * fails the build when any scenario had errors or incorrect replies.
 */
@Mojo(name = "analyze", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class AnalyzeMojo extends AbstractRunMojo {

    /** Where jmeter-maven-plugin wrote the results files. */
    @Parameter(defaultValue = "${project.build.directory}/jmeter/results", required = true)
    java.io.File jmeterResults;

    /** Version of JMeter the plans ran on, for run.json. */
    @Parameter(property = "jmeter.version", defaultValue = "5.6.3")
    String jmeterVersion;

    /** Version of this suite, which is also the bundled reference server's. */
    @Parameter(defaultValue = "${project.version}", readonly = true)
    String suiteVersion;

    @Parameter(defaultValue = "${camel.version}", readonly = true)
    String camelVersion;

    @Parameter(defaultValue = "${artemis.version}", readonly = true)
    String artemisVersion;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skipped()) {
            return;
        }
        RunPlan plan = plan();
        TargetProfile profile = targetProfile();
        Properties run = readRun();
        Path runDir = Path.of(run.getProperty("runDir"));
        long checkedAt = Long.parseLong(run.getProperty("checkedAt", "0"));
        List<SummaryRow> rows = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        try {
            CpuSeries serverCpu = CpuSeries.read(runDir.resolve("cpu.csv"), "server");
            for (Scenario scenario : plan.scenarios()) {
                Optional<Path> jtl = newestResults(scenario, checkedAt);
                if (jtl.isEmpty()) {
                    failures.add(scenario.id() + ": no results file in " + jmeterResults);
                    continue;
                }
                Path copy = Files.copy(jtl.get(), runDir.resolve(scenario.id() + ".csv"), StandardCopyOption.REPLACE_EXISTING);
                WindowedResults results = WindowedResults.read(copy, plan.warmupSeconds() * 1000, plan.measurementSeconds() * 1000);
                Statistics m = results.measurement();
                Double cpuPerMessage = null;
                if (profile.startsServers() && m.samples() > 0) {
                    OptionalDouble cpu = serverCpu.cpuMillisBetween(results.window().measurementStartMillis(),
                            results.window().measurementStartMillis() + m.durationMillis());
                    if (cpu.isPresent()) {
                        cpuPerMessage = cpu.getAsDouble() * 1000 / m.samples();
                    }
                }
                rows.add(new SummaryRow(scenario.id(), profile.startsServers() ? plan.heap() : "", plan.users(),
                        plan.size(), plan.delayMs(), m, cpuPerMessage));
                if (m.samples() == 0) {
                    failures.add(scenario.id() + ": no samples in the measurement window");
                } else if (!m.clean()) {
                    failures.add(scenario.id() + ": " + m.errors() + " errors and " + m.incorrect()
                            + " incorrect replies of " + m.samples() + " samples");
                }
                info(String.format(java.util.Locale.ROOT, "%s: %d samples, %.1f/s, p99 %d ms, %d errors, %d incorrect",
                        scenario.id(), m.samples(), m.throughputPerSecond(), m.p99Millis(), m.errors(), m.incorrect()));
            }
            SummaryWriter.writeCsv(rows, runDir.resolve("summary.csv"));
            Files.writeString(runDir.resolve("summary.md"), summaryMarkdown(run, plan, rows, failures), StandardCharsets.UTF_8);
            String server = profile.startsServers()
                    ? "reference-esb " + suiteVersion + " (Apache Camel " + camelVersion + ", ActiveMQ Artemis " + artemisVersion + ")"
                    : "external (target profile " + profile.name() + ")";
            RunRecord.write(runDir.resolve("run.json"), root(), run, plan, profile,
                    new RunRecord.Versions(suiteVersion, jmeterVersion, server), rows, failures);
            LatestRun.point(root().resolve("results"), runDir);
        } catch (IOException e) {
            throw new MojoExecutionException("could not analyse the run in " + runDir + ": " + e.getMessage(), e);
        }
        info("results in " + root().relativize(runDir) + " (summary.md, summary.csv, run.json)");
        if (!failures.isEmpty()) {
            throw new MojoFailureException("the run failed: " + String.join("; ", failures)
                    + " (details in " + runDir.resolve("summary.md") + ")");
        }
    }

    private Optional<Path> newestResults(Scenario scenario, long notBefore) throws IOException {
        Path dir = jmeterResults.toPath();
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> ResultFiles.isResultsOf(f, scenario))
                    .filter(f -> modified(f) >= notBefore)
                    .max(Comparator.comparingLong(AnalyzeMojo::modified));
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return Long.MIN_VALUE;
        }
    }

    private static String summaryMarkdown(Properties run, RunPlan plan, List<SummaryRow> rows, List<String> failures) {
        StringBuilder md = new StringBuilder("# Run ").append(run.getProperty("runId")).append("\n\n");
        md.append("Target `").append(run.getProperty("target")).append("`; ").append(plan.users()).append(" users, ")
                .append(plan.size()).append(" B payload, backend delay ").append(plan.delayMs()).append(" ms; warm-up ")
                .append(plan.warmupSeconds()).append(" s, measurement ").append(plan.measurementSeconds())
                .append(" s per scenario. Figures are of the measurement window only; percentiles in ms from an"
                        + " HdrHistogram; CPU µs/msg is the server's CPU time in the window divided by its samples.\n\n");
        md.append(SummaryWriter.markdown(rows));
        String failed = SummaryWriter.failures(rows);
        if (!failures.isEmpty() || !failed.isEmpty()) {
            md.append("\n## What failed\n\n");
            failures.forEach(f -> md.append("- ").append(f).append('\n'));
            md.append(failed);
        }
        return md.toString();
    }
}
