package org.esbbench.maven.capacity;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.scenario.MeasuredRun;
import org.esbbench.maven.scenario.ProgressLine;
import org.esbbench.maven.scenario.ScenarioRunner;
import org.esbbench.report.capacity.CapacitySearch;
import org.esbbench.report.capacity.CapacitySettings;
import org.esbbench.report.capacity.ProbeJudgement;
import org.esbbench.report.capacity.ProbeRow;
import org.esbbench.report.capacity.SearchRow;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.folder.ScenarioRunJournal;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.run.RawResults;

/**
 * One point's search: the warm-up (the closed model at the run's first count of users, for the warm-up window: the
 * server warmed once, and with {@code -DcapacityStart=auto} a tenth of its throughput is the first rate), the probes the
 * search asks for, each judged as it ends and appended to {@code capacity/probes.csv}, then the confirmation window
 * at the capacity found, and the search's row in {@code capacity/capacity.csv}. The probes of an earlier session of
 * the run are replayed first: a resumed search goes on from its last finished probe.
 */
final class PointSearch {
    private final MeasuredRun run;
    private final ScenarioRunner runner;
    private final ProbeAnalysis analysis;
    private final CapacitySettings settings;
    private final RawResults raw;
    private final BuildLog log;

    PointSearch(MeasuredRun run, ScenarioRunner runner, ProbeAnalysis analysis, CapacitySettings settings,
                RawResults raw, BuildLog log) {
        this.run = run;
        this.runner = runner;
        this.analysis = analysis;
        this.settings = settings;
        this.raw = raw;
        this.log = log;
    }

    private Path probesFile() {
        return run.layout().capacity().resolve(ProbeRow.FILE);
    }

    /** Searches {@code point}'s capacity and records it. */
    SearchRow search(Point point) throws IOException, InterruptedException, InvalidRunException, SearchFailedException {
        String key = SearchRow.key(point);
        List<ProbeRow> earlier = ProbeRow.read(probesFile()).stream().filter(r -> r.search().equals(key)).toList();
        List<ProbeRow> rows = new ArrayList<>(earlier);
        ProbeRow warm = warmUp(point, key, earlier);
        if (earlier.stream().noneMatch(r -> r.phase().equals(ProbeRow.WARMUP))) {
            rows.add(warm);
        }
        int start = settings.start().orElse(autoStart(warm.rate()));
        CapacitySearch search = new CapacitySearch(Math.min(start, CapacitySearch.MAX_RATE),
                settings.precisionPercent() / 100, CapacitySearch.MAX_RATE);
        int probe = 0;
        int confirmations = 0;
        double spent = 0;
        Optional<ProbeRow> confirmation = Optional.empty();
        for (ProbeRow r : earlier) {
            if (r.isProbe()) {
                search.record(r.decided(), r.marginal());
            } else if (r.phase().equals(ProbeRow.CONFIRMATION)) {
                search.confirm(r.decided());
                confirmations++;
                confirmation = Optional.of(r);
            } else {
                continue;
            }
            probe = r.probe();
            spent += r.seconds();
        }
        if (probe > 0) {
            log.info("capacity: " + key + ": " + probe + " probe(s) of an earlier session replayed, bracket "
                    + bracket(search.bracket()));
        }
        log.info("capacity: " + key + " under " + settings.objective().describe() + ", from " + search.start()
                + "/s" + (settings.start().isPresent() ? "" : " (a tenth of the warm-up's " + warm.rate() + " msgs/s, closed model)")
                + ", probes of " + settings.probeSeconds() + " s, to " + fmt(settings.precisionPercent()) + " %");
        long began = System.nanoTime();
        // The probes the search asks for, then a confirmation window at its end; a failed one sends it on under it.
        while (true) {
            while (search.next().isPresent()) {
                double elapsed = spent + (System.nanoTime() - began) / 1e9;
                if (elapsed >= settings.deadlineSeconds()) {
                    log.warn("capacity: " + key + ": the deadline (-D" + CapacitySettings.DEADLINE + "="
                            + settings.deadlineSeconds() + " s) came after " + search.probes() + " probes");
                    search.stop();
                    break;
                }
                CapacitySearch.Probe next = search.next().get();
                probe++;
                ProbeRow row = probe(point, key, probe, next.phase(), 0, next.rate(), settings.probeSeconds());
                rows.add(row);
                search.record(row.decided(), row.marginal());
            }
            Optional<Integer> confirm = search.toConfirm();
            if (confirm.isEmpty()) {
                break;
            }
            probe++;
            confirmations++;
            confirmation = Optional.of(probe(point, key, probe, ProbeRow.CONFIRMATION, confirmations, confirm.get(),
                    run.plan().measurementSeconds()));
            rows.add(confirmation.get());
            search.confirm(confirmation.get().decided());
            if (search.end().isEmpty()) {
                log.info("capacity: " + key + ": the confirmation at " + confirm.get() + "/s failed; the search goes on"
                        + " under it, bracket " + bracket(search.bracket()));
            }
        }
        CapacitySearch.End end = search.end().orElseThrow();
        double seconds = rows.stream().mapToDouble(ProbeRow::seconds).sum();
        SearchRow result = new SearchRow(key, point.withRate(Math.max(1, end.highestPass())),
                settings.objective().text(), end.status().id, end.highestPass(), end.lowestFail(),
                settings.precisionPercent(), boundedBy(end, rows), search.probes(), seconds, search.start(),
                confirmation.map(c -> c.verdict().equals("pass") ? "held" : "failed").orElse("none"),
                confirmation.map(ProbeRow::scenarioRun).orElse(""), confirmation.map(ProbeRow::reasons).orElse(""));
        result.append(run.layout().capacity().resolve(SearchRow.FILE));
        log.info(String.format(Locale.ROOT, "capacity of %s under %s: %s%s; %d probes in %s%s", key,
                settings.objective().text(), result.describe(),
                result.boundedBy().isEmpty() ? "" : "; bounded by " + result.boundedBy(), result.probes(),
                ProgressLine.formatDuration(Math.round(seconds)), confirmation.map(c -> "; "
                        + (search.failedConfirmations() > 0 && c.verdict().equals("pass")
                        ? search.failedConfirmations() + " confirmation(s) failed above it, " : "") + "confirmation at "
                        + c.rate() + "/s for " + run.plan().measurementSeconds() + " s " + (c.verdict().equals("pass")
                        ? "held" : "failed: " + c.reasons()) + " (p99 " + fmt(c.p99()) + " ms, achieved "
                        + fmt(c.achieved()) + "/s)").orElse("")));
        return result;
    }

