package org.esbbench.report.figures;

import org.esbbench.report.arrivals.ArrivalFigures;
import org.esbbench.report.arrivals.OfferedLoad;
import org.esbbench.report.samples.LatencyHistogram;
import org.esbbench.report.usage.WindowUsage;

import java.util.List;
import java.util.function.Function;

/**
 * The figures the suite reports, each declared once, in the order of every table and CSV, each with the decimals
 * it is recorded with and ({@code shown}) its display precision: percentages of the samples 2 decimals,
 * milliseconds 3 (at most as recorded), throughput 1, CPU and memory 1, counts 0. Adding a figure is one
 * entry here (and in {@link #ALL}) plus what it is computed from; points.csv, summary.csv, summary.md, the
 * results index, the charts (if charted) and comparisons (if compared) then carry it.
 */
public final class StandardFigures {
    /**
     * Every response-time figure is in milliseconds with three decimals: to the microsecond when the run timed in
     * microseconds (a sub-millisecond p50 reads 0.213, not 0), ".000" when in JMeter's whole milliseconds.
     */
    public static final int LATENCY_DECIMALS = 3;
    public static final Figure SAMPLES = Figure.total("samples", "samples", "",
            m -> (double) m.statistics().samples());
    public static final Figure ERRORS = Figure.total("errors", "errors", "",
            m -> (double) m.statistics().errors());
    /**
     * Percent of the samples, recorded with 6 decimals so that one failure in ten million samples still shows;
     * shown with 2 (a smaller non-zero value with its two significant digits, see {@link Figure#format(Double)}).
     */
    public static final Figure ERROR_PCT = Figure.percent("error_pct", "error %", 6, ERRORS, SAMPLES).charted().shown(2);
    public static final Figure INCORRECT = Figure.total("incorrect", "incorrect", "",
            m -> (double) m.statistics().incorrect());
    public static final Figure INCORRECT_PCT = Figure.percent("incorrect_pct", "incorrect %", 6, INCORRECT, SAMPLES)
            .charted().shown(2);
    /**
     * Correct replies per second ({@link org.esbbench.report.samples.Statistics#correctPerSecond()}): errors and
     * incorrect replies are not throughput. In the open model, those that ended in the window: what was achieved.
     */
    public static final Figure THROUGHPUT = Figure.median("throughput_per_s", "throughput", "msgs/s", 2,
            m -> m.statistics().correctPerSecond()).charted().regressed(Better.HIGHER).shown(1);
    public static final Figure MEAN = Figure.median("mean_ms", "mean", "ms", LATENCY_DECIMALS,
            m -> m.statistics().meanMillis()).charted().compared(Better.LOWER).shown(3);
    public static final Figure STDDEV = Figure.median("stddev_ms", "stddev", "ms", LATENCY_DECIMALS,
            m -> m.statistics().stdDevMillis()).charted().shown(3);
    public static final Figure MIN = Figure.median("min_ms", "min", "ms", LATENCY_DECIMALS,
            m -> m.statistics().minMillis()).shown(3);
    public static final Figure MAX = Figure.median("max_ms", "max", "ms", LATENCY_DECIMALS,
            m -> m.statistics().maxMillis()).shown(3);
    public static final Figure P50 = percentile("p50_ms", "p50", 50).charted();
    public static final Figure P90 = percentile("p90_ms", "p90", 90).charted();
    public static final Figure P95 = percentile("p95_ms", "p95", 95).charted();
    public static final Figure P99 = percentile("p99_ms", "p99", 99).charted().regressed(Better.LOWER);
    public static final Figure P99_9 = percentile("p99_9_ms", "p99.9", 99.9).charted();
    public static final Figure CPU_PER_MESSAGE = usage("cpu_us_per_msg", "CPU per msg", "µs", 2,
            WindowUsage::cpuMicrosPerMessage).charted().compared(Better.LOWER).shown(1);
    /**
     * The server's CPU per message net of its idle cost (its CPU time per second without load, times the
     * window) and of its JIT compiler threads' CPU in the window: at low rates the gross figure is mostly timers,
     * compilation and GC divided by few messages.
     */
    public static final Figure NET_CPU_PER_MESSAGE = usage("net_cpu_us_per_msg", "net CPU per msg", "µs", 2,
            WindowUsage::netCpuMicrosPerMessage).shown(1);
    /** How far the net figure may be off for the idle cost's own noise (± this). */
    public static final Figure NET_CPU_SPREAD = usage("net_cpu_spread_us", "net CPU spread", "µs", 2,
            WindowUsage::netCpuSpreadMicros).shown(1);
    /** The server's JIT compiler threads' CPU in the window per message: part of the gross figure, not the net. */
    public static final Figure JIT_CPU_PER_MESSAGE = usage("jit_cpu_us_per_msg", "JIT CPU per msg", "µs", 2,
            WindowUsage::jitMicrosPerMessage).shown(1);
    public static final Figure SERVER_CPU = usage("server_cpu_pct", "server CPU", "%", 2, WindowUsage::serverCpuPercent)
            .shown(1);
    public static final Figure GC_THROUGHPUT = usage("gc_throughput_pct", "GC throughput", "%", 3,
            WindowUsage::gcThroughputPercent).charted().shown(2);
    public static final Figure HEAP_AFTER_FULL_GC = usage("heap_after_full_gc_mb", "heap after full GC", "MB", 1,
            WindowUsage::heapAfterFullGcMb).charted().shown(1);
    public static final Figure GENERATOR_CPU = usage("generator_cpu_pct", "generator CPU", "%", 2,
            WindowUsage::generatorCpuPercent).shown(1);
    /** With JMeter engines: the client's CPU, percent of this machine (also part of the generator CPU). */
    public static final Figure CLIENT_CPU = usage("client_cpu_pct", "client CPU", "%", 2,
            WindowUsage::clientCpuPercent).shown(1);
    /** With JMeter engines: the busiest engine's CPU, percent of its host (run.json has every engine's). */
    public static final Figure BUSIEST_ENGINE_CPU = usage("busiest_engine_cpu_pct", "busiest engine CPU", "%", 2,
            WindowUsage::busiestEngineCpuPercent).shown(1);
    /** With JMeter engines: the busiest engine host's CPU, percent of its cores. */
    public static final Figure BUSIEST_ENGINE_HOST_CPU = usage("busiest_engine_host_cpu_pct", "busiest engine host CPU",
            "%", 2, WindowUsage::busiestEngineHostCpuPercent).shown(1);
    public static final Figure BACKEND_CPU = usage("backend_cpu_pct", "backend CPU", "%", 2,
            WindowUsage::backendCpuPercent).shown(1);
    /** The echo backend's CPU per message: what the server's CPU per message compares with. */
    public static final Figure BACKEND_CPU_PER_MESSAGE = usage("backend_cpu_us_per_msg", "backend CPU per msg", "µs", 2,
            WindowUsage::backendMicrosPerMessage).shown(1);
    /** One local JMeter's CPU per sample (sending, receiving, checking the reply); unknown with engines. */
    public static final Figure GENERATOR_CPU_PER_SAMPLE = usage("generator_cpu_us_per_sample", "generator CPU per sample",
            "µs", 2, WindowUsage::generatorMicrosPerSample).shown(1);
    public static final Figure MACHINE_CPU = usage("machine_cpu_pct", "machine CPU", "%", 2,
            WindowUsage::machineCpuPercent).shown(1);
    /** With the server on cores of its own: how busy they were, percent of the server's cores. */
    public static final Figure SERVER_CORES_BUSY = usage("server_cores_busy_pct", "server cores busy", "%", 2,
            WindowUsage::serverCoresBusyPercent).shown(1);
    /** With the server on cores of its own: how busy the other cores were (load generator, backend, monitor). */
    public static final Figure GENERATOR_CORES_BUSY = usage("generator_cores_busy_pct", "generator cores busy", "%", 2,
            WindowUsage::generatorCoresBusyPercent).shown(1);

