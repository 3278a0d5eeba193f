package org.esbbench.report.run;

import org.HdrHistogram.Histogram;
import org.esbbench.report.samples.LatencyHistogram;
import org.esbbench.report.samples.LatencyTiming;
import org.esbbench.report.samples.Statistics;
import org.esbbench.report.samples.WindowedResults;
import org.esbbench.report.chart.HostChart;
import org.esbbench.report.chart.LatencyChart;
import org.esbbench.report.chart.ThroughputChart;
import org.esbbench.report.arrivals.ArrivalFigures;
import org.esbbench.report.arrivals.DrainWindow;
import org.esbbench.report.arrivals.InFlightCap;
import org.esbbench.report.arrivals.LatenessBound;
import org.esbbench.report.dashboard.JMeterDashboard;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.figures.WindowMeasurement;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.HistogramLog;
import org.esbbench.report.points.LatencyDistribution;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.usage.HostSeries;
import org.esbbench.report.usage.WindowUsage;
import org.esbbench.report.profiles.ScenarioRunProfile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Analyses one scenario run's results file, for the build's analysis and the command line alike: keeps the
 * measurement window, writes its histogram ({@code histograms/NAME.hlog}), percentile distribution and latency
 * chart and, when a JMeter installation is given, JMeter's dashboard of the window; computes every figure of the
 * catalogue; and says what failed.
 */
public final class ScenarioRunAnalyser {
    /**
     * The flag of a window whose load began later than {@link #COVERAGE_TOLERANCE_MILLIS} after its start or ended
     * earlier than that before its end: its figures are of a shorter window than asked.
     */
    public static final String NOT_COVERED_FLAG = "window-not-covered";
    /** How far from a window's bounds its first and last samples may start (a second, the windows' alignment). */
    public static final long COVERAGE_TOLERANCE_MILLIS = 1000;

    private final RunLayout layout;
    private final Figures figures;
    private final Optional<JMeterInstallation> jmeter;
    private final Consumer<String> log;
    private final ErrorTolerance tolerance;
    private long dashboardHeapLimitMb = AnalysisOptions.NO_HEAP_LIMIT;
    private double driftThresholdPercent = AnalysisOptions.DEFAULT_DRIFT_THRESHOLD_PERCENT;
    private double latenessBoundMillis = LatenessBound.DEFAULT_MILLIS;
    private long drainMillis = 30_000;
    private String maxInFlight = InFlightCap.AUTO;
    private boolean freshConnections;

    /** With no error tolerated ({@link ErrorTolerance#NONE}). */
    public ScenarioRunAnalyser(RunLayout layout, Figures figures, Optional<JMeterInstallation> jmeter, Consumer<String> log) {
        this(layout, figures, jmeter, log, ErrorTolerance.NONE);
    }

    /**
     * @param layout  where the scenario run's files go
     * @param figures the catalogue of figures to compute
     * @param jmeter  JMeter for the dashboards of the windows; empty for none
     * @param log       progress and warnings, one line each
     * @param tolerance the errors a window may have and still pass (-DmaxErrorPercent)
     */
    public ScenarioRunAnalyser(RunLayout layout, Figures figures, Optional<JMeterInstallation> jmeter, Consumer<String> log,
                               ErrorTolerance tolerance) {
        this.layout = layout;
        this.figures = figures;
        this.jmeter = jmeter;
        this.log = log;
        this.tolerance = tolerance;
    }

    /** The most heap a dashboard's JMeter may get, in MB; a larger window gets no dashboard (a warning says why). */
    public ScenarioRunAnalyser withDashboardHeapLimit(long megabytes) {
        this.dashboardHeapLimitMb = megabytes;
        return this;
    }

    /** How far a window's first and last thirds may differ before it is flagged {@value WindowDrift#FLAG}. */
    public ScenarioRunAnalyser withDriftThreshold(double percent) {
        this.driftThresholdPercent = percent;
        return this;
    }

    /**
     * The run's {@code -Ddrain} and {@code -DmaxInFlight} as given (and its response timeout, ms): how long after the
     * window a reply still answers one of its arrivals, and the cap each point's arrivals had.
     */
    public ScenarioRunAnalyser withArrivalLimits(String drain, String maxInFlight, long responseTimeoutMillis) {
        this.drainMillis = DrainWindow.seconds(drain, responseTimeoutMillis) * 1000;
        this.maxInFlight = maxInFlight;
        return this;
    }

