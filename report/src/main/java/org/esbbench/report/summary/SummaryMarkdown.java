package org.esbbench.report.summary;

import org.esbbench.report.chart.LoadModel;
import org.esbbench.report.chart.ScalingCharts;
import org.esbbench.report.figures.Decimal;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.folder.RunLayout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code summary.md}: the heading, the run's description, a capacity search's section when the run had one, the
 * headline table (the catalogue's headline figures per
 * point), the table of every other figure, what the columns mean, where the server's time went (with -Dprofile), the
 * charts (and the server host's
 * over each scenario run, with a PerfMon agent), a table per scenario run (dashboard, latency percentiles and
 * chart) and what failed.
 */
final class SummaryMarkdown {
    private SummaryMarkdown() {
    }

    static String of(RunSummary summary, RunLayout layout, Figures figures) {
        StringBuilder md = new StringBuilder("# ").append(summary.title()).append("\n\n");
        if (!summary.description().isBlank()) {
            md.append(summary.description().strip()).append("\n\n");
        }
        if (!summary.capacity().isBlank()) {
            // A capacity search's run is read for its capacities first; its points are the confirmation windows.
            md.append(summary.capacity().strip()).append("\n\n## Confirmation windows\n\n");
        }
        md.append(headlineTable(summary.points(), figures)).append('\n').append(LEGEND);
        PointTable others = PointTable.others(summary.points(), figures);
        if (others.headings().size() > 4) {
            md.append("\n## Other figures\n\n").append(markdown(others));
        }
        md.append('\n').append(explanation(summary));
        if (!summary.profiles().isBlank()) {
            md.append('\n').append(summary.profiles().strip()).append('\n');
        }
        charts(md, summary.points(), layout, figures);
        scenarioRuns(md, summary.points(), layout, figures);
        DriftSection.append(md, summary, layout);
        md.append(summary.gate());
        if (!summary.failures().isEmpty()) {
            md.append("\n## What failed\n\n");
            summary.failures().forEach(f -> md.append("- ").append(f.replace("\n", " ")).append('\n'));
        }
        if (!summary.warnings().isEmpty()) {
            md.append("\n## Warnings\n\n");
            summary.warnings().forEach(w -> md.append("- **warning**: ").append(w.replace("\n", " ")).append('\n'));
        }
        return md.toString();
    }

    /** What the headline's cells are, right under it. */
    private static final String LEGEND = """
            Per point: the median over its repeats with [lowest–highest] when they differ (samples and percentages are
            of all repeats, percentiles of their merged histogram); users for the closed model, arrivals/s for the
            open model. Every other figure is under Other figures and in summary.csv; what each means is below.
            """;

    /** The headline table ({@link PointTable#headline}): what the command line prints too. */
    static String headlineTable(List<PointSummary> points, Figures figures) {
        return markdown(PointTable.headline(points, figures));
    }

    private static String markdown(PointTable table) {
        List<String> rule = table.numeric().stream().map(n -> n ? "---:" : "---").toList();
        StringBuilder md = new StringBuilder(row(table.headings())).append(row(rule));
        table.rows().forEach(r -> md.append(row(r)));
        return md.toString();
    }