    /** The server's host as the PerfMon agent reported it: all its cores, whatever runs there. */
    public static final Figure HOST_CPU = usage("host_cpu_pct", "host CPU", "%", 2, WindowUsage::hostCpuPercent)
            .shown(1);
    public static final Figure HOST_MEMORY = usage("host_memory_pct", "host memory", "%", 2,
            WindowUsage::hostMemoryPercent).shown(1);

    /*
     * The open model's arrivals timed from their due time (the suite's Scheduled Arrivals Thread Group): the headline
     * response-time figures are then the latency a user sees, from the due time; these are the service time (from
     * the actual send) and the generator's lateness. Unknown (empty) for the closed model, whose response time is
     * its service time.
     */
    public static final Figure SERVICE_P50 = arrivals("service_p50_ms", "service p50", "ms", LATENCY_DECIMALS,
            ArrivalFigures::serviceP50Millis).shown(3);
    public static final Figure SERVICE_P99 = arrivals("service_p99_ms", "service p99", "ms", LATENCY_DECIMALS,
            ArrivalFigures::serviceP99Millis).charted().shown(3);
    public static final Figure SERVICE_P99_9 = arrivals("service_p99_9_ms", "service p99.9", "ms", LATENCY_DECIMALS,
            ArrivalFigures::serviceP999Millis).shown(3);
    public static final Figure LATENESS_P50 = arrivals("lateness_p50_ms", "lateness p50", "ms", LATENCY_DECIMALS,
            ArrivalFigures::latenessP50Millis).shown(3);
    public static final Figure LATENESS_P99 = arrivals("lateness_p99_ms", "lateness p99", "ms", LATENCY_DECIMALS,
            ArrivalFigures::latenessP99Millis).charted().shown(3);
    public static final Figure LATENESS_MAX = arrivals("lateness_max_ms", "lateness max", "ms", LATENCY_DECIMALS,
            ArrivalFigures::latenessMaxMillis).shown(3);
    public static final Figure LATE_PCT = arrivals("late_pct", "late arrivals %", "%", 6, ArrivalFigures::latePercent)
            .shown(2);

