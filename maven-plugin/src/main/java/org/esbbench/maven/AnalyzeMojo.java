package org.esbbench.maven;

import org.esbbench.report.run.LatestRun;
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

import java.io.File;
import java.io.IOException;
import java.util.Collection;
import org.esbbench.report.run.ScenarioRunJournal;
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
public class AnalyzeMojo extends CurrentRunMojo {

    /** jmeter-maven-plugin's record of where its configure goal laid JMeter out (for the dashboards). */
    @Parameter(defaultValue = "${project.build.directory}/config.json", required = true)
    File jmeterConfig;

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
    protected void doExecute(CurrentRun current) throws MojoExecutionException, MojoFailureException {
        RunPlan plan;
        TargetProfile profile;
        try {
            plan = current.plan();
            profile = current.profile();
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
        Path runDir = current.layout().dir();
        List<RepeatRow> rows = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        try {
            Collection<ScenarioRunJournal.Entry> journal = ScenarioRunJournal.read(current.layout().scenarioRuns()).values();
            // What went wrong while the plans ran, as the run goal journalled it.
            journal.stream().filter(ScenarioRunJournal.Entry::failed).forEach(e -> failures.add(e.problem()));
            Properties run = RunPropertiesView.of(current.planFile(), journal, current.layout());
            JMeterInstallation jmeter = dashboards ? JMeterInstallation.fromPluginConfig(jmeterConfig.toPath()) : null;
            RunFigures figures = RunFigures.read(runDir, Runtime.getRuntime().availableProcessors(),
                    new SaturationCheck(saturationThreshold));
            List<String> unchecked = current.planFile().uncheckedPlans();
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
            RunRecord.write(runDir.resolve("run.json"), root(), run, plan, profile,
                    RunPropertiesView.versions(current.planFile()), summaries, failures);
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