    private static String explanation(RunSummary summary) {
        StringBuilder text = new StringBuilder("""
                Figures are of the measurement window only (it starts on the first whole second after the warm-up,
                which starts when JMeter starts the scenario run's thread groups; a row flagged window-not-covered had no load in
                the first or last second of its window: its figures are of a shorter window than asked).
                With several repeats each figure is the median over the repeats, with the lowest and highest in
                brackets, except: samples, errors and incorrect replies are totals over the repeats, and error %
                and incorrect % are of the samples of all repeats; the percentiles (p50, p90, p95, p99, p99.9) of a
                point are read from the merged HdrHistogram of its repeats (every sample of the point, 3 significant
                digits), the brackets giving the lowest and highest of the repeats' own percentiles. A failed sample
                is an incorrect reply when its failure message starts with `incorrect reply: ` (a reply came and was
                wrong, whatever its status); every other failed sample (`transport error: `, check not possible,
                sampler exception, any other message) is an error. Mean and standard deviation (population) of the
                response time are exact, over every sample of a repeat. CPU µs per message is the server's CPU time
                in the window divided by its samples, backend CPU per msg the echo backend's, generator CPU per sample
                JMeter's (sending, receiving and checking each reply); net CPU per msg the server's net of its idle
                cost (its CPU per second without load after its points, times the window) and of its JIT compiler
                threads' CPU in the window (JIT CPU per msg), ± net CPU spread (the idle cost's noise and the
                counter's 10 ms tick); a row flagged server-mostly-idle spent half or more of its CPU idle, one
                flagged net-cpu-not-measurable had less than its idle cost left. CPU % columns are percent of the whole
                machine (all its CPUs); server cores busy % and generator cores busy % (when the server had cores of
                its own) are percent of the server's CPUs and of the others, whoever ran on them.
                GC throughput is the share of the window the server's JVM was not paused for GC; heap after full GC
                is the mean heap in use after the full collections of the window (the suite asks for one at the end
                of each scenario run). Host CPU % and host memory % (with a PerfMon agent) are the server host's, as
                the agent read them each second in the window: CPU of all its cores, the share of its memory in use;
                a row flagged cpu-per-msg-host-level has CPU µs per message from the host's CPU (everything on that
                host), the server's own being unknown; a row flagged host-figures-unknown had a PerfMon agent but
                no readings from it in its window, so its host columns are empty.""");
        if (timedFromArrivals(summary.points())) {
            text.append("""
                     An open-model row counts every arrival due in its window, however late it was sent, and its
                    response times (mean, percentiles) are timed from each arrival's due time, as a user sees them:
                    response = blocked + lateness + service. Blocked p50/p99/max is the server's backlog: the wait of
                    arrivals that found all -DmaxInFlight requests in flight (a row flagged in-flight-capped had some:
                    from then on it was a closed model of that many users); lateness p50/p99/max is the rest of the
                    wait, the generator's own delay, late arrivals % the share sent later than -DlatenessBound (a row
                    flagged generator-late had more than 1 % late, so its p99 carries the generator's delay); service
                    p50/p99/p99.9 is from the actual send. Offered is the arrivals due per second, throughput the
                    correct replies that ended in the window per second; a row flagged over-capacity fell short of
                    what was offered by more than 5 % or its wait grew across the window: the server's limit. Arrivals
                    never sent (the run ended first) and requests cut off at the end count as errors, their wait so
                    far a lower bound in the percentiles. A closed-model row's response time is its service time: a
                    user who waits for a reply sends nothing meanwhile.""");
        }
        if (!summary.drift().isEmpty()) {
            text.append(' ').append(DriftSection.flagSentence(summary.driftThresholdPercent()));
        }
        if (summary.saturationThresholdPercent().isPresent() && isolated(summary.points())) {
            text.append(" With the server on cores of its own, each row says what bounded it: server-bound when the"
                    + " server's cores were at least ").append(Decimal.fixed(summary.saturationThresholdPercent()
                    .getAsDouble(), 0)).append("""
                    % busy (the figures are the server's), generator-bound when the other cores were and the
                    server's were not (the throughput is a lower bound of the server's), load-bound when neither
                    was (the users or the arrival rate set the load).""");
        }
        if (summary.saturationThresholdPercent().isPresent() && !isolated(summary.points())) {
            text.append(" A run is flagged machine-saturated when this machine's CPU was at least ")
                    .append(Decimal.fixed(summary.saturationThresholdPercent().getAsDouble(), 0)).append("""
                    % busy, whoever took it: its throughput and latency are what the server, the load generator and
                    the backend reached together on this machine, a lower bound of the server's own limit, and its
                    CPU µs per message may be inflated by the contention. generator-saturated or backend-saturated on
                    top says the load generator or the backend took as much CPU as the server: the figures are then
                    the harness's limit, not the server's; machine-busy, that processes outside the run took a large
                    share.""");
        }
        if (withEngines(summary.points())) {
            text.append("""
                     With JMeter engines, generator CPU % is the share of this machine taken by the engines' client
                    and the engines that ran here, client CPU % the client's alone; busiest engine CPU % and busiest
                    engine host CPU % are the highest over the engines, each as percent of its own host's cores
                    (run.json has every engine's). engine-saturated[engine-k] flags a row whose engine's host was at
                    least that busy with the engine taking the largest share of it (client-saturated: the client, on
                    this machine); engine-cpu-unknown[engine-k] a remote engine whose CPU was not measured (no PerfMon
                    agent on its host).""");
        }
        return text.append('\n').toString();
    }

    /** Whether the server had cores of its own: the busy share of its cores is known for some point. */
    /** Whether a row was of open-model arrivals timed from their due time (the suite's Scheduled Arrivals). */
    private static boolean timedFromArrivals(List<PointSummary> points) {
        return points.stream().anyMatch(p -> p.value(StandardFigures.SERVICE_P50) != null);
    }

    private static boolean isolated(List<PointSummary> points) {
        return points.stream().anyMatch(p -> p.value(StandardFigures.SERVER_CORES_BUSY) != null);
    }