    /** How late an open-model arrival may be sent before it counts as late ({@code -DlatenessBound}, ms). */
    public ScenarioRunAnalyser withLatenessBound(double millis) {
        this.latenessBoundMillis = millis;
        return this;
    }

    /**
     * The run's {@code connections} parameter: {@code fresh} when the suite's arrivals each had a new connection (its
     * default, {@code pooled}, shares kept-alive ones).
     */
    public ScenarioRunAnalyser withConnections(String connections) {
        this.freshConnections = "fresh".equals(connections == null ? "" : connections.strip());
        return this;
    }

    /**
     * What one scenario run gave: its row (empty when its results could not be read), failures and warnings, and
     * what the drift rule said of its window (empty when its results could not be read).
     */
    public record Outcome(Optional<RepeatRow> row, List<String> failures, List<String> warnings,
                          Optional<WindowDrift> drift) {
        public Outcome {
            failures = List.copyOf(failures);
            warnings = List.copyOf(warnings);
        }

        public Outcome(Optional<RepeatRow> row, List<String> failures, List<String> warnings) {
            this(row, failures, warnings, Optional.empty());
        }
    }

    /**
     * @param jtl   the scenario run's results file
     * @param usage its CPU and GC figures over the window
     */
    /**
     * The flag of an open-model point whose arrivals each had a new connection: JMeter's own Open Model Thread Group
     * (a thread per arrival, and a thread's connections are its own) or the suite's with {@code -Dconnections=fresh}.
     * The server then accepts one connection per message (the closed model's users and the pooled arrivals keep
     * theirs): the reason its CPU per message reads several times the closed model's at the same scenario.
     */
    public static final String CONNECTION_PER_ARRIVAL_FLAG = "connection-per-arrival";

    /**
     * The flag of an open-model point whose samples carry no arrival timing (a plan of one's own with JMeter's Open
     * Model Thread Group): its latency is timed from each send, so an arrival the generator sent late is timed from
     * when it was sent, not from when it was due, and the wait is in no figure.
     */
    public static final String TIMED_FROM_SEND_FLAG = "timed-from-send";
    /** The flag of a point neither the server nor the generator bounded ({@code usage.BoundCheck}). */
    static final String LOAD_BOUND_FLAG = "load-bound";

    public Outcome analyse(Point point, int repeat, Path jtl, long warmupMillis, long measurementMillis,
                           WindowUsageSource usage) {
        return analyse(point, repeat, RunLayout.scenarioRunName(point, repeat), jtl, warmupMillis, measurementMillis,
                usage);
    }

