package org.esbbench.report.run;

import org.esbbench.report.arrivals.DrainWindow;
import org.esbbench.report.arrivals.InFlightCap;
import org.esbbench.report.arrivals.LatenessBound;
import org.esbbench.report.capacity.CapacityReport;
import org.esbbench.report.capacity.ConfirmationWindow;
import org.esbbench.report.capacity.SearchRow;
import org.esbbench.report.chart.ScalingCharts;
import org.esbbench.report.folder.EnginesFile;
import org.esbbench.report.folder.LatestRun;
import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunJson;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.folder.ScenarioRunJournal;
import org.esbbench.report.gate.GateResult;
import org.esbbench.report.gate.JUnitReport;
import org.esbbench.report.gate.RunGate;
import org.esbbench.report.index.ResultsIndex;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.profiles.ProfileSection;
import org.esbbench.report.profiles.ScenarioRunProfile;
import org.esbbench.report.points.PointsCsv;
import org.esbbench.report.points.RepeatHistograms;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.summary.LatencyTimingNote;
import org.esbbench.report.summary.RunSummary;
import org.esbbench.report.summary.SummaryWriter;
import org.esbbench.report.usage.RunFigures;
import org.esbbench.report.usage.SaturationCheck;
import org.esbbench.report.usage.WindowUsage;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Consumer;

/**
 * The analysis of a run folder, from its own files only, so that an old run can be analysed again (after a killed
 * build, or a change of the report code): {@code run-parameters.json} says which scenario runs there are,
 * {@code scenario-runs.csv} what went wrong while they ran, {@code cpu.csv}/{@code gc.csv} the usage.
 *
 * <p>It writes, per scenario run, the histogram, percentile distribution, latency chart and (optionally) JMeter's
 * dashboard of the measurement window; then {@code points.csv}, the charts against load, {@code summary.csv},
 * {@code summary.md}, {@code run.json}; points {@code results/latest} at the run and rewrites the results index
 * ({@code results/index.html}, the run folder's parent being the results folder).
 *
 * <p>A run that searched for capacities ({@code capacity/capacity.csv}) is measured by its searches' confirmation
 * windows instead of the plan's points, and its summary leads with the capacities ({@link CapacityReport}).
 */
public final class RunAnalysis {
    private RunAnalysis() {
    }

    /**
     * @param layout  the run folder
     * @param options dashboards, saturation threshold, cores, figures
     * @param log     progress and warnings, one line each
     * @return the points over their repeats and what failed (empty when the run passed)
     * @throws IOException when the run parameters file is missing or unreadable, or an output cannot be written
     */
    public static AnalysisResult analyse(RunLayout layout, AnalysisOptions options, Consumer<String> log)
            throws IOException {
        RunParametersFile plan = RunParametersFile.read(layout.runParametersFile());
        Map<String, ScenarioRunJournal.Entry> journal = ScenarioRunJournal.read(layout.scenarioRuns());
        RunFigures usage = RunFigures.read(layout.dir(), options.cores(),
                new SaturationCheck(options.saturationThresholdPercent()));
        List<String> unchecked = plan.uncheckedPlans();
        ErrorTolerance tolerance = options.errorTolerance().isPresent() ? options.errorTolerance().get()
                : recordedTolerance(layout, plan);
        RawResults raw = new RawResults(layout, options.keepResults(), log);
        List<Measured> measured = measured(layout, plan);
        RawResults.requireNoneDropped(layout, measured.stream().map(Measured::name).toList());
        ScenarioRunAnalyser analyser = analyser(layout, options, plan, tolerance, log);

        java.util.Optional<EnginesFile> generators = EnginesFile.read(layout.dir());
        Map<String, WindowUsage> usageByScenarioRun = new java.util.LinkedHashMap<>();
        List<RepeatRow> rows = new ArrayList<>();
        List<String> failures = new ArrayList<>(unfinishedSearches(layout, plan));
        List<String> warnings = new ArrayList<>();
        Map<String, String> drift = new java.util.LinkedHashMap<>();
        List<JUnitReport.ScenarioRunOutcome> outcomes = new ArrayList<>();
        for (Measured run : measured) {
            List<String> runFailures = new ArrayList<>();
            ScenarioRunJournal.Entry entry = journal.get(run.name());
            if (entry != null && entry.failed()) {
                runFailures.add(run.name() + ": " + entry.problem());
            } else if (entry == null && java.nio.file.Files.isRegularFile(layout.results(run.name()))) {
                // The run goal writes a scenario run's row when it ends: a results file without one was cut short.
                runFailures.add(run.name() + ": interrupted: the build was stopped during it (results file without a row"
                        + " in " + RunLayout.SCENARIO_RUNS + "); measure it again with -Dresume=" + plan.runId());
            }
            boolean checked = !unchecked.contains(run.point().scenario());
            ScenarioRunAnalyser.Outcome outcome = analyser.analyse(run.point(), run.repeat(), run.name(),
                    layout.results(run.name()), run.warmupMillis(), run.measurementMillis(),
                    (samples, from, to) -> {
                        WindowUsage u = usage.usage(samples, from, to, checked, run.point().serverCores());
                        usageByScenarioRun.put(run.name(), u); // each engine's CPU, for run.json
                        return u;
                    });
            outcome.row().ifPresent(rows::add);
            raw.afterAnalysis(run.name(), outcome.row().isPresent());
            outcome.drift().ifPresent(d -> drift.put(run.name(), d.verdict()));
            runFailures.addAll(outcome.failures());
            failures.addAll(runFailures);
            outcome.warnings().forEach(w -> warnings.add(run.name() + ": " + w));
            outcomes.add(new JUnitReport.ScenarioRunOutcome(run.name(), outcome.row().orElse(null), runFailures,
                    run.measurementMillis() / 1000));
        }

        PointsCsv.write(rows, layout.points(), options.figures());
        List<PointSummary> points = PointSummary.summarise(rows, options.figures(), RepeatHistograms.in(layout));
        GateResult gate = judge(options.gate(), points, layout, plan, options);
        failures.addAll(gate.failures());
        ScalingCharts.write(points, layout.charts(), options.figures());
        String capacity = CapacityReport.write(layout).orElse("");
        String profiles = ProfileSection.markdown(profiles(layout, measured));
        SummaryWriter.write(new RunSummary("Run " + plan.runId(), description(plan, generators, tolerance, raw, rows, options.gate()), points, failures,
                warnings, OptionalDouble.of(options.saturationThresholdPercent()), drift, options.driftThresholdPercent(),
                gate.markdown(), capacity, profiles), layout, options.figures());
        RunJson.write(layout, plan, journal.values(), ProcessesFile.read(layout.processes()), points, options.figures(),
                failures, Instant.now(), generators.map(EnginesReport::new), usageByScenarioRun);
        JUnitReport.write(layout.junit(), plan.runId(), Instant.now(), outcomes, gate);
        Path results = layout.dir().getParent();
        LatestRun.point(results, layout.dir());
        Path index = ResultsIndex.write(results, ResultsIndex.list(results, options.figures()), options.figures());
        log.accept("results index: " + index);
        return new AnalysisResult(points, failures, gate, layout.junit());
    }

