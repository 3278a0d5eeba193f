package org.esbbench.maven.parameters;

import org.esbbench.maven.scenario.RunnablePlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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
 * @param settings the plan parameters that are the same for every point (model, ramp-up, timeouts, ...)
 * @param exclusions points left out of the cross product ({@code -Dexclude=ws-security@102400}, a matrix's exclude=)
 */
public record RunParameters(List<RunnablePlan> plans, List<LoadModel> models, List<Integer> users, List<Integer> rates,
                      List<Integer> sizes, List<Long> delays, int repeats, long warmupSeconds, long measurementSeconds,
                      List<String> heaps, PlanSettings settings, List<Exclusion> exclusions) {

    public static final long MAX_DELAY_MS = 600_000;
    public static final int MAX_REPEATS = 100;
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
        Map<String, String> v = new LinkedHashMap<>(DEFAULTS);
        values.forEach((name, value) -> {
            if (value != null) {
                v.put(name, value);
            }
        });
        List<LoadModel> models = list("model", v.get("model"), x -> choice("model", x, LoadModel.class));
        long warmup = positive("warmup", v.get("warmup"), Long.MAX_VALUE);
        PlanSettings settings = new PlanSettings(
                Math.min(nonNegative("rampup", v.get("rampup"), Long.MAX_VALUE), warmup),
                (int) nonNegative("reuse", v.get("reuse"), Integer.MAX_VALUE),
                (int) positive("connectTimeout", v.get("connectTimeout"), Integer.MAX_VALUE),
                (int) positive("responseTimeout", v.get("responseTimeout"), Integer.MAX_VALUE),
                oneOf("wsSuite", v.get("wsSuite"), List.of("modern", "classic")),
                oneOf("wsMode", v.get("wsMode"), List.of("pool", "fresh")),
                (int) positive("wsPool", v.get("wsPool"), 100_000));
        List<RunnablePlan> plans = plans(v.get("scenarios"), v.get("plans"), root, plansDir);
        List<Exclusion> exclusions = exclusions(v.get("exclude"), plans);
        // Both lists are validated whatever the model: a typo is still a typo.
        RunParameters plan = new RunParameters(
                plans,
                models,
                list("users", v.get("users"), x -> (int) positive("users", x, Integer.MAX_VALUE)),
                list("rate", v.get("rate"), x -> (int) positive("rate", x, 1_000_000)),
                list("size", v.get("size"), x -> (int) positive("size", x, Integer.MAX_VALUE)),
                list("delay", v.get("delay"), x -> nonNegative("delay", x, MAX_DELAY_MS)),
                (int) positive("repeats", v.get("repeats"), MAX_REPEATS),
                warmup,
                positive("measurement", v.get("measurement"), Long.MAX_VALUE),
                heaps(v.get("heap")),
                settings,
                exclusions);
        if (plan.points().isEmpty()) {
            throw new InvalidRunException("nothing to run: -Dexclude=" + v.get("exclude") + " leaves out every point"
                    + " (sizes " + describe(plan.sizes()) + " of plans " + String.join(", ", plan.planIds()) + ")");
        }
        return plan;
    }

    /** -Dexclude: each entry names a catalogue scenario or a plan of the run (else it is a typo). */
    private static List<Exclusion> exclusions(String value, List<RunnablePlan> plans) throws InvalidRunException {
        List<Exclusion> exclusions = Exclusion.parse(value);
        Set<String> known = new LinkedHashSet<>(Scenario.ids());
        plans.forEach(p -> known.add(p.id()));
        for (Exclusion e : exclusions) {
            if (!known.contains(e.plan())) {
                throw new InvalidRunException("-Dexclude=" + value + ": '" + e.plan() + "' is no scenario and no plan"
                        + " of this run; valid: " + String.join(", ", known));
            }
        }
        return exclusions;
    }

    /** Every parameter's default, the same as the suite pom's properties and the plans' own defaults. */
    public static final Map<String, String> DEFAULTS = defaults();

    private static Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("scenarios", "");
        d.put("plans", "");
        d.put("model", "closed");
        d.put("users", "10");
        d.put("rate", "100");
        d.put("size", "1024");
        d.put("delay", "0");
        d.put("repeats", "1");
        d.put("warmup", "300");
        d.put("measurement", "900");
        d.put("heap", "512m");
        d.put("rampup", "30");
        d.put("reuse", "5000");
        d.put("connectTimeout", "5000");
        d.put("responseTimeout", "30000");
        d.put("wsSuite", "modern");
        d.put("wsMode", "pool");
        d.put("wsPool", "100");
        d.put("exclude", "");
        return Map.copyOf(d);
    }

    /**
     * The standard plans of {@code -Dscenarios}, then the files of {@code -Dplans}. Without {@code -Dscenarios}
     * every scenario of the catalogue runs, unless {@code -Dplans} is given: then only those plans run.
     */
    static List<RunnablePlan> plans(String scenarios, String plans, Path root, Path plansDir) throws InvalidRunException {
        List<RunnablePlan> all = new ArrayList<>();
        List<Path> files = planFiles(plans, root);
        String s = scenarios == null ? "" : scenarios.trim();
        if (!(s.isEmpty() && !files.isEmpty()) && !s.equalsIgnoreCase("none")) {
            for (Scenario scenario : scenarios(s)) {
                all.add(RunnablePlan.standard(scenario, plansDir));
            }
        }
        Set<String> ids = new LinkedHashSet<>(Scenario.ids());
        for (Path file : files) {
            RunnablePlan plan = RunnablePlan.user(file);
            if (!plan.id().matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
                throw new InvalidRunException("-Dplans: plan " + file + ": its id '" + plan.id() + "' (the file name"
                        + " without .jmx) names its results; use letters, digits, '.', '_' and '-' only");
            }
            if (!ids.add(plan.id())) {
                throw new InvalidRunException("-Dplans: plan " + file + " has the id '" + plan.id() + "', which "
                        + (Scenario.ids().contains(plan.id()) ? "is a standard scenario's" : "another plan of the run has")
                        + ": rename the file (the id is the file name without .jmx)");
            }
            all.add(plan);
        }
        if (all.isEmpty()) {
            throw new InvalidRunException("nothing to run: -Dscenarios=" + scenarios + " and -Dplans is empty");
        }
        return List.copyOf(all);
    }

    /**
     * The plan files of {@code -Dplans}: .jmx files, or folders whose .jmx files (not recursive) all run, in name
     * order. A plan under a {@code target} folder may be made by the build itself (the smoke run's GUI-edit test
     * writes one): it may be missing now and is checked when the run reaches it.
     */
    static List<Path> planFiles(String value, Path root) throws InvalidRunException {
        List<Path> files = new ArrayList<>();
        for (String part : (value == null ? "" : value).split(",")) {
            String entry = part.trim();
            if (entry.isEmpty()) {
                continue;
            }
            Path path = root.resolve(entry).toAbsolutePath().normalize();
            if (Files.isDirectory(path)) {
                try (Stream<Path> list = Files.list(path)) {
                    List<Path> jmx = list.filter(p -> p.getFileName().toString().endsWith(".jmx")).sorted().toList();
                    if (jmx.isEmpty()) {
                        throw new InvalidRunException("-Dplans=" + entry + ": the folder " + path + " holds no .jmx file");
                    }
                    files.addAll(jmx);
                } catch (IOException e) {
                    throw new InvalidRunException("-Dplans=" + entry + ": cannot list " + path + ": " + e.getMessage());
                }
            } else if (!entry.endsWith(".jmx")) {
                throw new InvalidRunException("-Dplans=" + entry + ": a plan is a .jmx file or a folder of them");
            } else if (Files.isRegularFile(path) || madeByTheBuild(path)) {
                files.add(path);
            } else {
                throw new InvalidRunException("-Dplans=" + entry + ": no such plan " + path
                        + " (relative paths start at the checkout's root)");
            }
        }
        return files;
    }

    private static boolean madeByTheBuild(Path path) {
        for (Path part : path) {
            if (part.toString().equals("target")) {
                return true;
            }
        }
        return false;
    }

    /** "all", or a comma-separated list of scenario ids, in the catalogue's order, without repeats. */
    public static List<Scenario> scenarios(String value) throws InvalidRunException {
        String v = value == null ? "" : value.trim();
        if (v.isEmpty() || v.equalsIgnoreCase("all")) {
            return List.of(Scenario.values());
        }
        Set<Scenario> chosen = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        for (String id : v.split(",")) {
            String trimmed = id.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            try {
                chosen.add(Scenario.byId(trimmed));
            } catch (IllegalArgumentException e) {
                unknown.add(trimmed);
            }
        }
        if (!unknown.isEmpty() || chosen.isEmpty()) {
            throw new InvalidRunException("unknown scenario " + (unknown.isEmpty() ? "''" : "'" + String.join("', '", unknown) + "'")
                    + " in -Dscenarios=" + value + "; valid: all, none, " + String.join(", ", Scenario.ids())
                    + " (a plan of your own runs with -Dplans=path/to/plan.jmx)");
        }
        return chosen.stream().sorted().toList();
    }

    private interface Parser<T> {
        T parse(String value) throws InvalidRunException;
    }

    /** One value or a comma-separated list; sorted ascending, duplicates dropped. */
    private static <T extends Comparable<T>> List<T> list(String name, String value, Parser<T> parser)
            throws InvalidRunException {
        Set<T> values = new TreeSet<>();
        for (String part : (value == null ? "" : value).split(",", -1)) {
            values.add(parser.parse(part.trim()));
        }
        if (values.isEmpty()) {
            throw new InvalidRunException("-D" + name + " is empty");
        }
        return List.copyOf(values);
    }

    private static long positive(String name, String value, long max) throws InvalidRunException {
        long n = number(name, value, max);
        if (n <= 0) {
            throw new InvalidRunException("-D" + name + "=" + value + ": must be greater than zero");
        }
        return n;
    }

    private static long nonNegative(String name, String value, long max) throws InvalidRunException {
        long n = number(name, value, max);
        if (n < 0) {
            throw new InvalidRunException("-D" + name + "=" + value + ": must not be negative");
        }
        return n;
    }

    private static long number(String name, String value, long max) throws InvalidRunException {
        try {
            long n = Long.parseLong(value == null ? "" : value.trim());
            if (n > max) {
                throw new InvalidRunException("-D" + name + "=" + value + ": at most " + max);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new InvalidRunException("-D" + name + "=" + value + ": not a whole number"
                    + (List.of("users", "rate", "size", "delay").contains(name) ? " (or a comma-separated list of them)" : ""));
        }
    }

    private static String oneOf(String name, String value, List<String> valid) throws InvalidRunException {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        if (!valid.contains(v)) {
            throw new InvalidRunException("-D" + name + "=" + value + ": valid: " + String.join(", ", valid));
        }
        return v;
    }

    private static <E extends Enum<E>> E choice(String name, String value, Class<E> type) throws InvalidRunException {
        List<String> valid = Stream.of(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT)).toList();
        return Enum.valueOf(type, oneOf(name, value, valid).toUpperCase(Locale.ROOT));
    }

    /**
     * One heap or a comma-separated list of them, each a JVM size as -Xmx takes it (digits with a k, m or g) of at
     * least 64m; smallest first, and a size written twice (1024m and 1g) measured once.
     */
    static List<String> heaps(String value) throws InvalidRunException {
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

    /** The first (smallest) heap: the one the start goal starts the server with. */
    public String heap() {
        return heaps.get(0);
    }

    /** Whether the heap is a dimension of the points: more than one heap. */
    public boolean variesHeap() {
        return heaps.size() > 1;
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
     * Every point of the run in the order it is measured: by heap (the server restarts between heaps, so it is the
     * outermost: once per heap and repeat), then delay (the backend restarts between delays), then size, then model
     * (closed first), then load, then plan. With one heap the points carry no heap ("": not varied). Excluded
     * points are left out.
     */
    public List<Point> points() {
        List<Point> points = new ArrayList<>();
        for (String heap : heaps) {
            for (long delay : delays) {
                for (int size : sizes) {
                    for (LoadModel model : models) {
                        for (int load : model == LoadModel.CLOSED ? users : rates) {
                            for (RunnablePlan p : plans) {
                                Point point = model == LoadModel.CLOSED ? new Point(p.id(), load, size, delay)
                                        : Point.open(p.id(), load, size, delay);
                                Point candidate = variesHeap() ? point.withHeap(heap) : point;
                                if (exclusions.stream().noneMatch(x -> x.excludes(candidate))) {
                                    points.add(candidate);
                                }
                            }
                        }
                    }
                }
            }
        }
        return points;
    }

    /** Points of each plan in the full cross product, before exclusions: heaps x delays x sizes x load levels. */
    public int pointsPerPlan() {
        int loads = (models.contains(LoadModel.CLOSED) ? users.size() : 0) + (models.contains(LoadModel.OPEN) ? rates.size() : 0);
        return heaps.size() * delays.size() * sizes.size() * loads;
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
     * How often the run goal restarts the server for a new heap: before each heap but the first of each repeat, and
     * at the start of every repeat after the first (the previous repeat ended on the last heap).
     */
    public int serverRestarts() {
        return variesHeap() ? heaps.size() * repeats - 1 : 0;
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
