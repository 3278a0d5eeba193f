package org.esbbench.maven.parameters;

import static org.esbbench.maven.parameters.RunParameter.Trait.DIMENSION;
import static org.esbbench.maven.parameters.RunParameter.Trait.RECORDED;
import static org.esbbench.maven.parameters.RunParameter.Trait.RESUME_MATCHES;
import static org.esbbench.maven.parameters.RunParameter.Trait.TO_PLANS;

import java.util.ArrayList;
import java.util.List;
import org.esbbench.report.arrivals.DrainWindow;
import org.esbbench.report.capacity.CapacitySettings;
import org.esbbench.report.capacity.Objective;
import org.esbbench.report.profiles.ProfileSettings;
import org.esbbench.report.arrivals.InFlightCap;
import org.esbbench.report.arrivals.LatenessBound;
import org.esbbench.report.run.DriftThreshold;
import org.esbbench.report.run.ErrorTolerance;
import org.esbbench.maven.servers.BackendDrill;
import org.esbbench.report.compare.RegressionCheck;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.gate.BaselineRun;
import org.esbbench.report.gate.Criteria;

/**
 * Every parameter the goals accept, declared once, in the order docs/parameters.md lists them: what runs, the load,
 * the plans' settings, the engines, how results are judged and kept, then the goals' switches. Defaults, checks,
 * the run's record, the resume comparison, the plans' {@code -J} properties and the documentation all read it.
 */
final class StandardParameters {
    private StandardParameters() {
    }

