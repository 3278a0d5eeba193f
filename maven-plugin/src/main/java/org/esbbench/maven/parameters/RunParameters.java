package org.esbbench.maven.parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.esbbench.core.Scenario;
import org.esbbench.report.points.Point;

/**
 * The validated parameters of one run. Everything arrives as text from Maven properties so that a bad value is
 * reported in our words (naming the property and the valid choices) before any process starts, not as a
 * conversion error or, worse, halfway through a twenty-minute window.
 *
 * <p>The load model ({@code closed}, {@code open} or both), the load level (users in the closed model, arrivals
 * per second in the open one), size and delay each take one value or a comma-separated list: the run measures
 * every combination (a point) for every selected plan, {@code repeats} times, as the published rounds chart
 * throughput against concurrency per message size and the IBM method reports the median of repeated runs.
 *
 * @param plans    what runs: the standard plans of the chosen scenarios, then the user's plans
 * @param models   the load models measured: closed (users), open (rate), or both
 * @param users    concurrent users of the closed model's points, ascending
 * @param rates    arrivals per second of the open model's points, ascending
 * @param heaps    the heaps of the server the suite starts (-Xms = -Xmx), smallest first: with several, the heap
 *                 is a dimension of the points and the server restarts between heaps
 * @param serverCores the counts of server cores ({@code -DserverCpus=1,2}), smallest first, when the count is a
 *                 dimension of the points (the server restarts between counts, as between heaps); empty otherwise
 * @param usersPerServerCore closed-model users per server core when the count is a dimension (IBM's 4 client
 *                 threads per core): a point at {@code c} cores has {@code usersPerServerCore × c} users; 0 for the
 *                 {@code users} list at every count
 * @param settings the plan parameters that are the same for every point (model, ramp-up, timeouts, ...)
 * @param exclusions points left out of the cross product ({@code -Dexclude=ws-security@102400}, a matrix's exclude=)
 * @param planValues the recorded parameters the catalogue passes to the plans ({@code -J}), as text, defaults filled
 *                 in: the plans receive those no field above interprets as they are
 */