    /*
     * The open model against what it offered (OfferedLoad): arrivals due in the window per second beside the correct
     * replies that ended in it (the throughput), the arrivals' fate, and the server's backlog (blocked time: waiting
     * while every request the generator may have in flight was in flight).
     */
    public static final Figure OFFERED = load("offered_per_s", "offered", "msgs/s", 2, OfferedLoad::offeredPerSecond)
            .shown(1);
    public static final Figure ACHIEVED = load("achieved_per_s", "achieved", "msgs/s", 2,
            OfferedLoad::achievedPerSecond).shown(1);
    public static final Figure DUE = load("due", "arrivals due", "", 0, l -> (double) l.due());
    public static final Figure NEVER_SENT = load("never_sent", "never sent", "", 0, l -> (double) l.neverSent());
    public static final Figure NOT_ANSWERED = load("not_answered", "not answered", "", 0,
            l -> (double) l.notAnswered());
    public static final Figure BLOCKED_P50 = load("blocked_p50_ms", "blocked p50", "ms", LATENCY_DECIMALS,
            l -> l.blockedMillisAt(50)).shown(3);
    public static final Figure BLOCKED_P99 = load("blocked_p99_ms", "blocked p99", "ms", LATENCY_DECIMALS,
            l -> l.blockedMillisAt(99)).shown(3);
    public static final Figure BLOCKED_MAX = load("blocked_max_ms", "blocked max", "ms", LATENCY_DECIMALS,
            OfferedLoad::blockedMaxMillis).shown(3);
    public static final Figure BLOCKED_PCT = load("blocked_pct", "blocked arrivals %", "%", 6,
            OfferedLoad::blockedPercent).shown(2);