    /**
     * {@code -DcapacityStart=auto}: a tenth of the closed model's throughput in the warm-up. Measured on the reference
     * server: the capacity under p99 <= 20 ms was 3 % (direct, the generator's limit) to 5 % (xslt) of the closed
     * model's throughput at 10 users, since the open model's JMeter costs far more per request than the closed one and
     * a latency bound is met well below saturation. A start above the capacity costs probes of an overloaded server
     * (thousands of requests in flight, long drains); one below costs passing probes, the cheapest there are.
     */
    static int autoStart(int closedThroughput) {
        return Math.max(CapacitySearch.MIN_RATE, (int) Math.round(closedThroughput / 10.0));
    }

    /**
     * The warm-up: the closed model at the run's first count of users for the warm-up window, its throughput over the
     * window's second half recorded (probe 0). A resumed search warms its fresh server again but keeps the first
     * estimate, so that its replayed probes follow from the same start.
     */
    private ProbeRow warmUp(Point point, String key, List<ProbeRow> earlier)
            throws IOException, InterruptedException, InvalidRunException, SearchFailedException {
        int users = run.plan().users().get(0);
        long warmup = run.plan().warmupSeconds();
        long first = Math.max(1, warmup / 2);
        long second = Math.max(1, warmup - first);
        Point closed = new Point(point.scenario(), users, 0, point.sizeBytes(), point.delayMs(), point.heap(),
                point.serverCores());
        String name = key + "_warmup";
        MeasuredRun warmRun = new MeasuredRun(run.root(), run.layout(), run.registry(),
                run.plan().closedAt(users, first, second), run.profile(), run.restarted());
        long started = System.currentTimeMillis();
        RepeatRow row = runAndRead(warmRun, closed, name, key + " warm-up, " + users + " users (closed model), "
                + Point.sizeLabel(point.sizeBytes()) + ", delay " + point.delayMs() + " ms", first, second,
                List.of());
        Optional<ProbeRow> recorded = earlier.stream().filter(r -> r.phase().equals(ProbeRow.WARMUP)).findFirst();
        if (recorded.isPresent()) {
            return recorded.get();
        }
        Double throughput = row.value(StandardFigures.THROUGHPUT);
        ProbeRow warm = ProbeRow.of(key, 0, ProbeRow.WARMUP, throughput == null ? 0 : (int) Math.round(throughput),
                started, (System.currentTimeMillis() - started) / 1000.0, name, row, null);
        warm.append(probesFile());
        return warm;
    }