public record RunParameters(List<RunnablePlan> plans, List<LoadModel> models, List<Integer> users, List<Integer> rates,
                      List<Integer> sizes, List<Long> delays, int repeats, long warmupSeconds, long measurementSeconds,
                      List<String> heaps, List<Integer> serverCores, int usersPerServerCore, PlanSettings settings,
                      List<Exclusion> exclusions, Map<String, String> planValues) {

    public static final long MAX_DELAY_MS = 600_000;
    public static final int MAX_REPEATS = 100;
    public static final long MAX_RATE = 1_000_000;
    public static final long MAX_WS_POOL = 100_000;
    /** The smallest heap the suite gives a server: less is no setting anyone measures an integration server at. */
    public static final long MIN_HEAP_BYTES = 64L << 20;
    /**
     * What one server restart between heaps costs, for the check's time estimate: stopping the server, its JVM
     * starting with the broker, the health check and the preflight.
     */
    public static final long RESTART_SECONDS_ESTIMATE = 15;
    /** Seconds of load past the measurement window's end: the window is always covered, and samples cut short
     *  when JMeter stops its threads fall outside it. The analysis drops them. */
    public static final long TAIL_SECONDS = 2;
    /**
     * Seconds the open model's schedule gets past {@link #loadSeconds()}. JMeter times open-model arrivals from the
     * test's start, a second or more before the first sample, from which the windows are timed; the suite's headless
     * runs end the arrivals exactly {@link #loadSeconds()} after the thread groups started (jmeter-ext's
     * LoadTimer), so this only runs where that hook is not installed (remote engines, a plan run by hand).
     */
    public static final long OPEN_MODEL_SLACK_SECONDS = 10;

    /**
     * The rate of a capacity search's points in the plan: a placeholder, since the search chooses each probe's rate
     * (its probes and confirmation window are named by the search, capacity/probes.csv).
     */
    public static final int CAPACITY_PLACEHOLDER_RATE = 1;

    /** The same run with other windows: a capacity search's probes and confirmation windows. */
    public RunParameters withWindows(long warmup, long measurement) {
        return new RunParameters(plans, models, users, rates, sizes, delays, repeats, warmup, measurement, heaps,
                serverCores, usersPerServerCore, settings, exclusions, planValues);
    }

    /** The same run in the closed model at {@code users} users: a capacity search's warm-up. */
    public RunParameters closedAt(int users, long warmup, long measurement) {
        PlanSettings s = new PlanSettings(Math.min(settings.rampupSeconds(), warmup), settings.reuse(),
                settings.connectTimeoutMs(), settings.responseTimeoutMs(), settings.wsSuite(), settings.wsMode(),
                settings.wsPool());
        return new RunParameters(plans, List.of(LoadModel.CLOSED), List.of(users), rates, sizes, delays, repeats, warmup,
                measurement, heaps, serverCores, usersPerServerCore, s, exclusions, planValues);
    }

    /** The load model and the parameters every point shares. */
    public record PlanSettings(long rampupSeconds, int reuse, int connectTimeoutMs,
                               int responseTimeoutMs, String wsSuite, String wsMode, int wsPool) {
    }

    /** Closed: a fixed number of users loop without think time. Open: requests arrive at a rate, whatever the replies. */
    public enum LoadModel {
        CLOSED, OPEN;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Parses the run's parameters, by property name: {@code scenarios}, {@code plans}, {@code model}, {@code users},
     * {@code rate}, {@code size}, {@code delay}, {@code repeats}, {@code warmup}, {@code measurement}, {@code heap},
     * {@code rampup}, {@code reuse}, {@code connectTimeout}, {@code responseTimeout}, {@code wsSuite},
     * {@code wsMode}, {@code wsPool}, {@code exclude}. Other names ({@code matrix}) are ignored. A missing entry takes its default; relative plan paths resolve against
     * {@code root}, the standard plans live in {@code plansDir}.
     */
    public static RunParameters parse(Map<String, String> values, Path root, Path plansDir) throws InvalidRunException {
        return parse(values, root, plansDir, ParameterCatalogue.STANDARD);
    }

    /** {@link #parse(Map, Path, Path)} with the parameters of {@code catalogue}. */
    public static RunParameters parse(Map<String, String> values, Path root, Path plansDir, ParameterCatalogue catalogue)
            throws InvalidRunException {
        Map<String, String> v = new LinkedHashMap<>(catalogue.defaults(RunParameter.Trait.RECORDED));
        values.forEach((name, value) -> {
            if (value != null) {
                v.put(name, value);
            }
        });
        catalogue.validate(v);
        List<LoadModel> models = Checks.list("model", v.get("model"), x -> Checks.choice("model", x, LoadModel.class));
        long warmup = Checks.positive("warmup", v.get("warmup"), Long.MAX_VALUE);
        PlanSettings settings = new PlanSettings(
                Math.min(Checks.nonNegative("rampup", v.get("rampup"), Long.MAX_VALUE), warmup),
                (int) Checks.nonNegative("reuse", v.get("reuse"), Integer.MAX_VALUE),
                (int) Checks.positive("connectTimeout", v.get("connectTimeout"), Integer.MAX_VALUE),
                (int) Checks.positive("responseTimeout", v.get("responseTimeout"), Integer.MAX_VALUE),
                Checks.oneOf("wsSuite", v.get("wsSuite"), List.of("modern", "classic")),
                Checks.oneOf("wsMode", v.get("wsMode"), List.of("pool", "fresh")),
                (int) Checks.positive("wsPool", v.get("wsPool"), MAX_WS_POOL));
        List<RunnablePlan> plans = PlanSelection.plans(v.get("scenarios"),
                "given".equals(v.getOrDefault("scenarioOrder", "catalogue").strip()), v.get("plans"), root, plansDir);
        if ("reversed".equals(Checks.oneOf("order", v.getOrDefault("order", "catalogue"), List.of("catalogue", "reversed")))) {
            // the same run measured last plan first: what a figure owes to its place in the run shows
            plans = new ArrayList<>(plans);
            java.util.Collections.reverse(plans);
        }
        List<Exclusion> exclusions = PlanSelection.exclusions(v.get("exclude"), plans);
        boolean capacity = org.esbbench.report.capacity.CapacitySettings.requested(v);
        if (capacity) {
            // A search per point: the open model at rates the search chooses, each point once.
            // -Dmodel is not read: the search's probes are the open model's, its warm-up the closed model's.
            if (!"1".equals(v.get("repeats").strip())) {
                throw new InvalidRunException("-Dcapacity searches each point once: -Drepeats=" + v.get("repeats")
                        + " does not go with it (run the search again, or a round with -Diterations, for its spread)");
            }
            models = List.of(LoadModel.OPEN);
        }
        // Both lists are validated whatever the model: a typo is still a typo.
        RunParameters plan = new RunParameters(
                plans,
                models,
                Checks.list("users", v.get("users"), x -> (int) Checks.positive("users", x, Integer.MAX_VALUE)),
                capacity ? List.of(CAPACITY_PLACEHOLDER_RATE)
                        : Checks.list("rate", v.get("rate"), x -> (int) Checks.positive("rate", x, MAX_RATE)),
                Checks.list("size", v.get("size"), x -> (int) Checks.positive("size", x, Integer.MAX_VALUE)),
                Checks.list("delay", v.get("delay"), x -> Checks.nonNegative("delay", x, MAX_DELAY_MS)),
                (int) Checks.positive("repeats", v.get("repeats"), MAX_REPEATS),
                warmup,
                Checks.positive("measurement", v.get("measurement"), Long.MAX_VALUE),
                heaps(v.get("heap")),
                serverCoreCounts(v.getOrDefault("serverCpus", "")),
                (int) Checks.nonNegative("usersPerServerCore", v.getOrDefault("usersPerServerCore", "0"), Integer.MAX_VALUE),
                settings,
                exclusions,
                planValues(catalogue, v));
        if (plan.points().isEmpty()) {
            throw new InvalidRunException("nothing to run: -Dexclude=" + v.get("exclude") + " leaves out every point"
                    + " (sizes " + describe(plan.sizes()) + " of plans " + String.join(", ", plan.planIds()) + ")");
        }
        return plan;
    }

    /**
     * The defaults of the parameters that plan the run (those a resume must match), from the catalogue: the same as
     * the plans' own defaults. They are the ones {@link #parse} turns into the fields above; the plans get those
     * from the fields, every other parameter for plans as given ({@code planValues}).
     */
    public static final Map<String, String> DEFAULTS = ParameterCatalogue.STANDARD.defaults(RunParameter.Trait.RESUME_MATCHES);

    /** "all", or a comma-separated list of scenario ids, in the catalogue's order, without repeats. */
    public static List<Scenario> scenarios(String value) throws InvalidRunException {
        return PlanSelection.scenarios(value);
    }

    /**
     * One heap or a comma-separated list of them, each a JVM size as -Xmx takes it (digits with a k, m or g) of at
     * least 64m; smallest first, and a size written twice (1024m and 1g) measured once.
     */
    public static List<String> heaps(String value) throws InvalidRunException {
        Map<Long, String> bySize = new java.util.TreeMap<>();
        for (String part : (value == null ? "" : value).split(",", -1)) {
            String v = part.trim().toLowerCase(Locale.ROOT);
            if (!v.matches("[1-9][0-9]*[kmg]")) {
                throw new InvalidRunException("-Dheap=" + value + ": '" + part.trim() + "' is not a heap size such as 512m"
                        + " or 2g (digits and k, m or g; a comma-separated list measures each heap)");
            }
            long bytes = Point.heapBytes(v);
            if (bytes < MIN_HEAP_BYTES) {
                throw new InvalidRunException("-Dheap=" + value + ": " + v + " is below the smallest heap, 64m");
            }
            bySize.putIfAbsent(bytes, v);
        }
        return List.copyOf(bySize.values());
    }

    /**
     * The counts of server cores when {@code -DserverCpus} gives several ({@code 1,2}), smallest first; empty for one
     * count and for every other form (auto, shared, cpus:LIST), whose CPUs cpus.properties records. Check has planned
     * the CPUs before (core's {@code CpuPlanner}) and recorded the counts this machine gives.
     */
    public static List<Integer> serverCoreCounts(String value) {
        String v = value == null ? "" : value.trim();
        if (!v.matches("[0-9]+(\\s*,\\s*[0-9]+)+")) {
            return List.of();
        }
        java.util.TreeSet<Integer> counts = new java.util.TreeSet<>();
        for (String part : v.split(",")) {
            counts.add(Integer.parseInt(part.trim()));
        }
        return counts.size() > 1 ? List.copyOf(counts) : List.of();
    }

    private static Map<String, String> planValues(ParameterCatalogue catalogue, Map<String, String> values) {
        Map<String, String> passed = new LinkedHashMap<>();
        for (RunParameter p : catalogue.having(RunParameter.Trait.TO_PLANS)) {
            if (p.is(RunParameter.Trait.RECORDED) && !DEFAULTS.containsKey(p.name())) {
                passed.put(p.name(), values.get(p.name()).trim());
            }
        }
        return java.util.Collections.unmodifiableMap(passed);
    }

    /** The first (smallest) heap: the one the start goal starts the server with. */
    public String heap() {
        return heaps.get(0);
    }

    /** Whether the heap is a dimension of the points: more than one heap. */
    public boolean variesHeap() {
        return heaps.size() > 1;
    }

    /** Whether the count of server cores is a dimension of the points: more than one count. */
    public boolean variesServerCores() {
        return !serverCores.isEmpty();
    }

    /**
     * A list of heaps needs a server the suite starts (and so can restart); a target it does not start runs with
     * whatever heap it has, so the one value is only recorded.
     */
    public void requireHeapsFit(boolean suiteStartsServer, String target) throws InvalidRunException {
        if (variesHeap() && !suiteStartsServer) {
            throw new InvalidRunException("-Dheap=" + String.join(",", heaps) + ": a list of heaps needs a server the"
                    + " suite starts (it restarts it per heap); target '" + target + "' is external (its profile has"
                    + " neither start=true nor server.command): give one heap, or none");
        }
    }

    /** The catalogue scenarios among the plans (what the preflight checks and the payloads must exist for). */
    public List<Scenario> scenarios() {
        return plans.stream().flatMap(p -> p.scenario().stream()).toList();
    }

    public List<String> planIds() {
        return plans.stream().map(RunnablePlan::id).toList();
    }

    public RunnablePlan plan(String id) {
        return plans.stream().filter(p -> p.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no plan '" + id + "' in this run"));
    }

    /**
     * Every point of the run in the order it is measured: by heap and then count of server cores (the server restarts
     * between either, so they are the outermost: once per heap, count and repeat), then delay (the backend restarts
     * between delays), then size, then model (closed first), then load, then plan. With one heap the points carry no
     * heap ("": not varied), with one count of server cores no count (0). Excluded points are left out.
     */
    public List<Point> points() {
        List<Point> points = new ArrayList<>();
        for (String heap : heaps) {
            for (int cores : coreCounts()) {
                for (long delay : delays) {
                    for (int size : sizes) {
                        for (LoadModel model : models) {
                            for (int load : model == LoadModel.CLOSED ? closedLoads(cores) : rates) {
                                for (RunnablePlan p : plans) {
                                    Point point = model == LoadModel.CLOSED ? new Point(p.id(), load, size, delay)
                                            : Point.open(p.id(), load, size, delay);
                                    Point candidate = (variesHeap() ? point.withHeap(heap) : point).withServerCores(cores);
                                    if (exclusions.stream().noneMatch(x -> x.excludes(candidate))) {
                                        points.add(candidate);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return points;
    }

    /** The counts of server cores to loop over: each count, or 0 (not varied). */
    private List<Integer> coreCounts() {
        return serverCores.isEmpty() ? List.of(0) : serverCores;
    }

    /** The closed model's users at {@code cores} server cores: usersPerServerCore × cores, or the users list. */
    private List<Integer> closedLoads(int cores) {
        return cores > 0 && usersPerServerCore > 0 ? List.of(usersPerServerCore * cores) : users;
    }

    /**
     * Points of each plan in the full cross product, before exclusions: heaps x core counts x delays x sizes x load
     * levels.
     */
    public int pointsPerPlan() {
        int perSetting = 0;
        for (int cores : coreCounts()) {
            perSetting += (models.contains(LoadModel.CLOSED) ? closedLoads(cores).size() : 0)
                    + (models.contains(LoadModel.OPEN) ? rates.size() : 0);
        }
        return heaps.size() * delays.size() * sizes.size() * perSetting;
    }

    /** Points the exclusions leave out of the cross product. */
    public int excludedPoints() {
        return plans.size() * pointsPerPlan() - points().size();
    }

    /** Scenario runs in the whole run: points times repeats. */
    public int scenarioRuns() {
        return points().size() * repeats;
    }

    /**
     * How often the run goal restarts the server for a new heap or count of server cores: before each setting but the
     * first of each repeat, and at the start of every repeat after the first (the previous repeat ended on the last).
     */
    public int serverRestarts() {
        int settings = heaps.size() * coreCounts().size();
        return settings > 1 ? settings * repeats - 1 : 0;
    }

    /** Total planned duration of the JMeter part of the run, for progress and ETA. */
    public long plannedSeconds() {
        return scenarioRuns() * loadSeconds();
    }

    /** The planned load plus the server restarts between heaps, estimated: what check announces. */
    public long estimatedSeconds() {
        return plannedSeconds() + serverRestarts() * RESTART_SECONDS_ESTIMATE;
    }

    /** How long each scenario run sends load: warm-up, measurement and the tail. */
    public long loadSeconds() {
        return warmupSeconds + measurementSeconds + TAIL_SECONDS;
    }

    /** "10" or "10, 50, 100": a parameter's values for messages. */
    public static String describe(List<?> values) {
        return values.stream().map(Object::toString).collect(Collectors.joining(", "));
    }
}