    /** The response-time figures (ms): in whole milliseconds when the run's plan had no microsecond timing. */
    public static final List<Figure> RESPONSE_TIMES = List.of(MEAN, STDDEV, MIN, MAX, P50, P90, P95, P99, P99_9);

    static final List<Figure> ALL = List.of(SAMPLES, ERRORS, ERROR_PCT, INCORRECT, INCORRECT_PCT, THROUGHPUT, MEAN,
            STDDEV, MIN, MAX, P50, P90, P95, P99, P99_9, SERVICE_P50, SERVICE_P99, SERVICE_P99_9, LATENESS_P50,
            LATENESS_P99, LATENESS_MAX, LATE_PCT, OFFERED, ACHIEVED, DUE, NEVER_SENT, NOT_ANSWERED, BLOCKED_P50,
            BLOCKED_P99, BLOCKED_MAX, BLOCKED_PCT, CPU_PER_MESSAGE, NET_CPU_PER_MESSAGE, NET_CPU_SPREAD,
            JIT_CPU_PER_MESSAGE, SERVER_CPU, GC_THROUGHPUT, HEAP_AFTER_FULL_GC,
            GENERATOR_CPU, CLIENT_CPU, BUSIEST_ENGINE_CPU, BUSIEST_ENGINE_HOST_CPU, BACKEND_CPU, BACKEND_CPU_PER_MESSAGE, GENERATOR_CPU_PER_SAMPLE,
            MACHINE_CPU, SERVER_CORES_BUSY, GENERATOR_CORES_BUSY, HOST_CPU, HOST_MEMORY);

    /**
     * The headline table's figures, in its order (after the point and before the flags): how much, how fast, how
     * well and at what cost. With the point's three columns (scenario, load, size · delay) and the flags, 12: the
     * offered rate shows only when a point has one (the open model), and then takes the mean's place, so that the
     * offered and the achieved stand side by side ({@link #headlineOf}).
     */
    static final List<Figure> HEADLINE = List.of(OFFERED, THROUGHPUT, MEAN, P50, P99, P99_9, ERROR_PCT, INCORRECT_PCT,
            CPU_PER_MESSAGE);

    private StandardFigures() {
    }

    /**
     * The headline's figures for points of which {@code hasOffered} says whether any has an offered rate: without, the
     * offered column is left out; with, the mean is (it stays in the full table and the CSVs).
     */
    public static List<Figure> headlineOf(List<Figure> headline, boolean hasOffered) {
        return headline.stream().filter(f -> hasOffered ? !f.equals(MEAN) : !f.equals(OFFERED)).toList();
    }

    /**
     * A response-time percentile (ms), HdrHistogram's value at that percentile (3 significant digits) of the
     * histogram of microseconds ({@link LatencyHistogram#millisAtPercentile}), shown with 3 decimals.
     */
    private static Figure percentile(String id, String title, double percentile) {
        return Figure.mergedHistogram(id, title, "ms", LATENCY_DECIMALS,
                h -> LatencyHistogram.millisAtPercentile(h, percentile)).shown(3);
    }

    private static Figure arrivals(String id, String title, String unit, int decimals,
                                   Function<ArrivalFigures, Double> f) {
        return Figure.median(id, title, unit, decimals, m -> m.statistics().arrivals().map(f).orElse(null));
    }

    private static Figure load(String id, String title, String unit, int decimals, Function<OfferedLoad, Double> f) {
        return Figure.median(id, title, unit, decimals, m -> m.statistics().arrivals()
                .filter(a -> a.load().windowMillis() > 0).map(a -> f.apply(a.load())).orElse(null));
    }

    private static Figure usage(String id, String title, String unit, int decimals, Function<WindowUsage, Double> f) {
        return Figure.median(id, title, unit, decimals, m -> f.apply(m.usage()));
    }
}