    /**
     * {@link #analyse(Point, int, Path, long, long, WindowUsageSource)} of a scenario run whose files are named
     * {@code name} rather than by its point and repeat: a capacity search's probes and confirmation windows.
     */
    public Outcome analyse(Point point, int repeat, String name, Path jtl, long warmupMillis, long measurementMillis,
                           WindowUsageSource usage) {
        List<String> failures = new ArrayList<>();
        if (!Files.isRegularFile(jtl)) {
            failures.add(name + ": no results file (" + layout.relative(jtl) + ")");
            return new Outcome(Optional.empty(), failures, List.of());
        }
        WindowedResults results;
        try {
            results = WindowedResults.read(jtl, warmupMillis, measurementMillis, LoadStart.of(layout, name));
        } catch (IOException e) {
            failures.add(name + ": " + e.getMessage());
            return new Outcome(Optional.empty(), failures, List.of());
        }
        Statistics m = point.isOpen()
                ? results.measurement().judgedBy(latenessBoundMillis, drainMillis,
                        InFlightCap.of(maxInFlight, point.rate(), point.delayMs()))
                : results.measurement().judgedBy(latenessBoundMillis);
        try {
            writeWindowFiles(name, results);
        } catch (IOException e) {
            failures.add(name + ": could not write its histogram, latency distribution, throughput or host chart: " + e.getMessage());
        }
        long from = results.window().measurementStartMillis();
        long to = from + m.durationMillis();
        List<String> warnings = new ArrayList<>(results.warnings());
        // JMeter's report generator fails on an empty range: a window without samples has no dashboard.
        String dashboard = jmeter.isPresent() && m.samples() > 0 ? dashboard(jmeter.get(), jtl, results, name, failures, warnings) : "";
        WindowUsage windowUsage = usage.usage(m.samples(), from, to);
        List<String> flags = new ArrayList<>(windowUsage.flags());
        if (point.isOpen() && (freshConnections || m.arrivals().isEmpty())) {
            flags.add(CONNECTION_PER_ARRIVAL_FLAG + ": each arrival is a JMeter thread of its own with a new connection"
                    + " (TCP, or a JMS connection and session), so CPU per msg includes the server's cost of one"
                    + " connection per message; the closed model's users keep theirs");
        }
        if (m.samples() > 0 && !results.coverage().covered(COVERAGE_TOLERANCE_MILLIS)) {
            flags.add(NOT_COVERED_FLAG + ": load from +" + results.coverage().gapAtStartMillis() + " ms to -"
                    + results.coverage().gapAtEndMillis() + " ms of the window's bounds");
        }
        if (tolerance.overSetThreshold(m)) {
            flags.add(ErrorTolerance.FLAG + ": " + percent(m.errorPercent()) + " % > " + tolerance.describe() + " %");
        }
        // Like the saturation flags, drift is for the reader: it does not fail the run.
        if (point.isOpen() && m.samples() > 0 && m.arrivals().isEmpty()) {
            flags.add(TIMED_FROM_SEND_FLAG + ": the plan's open-model group times each sample from its send, not from"
                    + " its arrival's due time: an arrival the load generator sent late shows no wait");
        }
        m.arrivals().flatMap(LatenessBound::flag).ifPresent(flags::add);
        if (point.isOpen()) {
            m.arrivals().map(ArrivalFigures::load).filter(l -> l.windowMillis() > 0).ifPresent(l -> {
                List<String> limits = new ArrayList<>();
                l.overCapacityFlag().ifPresent(limits::add);
                l.inFlightCappedFlag().ifPresent(limits::add);
                if (!limits.isEmpty()) {
                    // What set the load is said by these: not "the users or the arrival rate" (load-bound).
                    flags.removeIf(f -> f.startsWith(LOAD_BOUND_FLAG + ":"));
                    flags.addAll(limits);
                }
            });
        }
        profile(name, from, to, warnings).filter(ScenarioRunProfile::profiled)
                .ifPresent(p -> flags.add(p.record().flag()));
        WindowDrift drift = WindowDrift.of(results.overTime().thirds(), driftThresholdPercent);
        drift.flag().ifPresent(flags::add);
        RepeatRow row = new RepeatRow(point, repeat,
                figures.compute(new WindowMeasurement(m, results.measurementHistogram(), windowUsage)),
                String.join("; ", flags), dashboard, results.latencyTiming());
        results.warnings().forEach(w -> log.accept("WARNING: " + name + ": " + w));
        failureOf(name, m, tolerance).ifPresent(failures::add);
        toleratedErrors(m, tolerance).ifPresent(w -> {
            log.accept("WARNING: " + name + ": " + w);
            warnings.add(w);
        });
        String offered = m.arrivals().map(ArrivalFigures::load).filter(l -> l.windowMillis() > 0)
                .map(l -> "offered " + StandardFigures.OFFERED.format(l.offeredPerSecond()) + "/s, achieved ")
                .orElse("");
        log.accept(name + ": " + m.samples() + " samples, " + offered
                + StandardFigures.THROUGHPUT.format(row.value(StandardFigures.THROUGHPUT)) + "/s, p99 " + StandardFigures.P99.format(row.value(StandardFigures.P99)) + " ms ("
                + results.latencyTiming().description() + "), " + m.errors()
                + " errors, " + m.incorrect() + " incorrect" + (row.flags().isEmpty() ? "" : "; " + row.flags()));
        return new Outcome(Optional.of(row), failures, warnings, Optional.of(drift));
    }