    /** Each measured point's profiles as the analysis of its scenario runs left them, in the run's order. */
    static List<ProfileSection.PointProfiles> profiles(RunLayout layout, List<Measured> measured) throws IOException {
        Map<String, List<Measured>> byPoint = new java.util.LinkedHashMap<>();
        measured.forEach(m -> byPoint.computeIfAbsent(m.point().key(), k -> new ArrayList<>()).add(m));
        List<ProfileSection.PointProfiles> points = new ArrayList<>();
        for (Map.Entry<String, List<Measured>> point : byPoint.entrySet()) {
            // One point's repeats' stacks at a time: a long window's are large.
            List<ScenarioRunProfile> repeats = new ArrayList<>();
            for (Measured run : point.getValue()) {
                ScenarioRunProfile.read(layout, run.name()).ifPresent(repeats::add);
            }
            if (!repeats.isEmpty()) {
                points.add(ProfileSection.PointProfiles.of(point.getKey(), repeats));
            }
        }
        return points;
    }

    /**
     * One scenario run the analysis measures: a point's repeat with its files' name and windows.
     *
     * @param name the name of its files ({@code jtl/NAME.csv}, its row in scenario-runs.csv)
     */
    record Measured(org.esbbench.report.points.Point point, int repeat, String name, long warmupMillis,
                    long measurementMillis) {
    }

    /**
     * The scenario runs that are the run's points: the plan's, or, when the run searched for capacities
     * ({@code capacity/capacity.csv}), each search's confirmation window at the capacity it found (its point's rate
     * the capacity). The plan's points are then placeholders of the searches, never measured as such; the probes are
     * the search's own, reported in its section.
     */
    static List<Measured> measured(RunLayout layout, RunParametersFile plan) throws IOException {
        Path searches = layout.capacity().resolve(SearchRow.FILE);
        if (!searched(layout, plan)) {
            return plan.scenarioRuns().stream().map(r -> new Measured(r.point(), r.repeat(), r.name(),
                    plan.warmupSeconds() * 1000, plan.measurementSeconds() * 1000)).toList();
        }
        ConfirmationWindow window;
        try {
            window = ConfirmationWindow.of(plan);
        } catch (IllegalArgumentException e) {
            throw new IOException(layout.runParametersFile() + ": " + e.getMessage(), e);
        }
        return SearchRow.read(searches).stream().filter(s -> !s.confirmationRun().isBlank())
                .map(s -> new Measured(s.point(), 1, s.confirmationRun(), window.warmupMillis(),
                        window.measurementMillis())).toList();
    }

    /** Whether the run searched for capacities: it was planned so ({@code -Dcapacity}), or it has their results. */
    static boolean searched(RunLayout layout, RunParametersFile plan) {
        return org.esbbench.report.capacity.CapacitySettings.requested(plan.parameters())
                || java.nio.file.Files.isRegularFile(layout.capacity().resolve(SearchRow.FILE));
    }

