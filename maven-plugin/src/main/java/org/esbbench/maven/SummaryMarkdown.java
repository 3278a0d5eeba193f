package org.esbbench.maven;

import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.PointSummaryWriter;
import org.esbbench.report.points.RepeatRow;

import java.util.List;
import java.util.Properties;

/** The run's {@code summary.md}: what was run, the table of points, what the columns mean, links, what failed. */
final class SummaryMarkdown {
    private SummaryMarkdown() {
    }

    static String of(Properties run, RunPlan plan, List<PointSummary> points, List<String> failures,
                     double saturationThreshold) {
        StringBuilder md = new StringBuilder("# Run ").append(run.getProperty("runId")).append("\n\n");
        md.append("Target `").append(run.getProperty("target")).append("`; users ")
                .append(RunPlan.describe(plan.users())).append("; payload ").append(RunPlan.describe(plan.sizes()))
                .append(" B; backend delay ").append(RunPlan.describe(plan.delays())).append(" ms; ")
                .append(plan.repeats()).append(plan.repeats() == 1 ? " repeat" : " repeats").append("; warm-up ")
                .append(plan.warmupSeconds()).append(" s, measurement ").append(plan.measurementSeconds())
                .append(" s per scenario run.\n\n");
        md.append(PointSummaryWriter.markdown(points));
        md.append("""

                Figures are of the measurement window only (it starts on the first whole second after the warm-up).
                With several repeats each figure is the median over the repeats, with the lowest and highest in
                brackets. Errors and incorrect replies are totals over the repeats, their % is of the samples of
                all repeats. A failed sample is an incorrect reply when its failure message starts with
                `incorrect reply: ` (a reply came and was wrong, whatever its status); every other failed sample
                (`transport error: `, check not possible, sampler exception, any other message) is an error.
                Percentiles in ms from an HdrHistogram (3 significant digits). CPU µs/msg is the server's
                CPU time in the window divided by its samples; CPU % columns are percent of the whole machine
                (all cores). GC throughput is the share of the window the server's JVM was not paused for GC;
                heap after full GC is the mean heap in use after the full collections of the window (the suite
                asks for one at the end of each scenario run). A run is flagged when the machine's CPU was at least
                """).append(String.format(java.util.Locale.ROOT, "%.0f", saturationThreshold)).append("""
                % busy and the load generator or the backend took as much CPU as the server: its figures are then
                the harness's limit, not the server's.
                """);
        md.append("\n## Charts\n\n");
        for (String scenario : points.stream().map(p -> p.point().scenario()).distinct().toList()) {
            md.append("![").append(scenario).append(" throughput](").append(RunLayout.CHARTS).append('/').append(scenario)
                    .append("-throughput.png) ![").append(scenario).append(" p99](").append(RunLayout.CHARTS).append('/')
                    .append(scenario).append("-p99.png)\n");
        }
        md.append("\n## Per scenario run\n\n");
        md.append("| scenario run | samples | throughput/s | p99 ms | dashboard | latency distribution |\n|---|---:|---:|---:|---|---|\n");
        for (PointSummary s : points) {
            for (RepeatRow r : s.repeats()) {
                String name = RunLayout.runName(r.point(), r.repeat());
                md.append("| ").append(name).append(" | ").append(r.samples()).append(" | ")
                        .append(String.format(java.util.Locale.ROOT, "%.1f", r.throughputPerSecond())).append(" | ")
                        .append(r.p99Ms()).append(" | ")
                        .append(r.dashboard().isEmpty() ? "–" : "[dashboard](" + r.dashboard() + ")").append(" | ")
                        .append("[percentiles](" + RunLayout.LATENCY + "/" + name + ".csv), [chart](" + RunLayout.CHARTS
                                + "/" + name + "-latency.png)").append(" |\n");
            }
        }
        if (!failures.isEmpty()) {
            md.append("\n## What failed\n\n");
            failures.forEach(f -> md.append("- ").append(f.replace("\n", " ")).append('\n'));
        }
        return md.toString();
    }
}