    /**
     * The scenario run's profile cut to its window ({@code -Dprofile}): its flame graph and collapsed stacks written;
     * empty when it was not profiled. A profile that cannot be read is a warning: the figures stand without it.
     */
    private Optional<ScenarioRunProfile> profile(String name, long from, long to, List<String> warnings) {
        try {
            Optional<ScenarioRunProfile> profile = ScenarioRunProfile.analyse(layout, name, from, to);
            profile.filter(p -> p.record().taken() && !p.problem().isEmpty()).ifPresent(p -> {
                warnings.add("profile: " + p.problem());
                log.accept("WARNING: " + name + ": profile: " + p.problem());
            });
            return profile;
        } catch (IOException e) {
            warnings.add("profile not analysed: " + e.getMessage());
            log.accept("WARNING: " + name + ": profile not analysed: " + e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * What is wrong with a measurement window: no samples, any incorrect reply, or more errors than tolerated; with
     * the most frequent failure messages.
     */
    static Optional<String> failureOf(String name, Statistics m, ErrorTolerance tolerance) {
        if (m.samples() == 0) {
            return Optional.of(name + ": no samples in the measurement window");
        }
        if (m.incorrect() == 0 && !tolerance.crossed(m)) {
            return Optional.empty();
        }
        String over = tolerance.overSetThreshold(m)
                ? "; error " + percent(m.errorPercent()) + " % is over -D" + ErrorTolerance.PARAMETER + "="
                + tolerance.describe() : "";
        return Optional.of(name + ": " + m.errors() + " errors and " + m.incorrect() + " incorrect replies of "
                + m.samples() + " samples" + over + " (most frequent: " + top(m) + ")");
    }

    /** A window whose errors the threshold lets pass: the warning that names its error %. */
    static Optional<String> toleratedErrors(Statistics m, ErrorTolerance tolerance) {
        if (m.incorrect() > 0 || !tolerance.tolerated(m)) {
            return Optional.empty();
        }
        return Optional.of(m.errors() + " errors of " + m.samples() + " samples (error " + percent(m.errorPercent())
                + " %) tolerated: at or under -D" + ErrorTolerance.PARAMETER + "=" + tolerance.describe()
                + " (most frequent: " + top(m) + ")");
    }

    private static String top(Statistics m) {
        StringBuilder top = new StringBuilder();
        m.failureMessages().entrySet().stream().limit(3).forEach(e -> top.append(top.isEmpty() ? "" : ", ")
                .append(e.getValue()).append(" × `").append(e.getKey().replace('`', '\'').replace('\n', ' ')).append('`'));
        return top.toString();
    }

    private static String percent(double p) {
        return String.format(java.util.Locale.ROOT, "%.2f", p);
    }

    private void writeWindowFiles(String name, WindowedResults results) throws IOException {
        HistogramLog.write(results.measurementHistogram(), layout.histogram(name));
        if (results.measurement().arrivals().isPresent()) {
            // an arrival's first sample always has its microseconds (the element that times it from its due time)
            Histogram service = LatencyHistogram.tagged(results.measurement().arrivals().get().service().copy(),
                    LatencyTiming.MICROSECONDS);
            service.setStartTimeStamp(results.measurementHistogram().getStartTimeStamp());
            service.setEndTimeStamp(results.measurementHistogram().getEndTimeStamp());
            HistogramLog.writeServiceTimes(service, layout.serviceHistogram(name));
        }
        List<LatencyDistribution.Step> distribution = results.measurementDistribution();
        LatencyDistribution.write(distribution, layout.latency(name));
        if (!distribution.isEmpty()) {
            LatencyChart.write("Response time distribution: " + name, distribution, layout.latencyChart(name));
        }
        if (results.measurement().samples() > 0) {
            ThroughputChart.write("Throughput over the window: " + name, results.overTime(),
                    layout.throughputChart(name));
        }
        // Only with a PerfMon agent: its collector wrote this scenario run's host readings.
        HostChart.write("Server host: " + name, HostSeries.read(List.of(layout.perfmon(name))), results.window(),
                layout.hostChart(name));
    }

    /** JMeter's dashboard of the measurement window; its path relative to the run folder, or "" when it failed. */
    private String dashboard(JMeterInstallation jmeter, Path jtl, WindowedResults results, String name, List<String> failures,
                             List<String> warnings) {
        Path out = layout.dashboard(name);
        long samples = results.warmup().samples() + results.measurement().samples() + results.after();
        long heapMb = JMeterDashboard.heapMbFor(samples);
        if (heapMb > dashboardHeapLimitMb) {
            // what check announced before the run (maven-plugin's MemoryEstimate), for the same figures
            String why = "no JMeter dashboard: its results file holds " + samples + " samples, for which JMeter's report"
                    + " generator needs about " + heapMb + " MB of heap, more than the " + dashboardHeapLimitMb
                    + " MB it may get (half of this machine's memory, or -DdashboardHeap)";
            warnings.add(why);
            log.accept("WARNING: " + name + ": " + why);
            return "";
        }
        String title = name + ": measurement window " + Instant.ofEpochMilli(results.window().measurementStartMillis())
                + " to " + Instant.ofEpochMilli(results.window().measurementEndMillis());
        try {
            new JMeterDashboard(jmeter).withHeap(heapMb + "m").generate(jtl, results.window(), title, out);
            return layout.relative(layout.dashboardPage(name));
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