    /**
     * The searches of a capacity run that did not end (a stopped build, a probe that could not run): each a failure
     * of the run, its probes so far kept for {@code -Dresume}.
     */
    static List<String> unfinishedSearches(RunLayout layout, RunParametersFile plan) throws IOException {
        if (!searched(layout, plan)) {
            return List.of();
        }
        java.util.Set<String> ended = new java.util.HashSet<>();
        SearchRow.read(layout.capacity().resolve(SearchRow.FILE)).forEach(s -> ended.add(s.key()));
        List<String> unfinished = new ArrayList<>();
        for (RunParametersFile.ScenarioRun run : plan.scenarioRuns()) {
            String key = SearchRow.key(run.point());
            if (!ended.contains(key) && !unfinished.contains(key)) {
                unfinished.add(key);
            }
        }
        return unfinished.stream().map(key -> key + ": its capacity search did not end (its probes so far are in "
                + RunLayout.CAPACITY + "/probes.csv; go on with -Dresume=" + plan.runId() + ")").toList();
    }

    /** The analyser of the run's scenario runs, with the limits check recorded as the run planned them. */
    public static ScenarioRunAnalyser analyser(RunLayout layout, AnalysisOptions options, RunParametersFile plan,
                                               ErrorTolerance tolerance, Consumer<String> log) {
        return new ScenarioRunAnalyser(layout, options.figures(), options.jmeter(), log, tolerance)
                .withDashboardHeapLimit(options.dashboardHeapLimitMb())
                .withDriftThreshold(options.driftThresholdPercent())
                .withLatenessBound(LatenessBound.of(plan.parameters()))
                .withArrivalLimits(plan.parameters().get(DrainWindow.PARAMETER),
                        plan.parameters().get(InFlightCap.PARAMETER), responseTimeoutMillis(plan.parameters()))
                .withConnections(plan.parameters().get("connections"));
    }

    /** The run's recorded error tolerance ({@code -DmaxErrorPercent}). */
    public static ErrorTolerance tolerance(RunLayout layout, RunParametersFile plan) throws IOException {
        return recordedTolerance(layout, plan);
    }

    /**
     * The criteria and the baseline on the run's points and capacity searches ({@link RunGate}); a baseline that cannot be found or read
     * is a failure of the run, said, and the rest of the analysis goes on (nothing measured is lost).
     */
    private static GateResult judge(RunGate gate, List<PointSummary> points, RunLayout layout, RunParametersFile plan,
                                    AnalysisOptions options) throws IOException {
        // Read first: an unreadable capacity.csv is the run's own problem, not the baseline's.
        List<SearchRow> searches = RunGate.searches(layout);
        try {
            return gate.judge(points, layout, plan.checkedAt(), options.figures());
        } catch (IOException e) {
            return gate.judge(points, searches).withBaselineProblem(e.getMessage());
        }
    }

    /** The plan's -DmaxErrorPercent, as check validated and recorded it (0 for a plan written before it existed). */
    private static ErrorTolerance recordedTolerance(RunLayout layout, RunParametersFile plan) throws IOException {
        try {
            return ErrorTolerance.of(plan.parameters());
        } catch (IllegalArgumentException e) {
            throw new IOException(layout.runParametersFile() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The plan's own line (it names the target, the repeats, the warm-up and the measurement), or those facts when
     * the plan has no line, then what else every reader of the figures needs: said once.
     */
    private static String description(RunParametersFile plan, java.util.Optional<EnginesFile> generators,
                                      ErrorTolerance tolerance, RawResults raw, List<RepeatRow> rows, RunGate gate) {
        String window = plan.description().isBlank()
                ? (plan.target().isBlank() ? "" : "Target `" + plan.target() + "`; ") + plan.repeats()
                + (plan.repeats() == 1 ? " repeat" : " repeats") + "; warm-up " + plan.warmupSeconds()
                + " s, measurement " + plan.measurementSeconds() + " s per scenario run."
                : "";
        String facts = (window + tolerance.explanation().map(e -> " " + e).orElse("")
                + raw.summaryNote().map(n -> " " + n).orElse("")
                + LatencyTimingNote.of(rows).map(n -> " " + n).orElse("")
                + gate.explanation().map(g -> " " + g).orElse("")).strip();
        if (generators.isPresent()) {
            facts += (facts.isEmpty() ? "" : "\n\n") + new EnginesReport(generators.get()).describe(plan.points());
        }
        return plan.description().isBlank() || facts.isEmpty() ? plan.description().strip() + facts
                : plan.description().strip() + "\n\n" + facts;
    }

    /** The run's response timeout (ms), what an {@code auto} drain is; 30 s, the default, when not recorded. */
    private static long responseTimeoutMillis(Map<String, String> parameters) {
        try {
            return Long.parseLong(parameters.getOrDefault("responseTimeout", "30000").strip());
        } catch (NumberFormatException e) {
            return 30_000;
        }
    }
}