    /** Whether the run's load came from JMeter engines: the client's CPU or an engine's flag is there. */
    private static boolean withEngines(List<PointSummary> points) {
        return points.stream().anyMatch(p -> p.value(StandardFigures.CLIENT_CPU) != null
                || p.flags().stream().anyMatch(f -> f.startsWith("engine-")));
    }

    private static void charts(StringBuilder md, List<PointSummary> points, RunLayout layout, Figures figures) {
        List<String> lines = new ArrayList<>();
        for (String scenario : points.stream().map(p -> p.point().scenario()).distinct().toList()) {
            StringBuilder line = new StringBuilder();
            for (Figure f : figures.charted()) {
                for (LoadModel model : LoadModel.values()) { // users and arrivals per second: charts of their own
                    Path png = layout.charts().resolve(ScalingCharts.fileName(scenario, model, f));
                    if (Files.isRegularFile(png)) {
                        line.append(line.isEmpty() ? "" : " ").append("![").append(scenario).append(": ")
                                .append(f.title()).append(' ').append(model.against())
                                .append("](").append(layout.relative(png)).append(')');
                    }
                }
            }
            if (!line.isEmpty()) {
                lines.add(line.toString());
            }
        }
        if (!lines.isEmpty()) {
            md.append("\n## Charts\n\n");
            lines.forEach(l -> md.append(l).append("\n\n"));
        }
        hostCharts(md, points, layout);
    }

    /** With a PerfMon agent: the server host's CPU and memory over each scenario run. */
    private static void hostCharts(StringBuilder md, List<PointSummary> points, RunLayout layout) {
        StringBuilder line = new StringBuilder();
        for (PointSummary s : points) {
            for (RepeatRow r : s.repeats()) {
                String name = RunLayout.scenarioRunName(r.point(), r.repeat());
                Path png = layout.hostChart(name);
                if (Files.isRegularFile(png)) {
                    line.append(line.isEmpty() ? "" : " ").append("![").append(name).append(": host CPU and memory](")
                            .append(layout.relative(png)).append(')');
                }
            }
        }
        if (!line.isEmpty()) {
            md.append("\n## Server host (PerfMon agent)\n\n").append(line).append("\n\n");
        }
    }

    /** One row per scenario run: its sample count, throughput and percentiles, with links to its own files. */
    private static void scenarioRuns(StringBuilder md, List<PointSummary> points, RunLayout layout, Figures figures) {
        List<Figure> columns = new ArrayList<>(List.of(StandardFigures.SAMPLES, StandardFigures.THROUGHPUT));
        columns.addAll(figures.fromHistogram());
        columns.retainAll(figures.all());
        List<String> headings = new ArrayList<>(List.of("scenario run"));
        columns.forEach(f -> headings.add(f.heading()));
        headings.addAll(List.of("dashboard", "latency distribution"));
        List<String> rule = new ArrayList<>(List.of("---"));
        columns.forEach(f -> rule.add("---:"));
        rule.addAll(List.of("---", "---"));
        md.append("\n## Per scenario run\n\n").append(row(headings)).append(row(rule));
        for (PointSummary s : points) {
            for (RepeatRow r : s.repeats()) {
                String name = RunLayout.scenarioRunName(r.point(), r.repeat());
                List<String> cells = new ArrayList<>(List.of(name));
                columns.forEach(f -> cells.add(f.format(r.value(f))));
                cells.add(r.dashboard().isEmpty() ? "" : "[dashboard](" + r.dashboard() + ")");
                List<String> links = new ArrayList<>();
                if (Files.isRegularFile(layout.latency(name))) {
                    links.add("[percentiles](" + layout.relative(layout.latency(name)) + ")");
                }
                if (Files.isRegularFile(layout.latencyChart(name))) {
                    links.add("[chart](" + layout.relative(layout.latencyChart(name)) + ")");
                }
                Path throughput = layout.throughputChart(name);
                if (Files.isRegularFile(throughput)) {
                    links.add("[throughput chart](" + layout.relative(throughput) + ")");
                }
                if (Files.isRegularFile(layout.hostChart(name))) {
                    links.add("[host chart](" + layout.relative(layout.hostChart(name)) + ")");
                }
                cells.add(String.join(", ", links));
                md.append(row(cells));
            }
        }
    }

    /** One table row; an empty cell shows as "–", a pipe or line break inside a cell is escaped. */
    private static String row(List<String> cells) {
        StringBuilder line = new StringBuilder("|");
        for (String c : cells) {
            line.append(' ').append(c.isEmpty() ? "–" : c.replace("|", "\\|").replaceAll("[\\r\\n]+", " ")).append(" |");
        }
        return line.append('\n').toString();
    }
}
