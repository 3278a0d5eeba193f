package org.esbbench.maven;

import org.esbbench.report.run.LatestRun;
import org.esbbench.report.usage.CpuSeries;
import org.esbbench.report.usage.GcCollectors;
import org.esbbench.report.usage.GcSeries;
import org.esbbench.report.usage.RunFigures;
import org.esbbench.report.usage.SaturationCheck;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.esbbench.report.Statistics;
import org.esbbench.report.WindowedResults;
import org.esbbench.report.chart.LatencyChart;
import org.esbbench.report.dashboard.JMeterDashboard;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.chart.ScalingCharts;
import org.esbbench.report.index.ResultsIndex;
import org.esbbench.report.points.LatencyDistribution;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.PointSummaryWriter;
import org.esbbench.report.points.PointsCsv;
import org.esbbench.report.points.RepeatRow;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Last goal of a run, in the verify phase: for every scenario run (point and repeat) it keeps the measurement
 * window only, computes the statistics, the server's CPU cost per message and GC figures, the CPU utilisation
 * of server, backend, load generator and machine (flagging runs the harness limited), writes JMeter's dashboard
 * of the window and the latency distribution; then {@code points.csv}, {@code summary.csv}, {@code summary.md},
 * charts and {@code run.json}, points {@code results/latest} at the run, rewrites {@code results/index.html},
 * and fails the build when any scenario run had errors or incorrect replies.
 */
@Mojo(name = "analyze", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class AnalyzeMojo extends AbstractRunMojo {

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
        RunPlan plan = current.plan();
        TargetProfile profile = current.profile();
        Properties run = current.record();
        Path runDir = current.dir();
        List<RepeatRow> rows = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        String runProblems = run.getProperty("runProblems");
        if (runProblems != null) {
            failures.add(runProblems);
        }
        try {
            JMeterInstallation jmeter = dashboards ? JMeterInstallation.fromPluginConfig(jmeterConfig.toPath()) : null;
            RunFigures figures = RunFigures.read(runDir, Runtime.getRuntime().availableProcessors(),
                    new SaturationCheck(saturationThreshold));
            List<String> unchecked = java.util.Arrays.asList(run.getProperty("uncheckedPlans", "").split(","));
            for (int repeat = 1; repeat <= plan.repeats(); repeat++) {
                for (Point point : plan.points()) {
                    String name = RunLayout.runName(point, repeat);
                    Path jtl = runDir.resolve(RunLayout.JTL).resolve(name + ".csv");
                    if (!Files.exists(jtl)) {
                        failures.add(name + ": no results file (" + runDir.relativize(jtl) + ")");
                        continue;
                    }
                    WindowedResults results;
                    try {
                        results = WindowedResults.read(jtl, plan.warmupSeconds() * 1000, plan.measurementSeconds() * 1000);
                    } catch (IOException e) {
                        failures.add(name + ": " + e.getMessage());
                        continue;
                    }
                    Statistics m = results.measurement();
                    LatencyDistribution.write(results.measurementDistribution(),
                            runDir.resolve(RunLayout.LATENCY).resolve(name + ".csv"));
                    if (!results.measurementDistribution().isEmpty()) {
                        LatencyChart.write("Response time distribution: " + name, results.measurementDistribution(),
                                runDir.resolve(RunLayout.CHARTS).resolve(name + "-latency.png"));
                    }
                    long from = results.window().measurementStartMillis();
                    long to = from + m.durationMillis();
                    // JMeter's report generator fails on an empty range: a window without samples has no dashboard.
                    String dashboard = dashboards && m.samples() > 0 ? dashboard(jmeter, jtl, results, name, runDir, failures) : "";
                    RepeatRow row = figures.row(point, repeat, m, from, to, dashboard, !unchecked.contains(point.scenario()));
                    results.warnings().forEach(w -> getLog().warn("[esb-bench] " + name + ": " + w));
                    rows.add(row);
                    if (m.samples() == 0) {
                        failures.add(name + ": no samples in the measurement window");
                    } else if (!m.clean()) {
                        StringBuilder top = new StringBuilder();
                        m.failureMessages().entrySet().stream().limit(3).forEach(e -> top.append(top.isEmpty() ? "" : ", ")
                                .append(e.getValue()).append(" × `").append(e.getKey().replace('`', '\'')).append('`'));
                        failures.add(name + ": " + m.errors() + " errors and " + m.incorrect()
                                + " incorrect replies of " + m.samples() + " samples (most frequent: " + top + ")");
                    }
                    info(String.format(Locale.ROOT, "%s: %d samples, %.1f/s, p99 %d ms, %d errors, %d incorrect%s",
                            name, m.samples(), m.throughputPerSecond(), m.p99Millis(), m.errors(), m.incorrect(),
                            row.flags().isEmpty() ? "" : "; " + row.flags()));
                }
            }
            PointsCsv.write(rows, runDir.resolve(PointsCsv.FILE_NAME));
            List<PointSummary> summaries = PointSummary.summarise(rows);
            PointSummaryWriter.writeCsv(summaries, runDir.resolve("summary.csv"));
            ScalingCharts.write(summaries, runDir.resolve(RunLayout.CHARTS));
            Files.writeString(runDir.resolve("summary.md"),
                    SummaryMarkdown.of(run, plan, summaries, failures, saturationThreshold));
            String server = profile.startsServers()
                    ? "reference-esb " + suiteVersion + " (Apache Camel " + camelVersion + ", ActiveMQ Artemis " + artemisVersion + ")"
                    : "external (target profile " + profile.name() + ")";
            RunRecord.write(runDir.resolve("run.json"), root(), run, plan, profile,
                    new RunRecord.Versions(suiteVersion, jmeterVersion, server), summaries, failures);
            LatestRun.point(root().resolve("results"), runDir);
            Path index = ResultsIndex.write(root().resolve("results"));
            info("results index: " + root().relativize(index));
        } catch (IOException e) {
            throw new MojoExecutionException("could not analyse the run in " + runDir + ": " + e.getMessage(), e);
        }
        info("results in " + root().relativize(runDir) + " (summary.md, summary.csv, points.csv, run.json)");
        if (!failures.isEmpty()) {
            throw new MojoFailureException("the run failed: " + String.join("; ", failures)
                    + " (details in " + runDir.resolve("summary.md") + ")");
        }
    }

    /** JMeter's dashboard of the measurement window; its path relative to the run folder, or "" when it failed. */
    private String dashboard(JMeterInstallation jmeter, Path jtl, WindowedResults results, String name, Path runDir,
                             List<String> failures) {
        Path out = runDir.resolve(RunLayout.DASHBOARDS).resolve(name);
        long samples = results.warmup().samples() + results.measurement().samples() + results.after();
        String title = name + ": measurement window " + java.time.Instant.ofEpochMilli(results.window().measurementStartMillis())
                + " to " + java.time.Instant.ofEpochMilli(results.window().measurementEndMillis());
        try {
            new JMeterDashboard(jmeter).withHeap(JMeterDashboard.heapFor(samples))
                    .generate(jtl, results.window(), title, out);
            return runDir.relativize(out.resolve("index.html")).toString();
        } catch (IOException e) {
            failures.add(name + ": JMeter's dashboard could not be made: " + e.getMessage());
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failures.add(name + ": interrupted while making JMeter's dashboard");
            return "";
        }
    }
}