    /**
     * One probe (or a confirmation window, {@code confirmation} its number from 1; 0 for a probe): a JMeter run at
     * {@code rate}, judged, recorded, said.
     */
    private ProbeRow probe(Point point, String key, int number, String phase, int confirmation, int rate,
                           long windowSeconds)
            throws IOException, InterruptedException, InvalidRunException, SearchFailedException {
        Point at = point.withRate(rate);
        boolean confirming = phase.equals(ProbeRow.CONFIRMATION);
        String nth = confirmation > 1 ? Integer.toString(confirmation) : "";
        String name = key + (confirming ? "_confirmation" + nth : String.format(Locale.ROOT, "_p%02d", number));
        MeasuredRun probeRun = new MeasuredRun(run.root(), run.layout(), run.registry(),
                run.plan().withWindows(CapacitySettings.PROBE_WARMUP_SECONDS, windowSeconds), run.profile(), run.restarted());
        long started = System.currentTimeMillis();
        String label = key + (confirming ? " confirmation" + (nth.isEmpty() ? "" : " " + nth) : " probe " + number
                + " (" + phase + ")")
                + " at " + rate + " arrivals/s";
        RepeatRow row = runAndRead(probeRun, at, name, label, CapacitySettings.PROBE_WARMUP_SECONDS, windowSeconds,
                ProbeJvm.FLAGS);
        ProbeJudgement judgement = ProbeJudgement.of(settings.objective(), row);
        ProbeRow probe = ProbeRow.of(key, number, phase, rate, started, (System.currentTimeMillis() - started) / 1000.0,
                name, row, judgement);
        probe.append(probesFile());
        log.info(String.format(Locale.ROOT, "capacity: %s: %s%s; achieved %s/s, p99 %s ms, errors %s %%%s", label,
                judgement.verdict().id(), judgement.marginal() ? " (within the noise)" : "", fmt(probe.achieved()),
                fmt(probe.p99()), fmt(probe.errorPct()), judgement.reasons().isEmpty() ? "" : "; " + judgement.reasons()));
        return probe;
    }

    /**
     * Runs one JMeter on {@code measured}'s windows, with {@code jvmFlags} among its JVM's (the probes':
     * {@link ProbeJvm}), and reads its figures; the journal gets its line.
     */
    private RepeatRow runAndRead(MeasuredRun measured, Point point, String name, String label, long warmupSeconds,
                                 long measurementSeconds, List<String> jvmFlags)
            throws IOException, InterruptedException, InvalidRunException, SearchFailedException {
        // A probe (or warm-up) run again after a stopped build starts from nothing: the analysis would read a stale
        // compressed results file before the plain one, and the load's start from the first line of a JMeter output
        // that the new JMeter appends to.
        for (Path stale : org.esbbench.report.run.RunProgress.filesOf(run.layout(), name)) {
            if (java.nio.file.Files.isRegularFile(stale)) {
                java.nio.file.Files.delete(stale);
            }
        }
        long startedAt = System.currentTimeMillis();
        ScenarioRunner.Outcome outcome = runner.with(measured).withJvmFlags(jvmFlags).run(point, name, label, 0,
                new ProgressLine(measured.plan(), 0, 1, System.nanoTime()));
        ScenarioRunJournal.append(run.layout().scenarioRuns(), new ScenarioRunJournal.Entry(name, startedAt,
                System.currentTimeMillis(), Optional.ofNullable(outcome.exitCode()), outcome.problem()));
        if (!outcome.problem().isEmpty()) {
            throw new SearchFailedException(outcome.problem());
        }
        Optional<RepeatRow> row = analysis.analyse(point, name, warmupSeconds * 1000, measurementSeconds * 1000);
        raw.afterScenarioRun(name);
        RepeatRow read = row.orElseThrow(() -> new SearchFailedException(label + ": its results could not be read ("
                + run.layout().relative(run.layout().results(name)) + ")"));
        if (read.samples() == 0) {
            // Nothing measured is no verdict: neither a pass nor the server's failure.
            throw new SearchFailedException(label + ": no samples in its window ("
                    + run.layout().relative(run.layout().results(name)) + ")");
        }
        return read;
    }

    /**
     * What bounded the lowest failing rate's probes or confirmation window (the last decided there), or the
     * generator.
     */
    private static String boundedBy(CapacitySearch.End end, List<ProbeRow> rows) {
        if (end.status() == CapacitySearch.Status.GENERATOR_LIMIT) {
            return ProbeJudgement.GENERATOR;
        }
        if (end.lowestFail() == 0) {
            return "";
        }
        String bound = "";
        for (ProbeRow r : rows) {
            if (r.probe() > 0 && r.rate() == end.lowestFail() && r.verdict().equals("fail")) {
                bound = r.bound();
            }
        }
        return bound;
    }

    private static String bracket(CapacitySearch.End b) {
        return "[" + (b.highestPass() > 0 ? b.highestPass() : "-") + ", " + (b.lowestFail() > 0 ? b.lowestFail() : "-") + ")";
    }

    static String fmt(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.1f", v);
    }
}