    static List<RunParameter> all() {
        List<RunParameter> list = new ArrayList<>();
        list.add(RunParameter.of("scenarios", "",
                "Scenario ids to run, comma-separated, `all` or `none`; left out, all run unless `plans` is given.")
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of("plans", "",
                "Plans of your own: `.jmx` files or folders of them, comma-separated, relative to the checkout's root.")
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of("target", "reference",
                "Target profile to measure: `config/targets/<name>.properties`."));
        list.add(RunParameter.of("targets", "",
                "A round: these target profiles, comma-separated, each measured with the same parameters (docs/running.md#rounds)."));
        list.add(RunParameter.of("iterations", "1",
                "A round's iterations: every target runs once per iteration, the order of targets and scenarios rotated.")
                .checkedBy(Checks.positive(100)));
        list.add(RunParameter.of("scenarioOrder", "catalogue",
                "Order of the run's scenarios: `catalogue` (direct first) or `given` (as -Dscenarios lists them; a round rotates it).")
                .checkedBy(Checks.oneOf("catalogue", "given"))
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of("matrix", "",
                "A published study's matrix, `config/matrices/<name>.properties`; an explicit `-D` overrides one of its dimensions."));
        list.add(RunParameter.of("exclude", "",
                "Points left out of the cross product, as `plan@bytes`, comma-separated (e.g. `ws-security@102400`).")
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of("model", "closed",
                "Load model: `closed` (users loop without think time), `open` (arrivals at `rate` per second) or `closed,open`.")
                .checkedBy(Checks.listOf("closed", "open"))
                .with(RECORDED, DIMENSION, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("users", "10",
                "Closed model: concurrent users (a list); a total over all engines with `generators`.")
                .checkedBy(Checks.positiveList(Integer.MAX_VALUE))
                .with(RECORDED, DIMENSION, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("rate", "100",
                "Open model: arrivals per second, Poisson (a list); a total over all engines with `generators`.")
                .checkedBy(Checks.positiveList(RunParameters.MAX_RATE))
                .with(RECORDED, DIMENSION, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("size", "1024",
                "Payload size in bytes (a list); any size from the smallest envelope up.")
                .checkedBy(Checks.positiveList(Integer.MAX_VALUE))
                .with(RECORDED, DIMENSION, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("delay", "0",
                "Echo backend delay in ms (a list); the backend is restarted between delays.")
                .checkedBy(Checks.nonNegativeList(RunParameters.MAX_DELAY_MS))
                .with(RECORDED, DIMENSION, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("repeats", "1",
                "Times each point is measured; the summaries give the median and the lowest and highest repeat.")
                .checkedBy(Checks.positive(RunParameters.MAX_REPEATS))
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of("warmup", "300",
                "Warm-up window of each scenario run, in seconds (the ramp-up falls in it).")
                .checkedBy(Checks.positive(Long.MAX_VALUE))
                .with(RECORDED, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("measurement", "900",
                "Measurement window of each scenario run, in seconds; load goes on 2 s past it and the analysis drops that tail.")
                .checkedBy(Checks.positive(Long.MAX_VALUE))
                .with(RECORDED, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("heap", "512m",
                "Heap of a server the suite starts (a list, the outermost dimension); refused for a server it does not start.")
                .checkedBy((name, value) -> RunParameters.heaps(value))
                .with(RECORDED, DIMENSION, RESUME_MATCHES));
        list.add(RunParameter.of("serverCpus", "auto",
                "Server's own CPUs: `auto` (half, for a server it starts), `shared`, a count (a list: each count), or `cpus:LIST` (a server started by hand).")
                .checkedBy(Checks.serverCpus())
                .with(RECORDED, DIMENSION, RESUME_MATCHES));
        list.add(RunParameter.of("order", "catalogue",
                "Order the plans run in within each round of points: `catalogue` (direct first) or `reversed`.")
                .checkedBy(Checks.oneOf("catalogue", "reversed"))
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of("usersPerServerCore", "0",
                "Closed model: users per server core (IBM's method: 4), overriding `users` unless it is given; 0: off.")
                .checkedBy(Checks.nonNegative(10_000))
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of("chainWarmup", "auto",
                "Seconds of load through the chain before the first scenario run and each server restart; `auto`: the warm-up, at most 60.")
                .checkedBy((name, value) -> {
                    if (!value.trim().equals("auto")) {
                        Checks.nonNegative(name, value, 3600);
                    }
                })
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of("idleProbe", "5",
                "Seconds the warm server is read idle after its points, for CPU per msg net of idle; 0: none, else 2 to 60.")
                .checkedBy((name, value) -> {
                    Checks.nonNegative(name, value, 60);
                    if (value.trim().equals("1")) {
                        throw new InvalidRunException("-D" + name + "=1: the spread needs two one-second rates at"
                                + " least; give 0 (no probe) or 2 to 60");
                    }
                })
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of("rampup", "30",
                "Closed model: seconds to start all users, capped at the warm-up.")
                .checkedBy(Checks.nonNegative(Long.MAX_VALUE))
                .with(RECORDED, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("reuse", "5000",
                "Requests per keep-alive connection before it is renewed (the IBM method); 0 means never.")
                .checkedBy(Checks.nonNegative(Integer.MAX_VALUE))
                .with(RECORDED, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("connections", "pooled",
                "Open model's connections: `pooled` (arrivals share kept-alive ones, as in the published rounds) or `fresh`"
                        + " (one each).")
                .checkedBy(Checks.oneOf("pooled", "fresh"))
                .with(RECORDED, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of(InFlightCap.PARAMETER, InFlightCap.AUTO,
                "Open model: most requests in flight; past it arrivals wait, flagged `in-flight-capped`. `auto`: 2 × rate ×"
                        + " (delay + 250 ms), ≥ 100.")
                .checkedBy(Checks.parsedBy(InFlightCap::check))
                .with(RECORDED, TO_PLANS));
        list.add(RunParameter.of(DrainWindow.PARAMETER, DrainWindow.AUTO,
                "Open model: seconds after the window in which a reply still answers an arrival due in it. `auto`: the"
                        + " response timeout.")
                .checkedBy(Checks.parsedBy(DrainWindow::check))
                .with(RECORDED, TO_PLANS));
        list.add(RunParameter.of(Objective.PARAMETER, "",
                "Capacity search per point under this latency objective, e.g. `p99<=20ms` or `p99<=20ms,errors<=0.1%`;"
                        + " empty: none.")
                .checkedBy((name, value) -> {
                    if (!value.isBlank()) {
                        Checks.parsedBy(Objective::parse).check(name, value);
                    }
                })
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of(CapacitySettings.START, CapacitySettings.AUTO,
                "Capacity search: the first rate probed, arrivals/s; `auto`: a tenth of the closed model's throughput in the"
                        + " warm-up.")
                .checkedBy(Checks.parsedBy(CapacitySettings::checkStart))
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of(CapacitySettings.PROBE, Long.toString(CapacitySettings.DEFAULT_PROBE_SECONDS),
                "Capacity search: seconds each probe measures (after a 5 s start at its rate).")
                .checkedBy(Checks.positive(3600))
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of(CapacitySettings.PRECISION, Integer.toString(CapacitySettings.DEFAULT_PRECISION_PERCENT),
                "Capacity search: the search ends when the lowest failing rate is within this % of the highest passing one.")
                .checkedBy(Checks.parsedBy(CapacitySettings::checkPrecision))
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of(CapacitySettings.DEADLINE, Long.toString(CapacitySettings.DEFAULT_DEADLINE_SECONDS),
                "Capacity search: seconds of probes per point at most; then the bracket found so far is reported.")
                .checkedBy(Checks.positive(7 * 24 * 3600))
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of(ProfileSettings.PARAMETER, ProfileSettings.OFF,
                "Profile the server in each measurement window: `cpu`, `alloc`, `lock` or `wall` (a flame graph per"
                        + " point, docs/profiles.md); `off`: none.")
                .checkedBy(Checks.parsedBy(ProfileSettings::checkEvent))
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of(ProfileSettings.INTERVAL, ProfileSettings.AUTO,
                "The profile's interval: a time for `cpu`, `wall`, `lock` (`10ms`), a size for `alloc` (`512k`); `auto`:"
                        + " the event's default.")
                .checkedBy(Checks.parsedBy(ProfileSettings::checkInterval))
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of(ProfileSettings.PROFILER, ProfileSettings.AUTO,
                "Who profiles: `auto` (async-profiler where its library loads, else JDK Flight Recorder),"
                        + " `async-profiler` or `jfr`.")
                .checkedBy(Checks.parsedBy(ProfileSettings::checkProfiler))
                .with(RECORDED, RESUME_MATCHES));
        list.add(RunParameter.of("connectTimeout", "5000",
                "Connect timeout of each request, in ms.")
                .checkedBy(Checks.positive(Integer.MAX_VALUE))
                .with(RECORDED, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("responseTimeout", "30000",
                "Response timeout of each request, in ms; in the open model also the longest wait for replies after the last arrival.")
                .checkedBy(Checks.positive(Integer.MAX_VALUE))
                .with(RECORDED, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("wsSuite", "modern",
                "WS-Security algorithms of the ws-security plan, the reference server and the preflight: `modern` or `classic`.")
                .checkedBy(Checks.oneOf("modern", "classic"))
                .with(RECORDED, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("wsMode", "pool",
                "ws-security requests: `pool` (secured before the run, sent in turn) or `fresh` (secured as each is sent).")
                .checkedBy(Checks.oneOf("pool", "fresh"))
                .with(RECORDED, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("wsPool", "100",
                "ws-security: number of secured requests in the pool.")
                .checkedBy(Checks.positive(RunParameters.MAX_WS_POOL))
                .with(RECORDED, TO_PLANS, RESUME_MATCHES));
        list.add(RunParameter.of("wsFreshTtl", "300",
                "ws-security `fresh` mode: lifetime of each request's Timestamp, in seconds.")
                .checkedBy(Checks.positive(Integer.MAX_VALUE))
                .with(RECORDED, TO_PLANS));
        list.add(RunParameter.of("wsTtl", "P7D",
                "Lifetime (ISO-8601 duration) of the pooled secured requests' Timestamps: longer than any run."));
        list.add(RunParameter.of("generators", "",
                "Where the load comes from: empty (one local JMeter), `local:N` (N local engines) or `host[:port],...` (remote engines).")
                .with(RECORDED));
        list.add(RunParameter.of("generatorSsl", "true",
                "RMI between the client and the engines over SSL; `false` is accepted with `local:N` only.")
                .checkedBy(Checks.trueOrFalse())
                .with(RECORDED));
        list.add(RunParameter.of("generatorClientAddress", "",
                "The client's RMI callback address; empty means 127.0.0.1 for `local:N`, else this machine's address towards engine-1.")
                .with(RECORDED));
        list.add(RunParameter.of("generatorClientPort", "0",
                "First of the up to three RMI ports of the client (`client.rmi.localport`); 0 means any.")
                .checkedBy(Checks.port(Checks.ANY_FREE_PORT))
                .with(RECORDED));
        list.add(RunParameter.of("generatorPerfmonPort", "4444",
                "PerfMon agent port on each remote engine's host, for the engines' CPU; 0 means none.")
                .checkedBy(Checks.port(Checks.NO_PERFMON_AGENT))
                .with(RECORDED));
        list.add(RunParameter.of("generatorHeap", "0",
                "Heap of each local engine in MB; 0 means the client's `jmeter.heap`.")
                .checkedBy(Checks.nonNegative(Integer.MAX_VALUE))
                .with(RECORDED));
        list.add(RunParameter.of("generatorMode", "StrippedBatch",
                "JMeter's sample sender between engines and client: `StrippedBatch` or `StrippedAsynch`.")
                .with(RECORDED));
        list.add(RunParameter.of("maxErrorPercent", "0",
                "Transport errors tolerated per scenario run, in % of its samples (0..100); incorrect replies always fail the run.")
                .checkedBy(Checks.parsedBy(ErrorTolerance::parse))
                .with(RECORDED));
        list.add(RunParameter.of("backendFailPercent", "0",
                "Drills and tests only: the started echo backend answers this % of requests (every k-th) with 503.")
                .checkedBy(Checks.percent("give the share of requests the echo backend answers with 503, a number"
                        + " from 0 to 100 (a drill for tests; 0, the default, is off)"))
                .with(RECORDED));
        list.add(RunParameter.of(BackendDrill.ADDED_DELAY_PARAMETER, "0",
                "Drills and tests only: ms the started echo backend waits on top of `delay`; the points keep their names.")
                .checkedBy(Checks.nonNegative(RunParameters.MAX_DELAY_MS))
                .with(RECORDED));
        list.add(RunParameter.of("keepResults", "compressed",
                "What becomes of each scenario run's raw results: `compressed` (gzip), `plain` or `none` (dropped after analysis).")
                .checkedBy(Checks.parsedBy(KeepResults::parse))
                .with(RECORDED));
        list.add(RunParameter.of("driftThreshold", "10",
                "% by which the first and last thirds of a window may differ in throughput or p99 before it is flagged `drift`.")
                .checkedBy(Checks.parsedBy(DriftThreshold::parse))
                .with(RECORDED));
        list.add(RunParameter.of(LatenessBound.PARAMETER, LatenessBound.describe(LatenessBound.DEFAULT_MILLIS),
                "Open model: ms after its due time past which an arrival counts as late; over 1 % late flags `generator-late`.")
                .checkedBy(Checks.parsedBy(LatenessBound::parse))
                .with(RECORDED));
        list.add(RunParameter.of(Criteria.PARAMETER, "",
                "Pass/fail bounds on every point, `SCENARIO:FIGURE OP NUMBER` comma-separated, e.g. `direct:p99_ms<5,*:error_pct<=0.1` ([ci.md](ci.md)).")
                .checkedBy(Checks.parsedBy(v -> Criteria.parse(v, Figures.standard())))
                .with(RECORDED));
        list.add(RunParameter.of(BaselineRun.PARAMETER, "",
                "A run to compare every point with: a run id or folder, `latest` or `latest:TARGET` (newest passed run before it); empty: none.")
                .with(RECORDED));
        list.add(RunParameter.of(RegressionCheck.TOLERANCE_PARAMETER, RegressionCheck.DEFAULT_TOLERANCE,
                "Per figure, the % it may worsen against `baseline` before it is a regression (if also beyond the runs' spread).")
                .checkedBy(Checks.parsedBy(v -> RegressionCheck.parse(v, Figures.standard(),
                        "-D" + RegressionCheck.TOLERANCE_PARAMETER)))
                .with(RECORDED));
        list.add(RunParameter.of("saturationThreshold", "90",
                "Machine CPU % from which a point is flagged `machine-saturated`.")
                .checkedBy(Checks.percent()));
        list.add(RunParameter.of("dashboards", "true",
                "Whether to make JMeter's HTML dashboard of each measurement window."));
        list.add(RunParameter.of("dashboardHeap", "",
                "Most heap a dashboard's JMeter may get (e.g. `6g`); empty means half the machine's memory."));
        list.add(RunParameter.of("resume", "",
                "A stopped run to continue instead of a new one: its id, its folder's path, or `latest`; a round's `round-<id>`."));
        list.add(RunParameter.of("topology", "",
                "For `layout`: another machine's `/sys/devices/system`, copied (a folder or running.md's `grep -H` listing); empty: this machine."));
        list.add(RunParameter.of("cpusAllowed", "",
                "For `layout` with `topology`: the CPUs a build there may use (`0-3`); empty: the copy's own record, else all.")
                .checkedBy((name, value) -> {
                    if (!value.isBlank()) {
                        Checks.parsedBy(org.esbbench.report.cores.CpuList::parse).check(name, value);
                    }
                }));
        list.add(RunParameter.of("run", "",
                "For `analyze` and `stop` on their own: the earlier run to analyse again or whose processes to stop (id, path or `latest`)."));
        list.add(RunParameter.of("runs", "",
                "For `compare`: the runs to compare, comma-separated, the baseline first (run ids, folders or `latest`)."));
        list.add(RunParameter.of("labels", "",
                "For `compare`: how to name each run in its tables, comma-separated, one per run; empty: the run ids."));
        list.add(RunParameter.of("perfmonHost", "",
                "Host of a PerfMon agent whose CPU and memory the plans record; overrides the profile's `perfmon`.")
                .with(TO_PLANS));
        list.add(RunParameter.of("perfmonPort", "4444",
                "Port of that PerfMon agent.")
                .checkedBy(Checks.port(null))
                .with(TO_PLANS));
        list.add(RunParameter.of("jmeter.heap", "2048",
                "Heap of each JMeter process (and of the GUI) in MB, fixed so that heap growth stays out of the timings.")
                .checkedBy(Checks.positive(1 << 20)));
        list.add(RunParameter.of("progressInterval", "30",
                "Seconds between two progress lines while the scenario runs go on.")
                .checkedBy(Checks.positive(86_400)));
        list.add(RunParameter.of("startTimeout", "90",
                "Seconds each started process (backend, server, broker, engine) may take to answer its health check.")
                .checkedBy(Checks.positive(86_400)));
        list.add(RunParameter.of("stopGrace", "20",
                "Seconds a stopped process gets after its stop signal before it is killed.")
                .checkedBy(Checks.nonNegative(86_400)));
        list.add(RunParameter.of("plan", "direct",
                "For `mvn -Pgui`: the plan to open, a scenario id, a plan name in `jmx/` or a path to a `.jmx` file."));
        list.add(RunParameter.of("esbbench.gui.skip", "false",
                "Skips the `gui` goal."));
        list.add(RunParameter.of("skipTests", "false",
                "Builds without a run: JMeter and the run's goals honour it."));
        list.add(RunParameter.of("esbbench.skip", "false",
                "Skips every esb-bench goal of a run."));
        list.add(RunParameter.of("jmeter.version", "5.6.3",
                "Version of JMeter the plans run on, laid out by the build and recorded in `run.json`."));
        list.add(RunParameter.of("payloadDir", "${project.basedir}/../data/generated",
                "Folder the build writes the payloads and ws-security pools into."));
        list.add(RunParameter.of("keystoreDir", "${project.basedir}/../config/keystores",
                "Folder of the test keystores the ws-security pools are secured with."));
        return List.copyOf(list);
    }
}
