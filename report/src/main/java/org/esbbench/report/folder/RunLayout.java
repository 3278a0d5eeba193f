package org.esbbench.report.folder;

import org.esbbench.report.points.Point;

import java.nio.file.Path;

/**
 * The one description of a run's folder, {@code results/<run-id>/}: every file and folder name a run writes or
 * reads is defined here and nowhere else. The run goals write through it, the analysis, the index and the
 * command line read through it.
 *
 * <pre>
 * run-parameters.json    the validated run parameters, written once by check, read by every later goal and by re-analysis
 *                        (run-plan.json in folders written before: {@link #runParametersFile()} reads either)
 * preflight.log          what the target answered to the preflight of each session
 * generators.json        the JMeter engines that generated the load (-Dgenerators), {@link EnginesFile}
 * engines/probe.*        the engines' probe: its plan, results, output and JMeter log
 * server/                the server's own files when a target profile's server.command started it (${work})
 * scenario-runs.csv      one row per scenario run as it ended: times, JMeter's exit, what went wrong
 * processes.csv          every process the run started: name, pid, command, log, start and stop times
 * jtl/NAME.csv           JMeter's results, one file per scenario run (NAME = point key + "_r" + repeat; the
 *                        key ends in "_h" + heap when the run measures several heaps), plain while JMeter writes it
 * jtl/NAME.csv.gz        the same, gzip-compressed as soon as its JMeter ended (-DkeepResults=compressed, the
 *                        default); {@link #results(String)} names whichever form is there, every reader reads both
 * jtl/NAME.dropped       instead of the results, when the analysis dropped them (-DkeepResults=none)
 * histograms/NAME.hlog   the measurement window's response times in HdrHistogram's log format
 * histograms/NAME.service.hlog  an open-model window's service times (from the send), beside them
 * latency/NAME.csv       the window's percentile distribution (what the latency chart plots)
 * dashboards/NAME/       JMeter's HTML dashboard of the window
 * profiles/NAME.jfr      the server's profile recording of one scenario run (-Dprofile), taken around its window
 * profiles/NAME.properties how it was taken: the profiler, the event, the interval, when it ran; or why there is none
 * profiles/NAME.html     its flame graph of the measurement window; NAME.collapsed.gz its stacks, one line each
 * profiles/.agent/       async-profiler's native library while the run's servers may load it (removed at their stop)
 * charts/                PNG and SVG charts
 * logs/                  JMeter's logs and the started processes' output; perfmon-NAME.csv, the PerfMon collector's
 *                        host CPU and memory of one scenario run (with a PerfMon agent); ENGINE.log and ENGINE.out
 *                        of each JMeter engine; analysis-of-stopped-run.log
 * perfmon.properties     the PerfMon agent's address, whether the suite started it, its host's cores
 * cpu.csv, gc.csv        CPU time series of the run's processes and the machine ({@link #CPU_HEADER}); the server's
 *                        collections
 * server-cpu.csv         an external server's CPU time, sampled over its management (JMX) connection
 * cpus.properties        which CPUs the server and the rest of the run had, and how that was enforced
 * affinity.csv           the CPUs each process of the run was allowed (its Cpus_allowed_list), read while it ran
 * server-idle.csv        the server's idle probes (after each start, before load), for its idle CPU cost
 * points.csv             every figure of every scenario run
 * summary.csv, summary.md the points over their repeats
 * run.json               what was run, where, when, and its outcome (the results index reads it)
 * sessions.csv           one row per build that measured into the folder: 1 for the first, n for each resume
 * partial/s&lt;n&gt;/           the files of scenario runs interrupted before session n, moved aside (never deleted),
 *                        and scenario-runs.tail, the journal's torn last line
 * </pre>
 *
 * @param dir the run's folder
 */
public record RunLayout(Path dir) {
    /** The run's parameters as check validated them ({@link RunParametersFile}). */
    public static final String RUN_PARAMETERS = "run-parameters.json";
    /** What {@link #RUN_PARAMETERS} was called in the folders of earlier versions: read, never written. */
    public static final String RUN_PLAN_BEFORE_RENAME = "run-plan.json";
    public static final String PREFLIGHT_LOG = "preflight.log";
    public static final String GENERATORS = "generators.json";
    public static final String PERFMON_AGENT = "perfmon.properties";
    /** The JMeter engines' probe files, {@code engines/probe.jmx} and its results, output and log. */
    public static final String ENGINES = "engines";
    /** The folder a server started by a target profile's server.command works in (its ${work}). */
    public static final String SERVER = "server";
    public static final String SCENARIO_RUNS = "scenario-runs.csv";
    public static final String PROCESSES = "processes.csv";
    public static final String JTL = "jtl";
    public static final String CAPACITY = "capacity";
    public static final String HISTOGRAMS = "histograms";
    public static final String LATENCY = "latency";
    public static final String DASHBOARDS = "dashboards";
    public static final String PROFILES = "profiles";
    public static final String CHARTS = "charts";
    public static final String LOGS = "logs";
    public static final String CPU = "cpu.csv";
    /** The header line of {@link #CPU} and {@link #SERVER_CPU}: one row per process and tick, its CPU time so far. */
    public static final String CPU_HEADER = "epochMs,process,cpuMs";
    public static final String GC = "gc.csv";
    public static final String SERVER_CPU = "server-cpu.csv";
    /** Which CPUs each role had ({@link org.esbbench.report.cores.CpuLayout}). */
    /** The cpu.csv rows of the monitor's and the build's own CPU time (not their children's). */
    public static final String MONITOR_CPU = "monitor";
    public static final String BUILD_CPU = "build";
    /**
     * Suffix of a cpu.csv row whose counter rises by the CPU time of the role's busiest thread of each interval
     * ({@code server.hottest-thread}, {@code jmeter.hottest-thread}): over a window, the share of one CPU the hottest
     * thread took.
     */
    public static final String HOTTEST_THREAD = ".hottest-thread";
    public static final String CPUS = org.esbbench.report.cores.CpuLayout.FILE;
    /** The CPUs each process of the run was allowed, as the monitor read them from /proc while it ran. */
    public static final String AFFINITY = "affinity.csv";
    /** The header line of {@link #AFFINITY}. */
    public static final String AFFINITY_HEADER = "epochMs,process,pid,cpusAllowed";
    /**
     * The server's idle probes: a few seconds of the warm server without load, after its last scenario run and before
     * each restart: their span, the server's CPU over it and its JIT compiler threads' (ms, to the nanosecond), half
     * the range of its one-second rates net of JIT (ms/s); runs before these columns have the span only.
     */
    public static final String SERVER_IDLE = "server-idle.csv";
    public static final String SERVER_IDLE_HEADER = "fromMs,toMs,cpuMs,jitMs,spreadMsPerS";
    /**
     * Suffix of a cpu.csv row whose counter rises by the run time of the role's JIT compiler threads
     * ({@code server.jit}), read with {@link #RUN_TIME} to the nanosecond.
     */
    public static final String JIT = ".jit";
    /**
     * Suffix of a cpu.csv row whose counter rises by the run time of all the role's live threads
     * ({@code server.run-time}, from each thread's schedstat): the process's row to the nanosecond rather than in
     * 10 ms ticks, less what threads that ended ran since the last reading.
     */
    public static final String RUN_TIME = ".run-time";
    public static final String POINTS = "points.csv";
    public static final String SUMMARY_CSV = "summary.csv";
    public static final String SUMMARY_MD = "summary.md";
    public static final String RUN_JSON = "run.json";
    /** The run as a JUnit XML report: its scenario runs, criteria and baseline checks as test cases. */
    public static final String JUNIT = "junit.xml";
    public static final String SESSIONS = "sessions.csv";
    /** Files of interrupted scenario runs, moved aside by the resuming session: {@code partial/s<n>/}. */
    public static final String PARTIAL = "partial";
    /** Under the results folder: the link (or, where links are not allowed, a text file) to the newest run. */
    public static final String LATEST = "latest";
    /** The results folder under the checkout's root: one run folder per run, {@code results/<run-id>/}. */
    public static final String RESULTS = "results";
    private static final String PERFMON_PREFIX = "perfmon-";

    public RunLayout {
        dir = dir.toAbsolutePath().normalize();
    }

    /**
     * {@code direct_u10_s1024_d0_r1}: the name of one scenario run's files; {@code direct_u10_s1024_d0_h512m_r1}
     * when the run measures several heaps.
     */
    public static String scenarioRunName(Point point, int repeat) {
        return point.key() + "_r" + repeat;
    }

    /** The folder of a capacity search's files ({@code capacity/probes.csv}, {@code capacity/capacity.csv}, charts). */
    public Path capacity() {
        return dir.resolve(CAPACITY);
    }

    public String runId() {
        return dir.getFileName().toString();
    }

    /** Where check writes the run parameters: {@code run-parameters.json}. */
    public Path runParameters() {
        return dir.resolve(RUN_PARAMETERS);
    }

    /** The run parameters file to read: {@link #runParametersFile(Path)} of this folder. */
    public Path runParametersFile() {
        return runParametersFile(dir);
    }

    /**
     * The run parameters file of {@code runDir} to read: {@code run-parameters.json}, or {@code run-plan.json} when
     * only that exists (a folder written before the rename, analysed again or resumed). The one place that chooses.
     */
    public static Path runParametersFile(Path runDir) {
        Path current = runDir.resolve(RUN_PARAMETERS);
        Path before = runDir.resolve(RUN_PLAN_BEFORE_RENAME);
        return !java.nio.file.Files.exists(current) && java.nio.file.Files.isRegularFile(before) ? before : current;
    }

    public Path preflightLog() {
        return dir.resolve(PREFLIGHT_LOG);
    }

    /** {@code generators.json} ({@link EnginesFile}). */
    public Path generators() {
        return dir.resolve(GENERATORS);
    }

    /** {@code perfmon.properties} ({@link PerfMonAgentFile}). */
    public Path perfmonAgent() {
        return dir.resolve(PERFMON_AGENT);
    }

    /** A file of the engines' probe: {@code engines/probe} + {@code suffix} (.jmx, .csv, .out, .log). */
    public Path engineProbe(String suffix) {
        return dir.resolve(ENGINES).resolve("probe" + suffix);
    }

    /** The server's folder when a target profile's server.command started it, its ${work}. */
    public Path serverWork() {
        return dir.resolve(SERVER);
    }

    public Path scenarioRuns() {
        return dir.resolve(SCENARIO_RUNS);
    }

    public Path processes() {
        return dir.resolve(PROCESSES);
    }

    /** The plain results file JMeter writes, {@code jtl/NAME.csv} (read through {@link #results(String)}). */
    public Path jtl(String scenarioRun) {
        return dir.resolve(JTL).resolve(scenarioRun + ".csv");
    }

    /** The compressed results file, {@code jtl/NAME.csv.gz} ({@link ResultsCompression}). */
    public Path compressedJtl(String scenarioRun) {
        return ResultsCompression.compressedOf(jtl(scenarioRun));
    }

    /**
     * The scenario run's results as they are on disk: the compressed file when there is one (complete, since it only
     * gets its name once written), else the plain file (which need not exist). The one place that chooses: every
     * reader of a run's results asks here.
     */
    public Path results(String scenarioRun) {
        Path gz = compressedJtl(scenarioRun);
        return java.nio.file.Files.isRegularFile(gz) ? gz : jtl(scenarioRun);
    }

    /** The samples of a scenario run stopped because a JMeter engine was lost, {@code jtl/NAME.csv.partial}. */
    public static Path abortedResultsOf(Path jtl) {
        return jtl.resolveSibling(jtl.getFileName() + ".partial");
    }

    /** The note the analysis leaves when it dropped the scenario run's results ({@code -DkeepResults=none}). */
    public Path droppedResults(String scenarioRun) {
        return dir.resolve(JTL).resolve(scenarioRun + ".dropped");
    }

    /**
     * The measurement window's service times (from each send) in HdrHistogram's log format, written for an open-model
     * window whose response times are timed from the arrivals' due time.
     */
    public Path serviceHistogram(String scenarioRun) {
        return dir.resolve(HISTOGRAMS).resolve(scenarioRun + ".service.hlog");
    }

    public Path histogram(String scenarioRun) {
        return dir.resolve(HISTOGRAMS).resolve(scenarioRun + ".hlog");
    }

    public Path latency(String scenarioRun) {
        return dir.resolve(LATENCY).resolve(scenarioRun + ".csv");
    }

    /** The folder of one scenario run's dashboard; its page is {@link #dashboardPage} inside. */
    public Path dashboard(String scenarioRun) {
        return dir.resolve(DASHBOARDS).resolve(scenarioRun);
    }

    public Path dashboardPage(String scenarioRun) {
        return dashboard(scenarioRun).resolve("index.html");
    }

    /** The server's profiles, one set of files per scenario run ({@code -Dprofile}). */
    public Path profiles() {
        return dir.resolve(PROFILES);
    }

    /** The raw recording of one scenario run's profile (JFR, from async-profiler or the JVM's own recorder). */
    public Path profileRecording(String scenarioRun) {
        return profiles().resolve(scenarioRun + ".jfr");
    }

    /** How one scenario run's profile was taken, or why there is none. */
    public Path profileRecord(String scenarioRun) {
        return profiles().resolve(scenarioRun + ".properties");
    }

    /** One scenario run's flame graph of its measurement window. */
    public Path flameGraph(String scenarioRun) {
        return profiles().resolve(scenarioRun + ".html");
    }

    /**
     * One scenario run's stacks of its measurement window, collapsed (a stack and its count per line), gzip-compressed:
     * a long window's deep stacks repeat their frames line after line ({@code zcat} reads them).
     */
    public Path collapsedStacks(String scenarioRun) {
        return profiles().resolve(scenarioRun + ".collapsed.gz");
    }

    /** Where async-profiler's native library lies while the run's servers may load it. */
    public Path profilerAgent() {
        return profiles().resolve(".agent");
    }

    public Path charts() {
        return dir.resolve(CHARTS);
    }

    public Path latencyChart(String scenarioRun) {
        return charts().resolve(scenarioRun + "-latency.png");
    }

    /** The throughput over one scenario run's window, {@code charts/} + {@link #throughputChartName}. */
    public Path throughputChart(String scenarioRun) {
        return charts().resolve(throughputChartName(scenarioRun));
    }

    /** {@code NAME-over-window.png} (not "-throughput": a scenario's throughput against users is that). */
    public static String throughputChartName(String scenarioRun) {
        return scenarioRun + "-over-window.png";
    }

    /** The server's host over one scenario run (PerfMon agent's CPU and memory), when it was recorded. */
    public Path hostChart(String scenarioRun) {
        return charts().resolve(scenarioRun + "-host.png");
    }

    public Path logs() {
        return dir.resolve(LOGS);
    }

    public Path jmeterLog(String scenarioRun) {
        return logs().resolve("jmeter-" + scenarioRun + ".log");
    }

    public Path jmeterOutput(String scenarioRun) {
        return logs().resolve("jmeter-" + scenarioRun + ".out");
    }

    public Path perfmon(String scenarioRun) {
        return logs().resolve(PERFMON_PREFIX + scenarioRun + ".csv");
    }

    /** Whether {@code file} is a PerfMon collector's recording, {@code logs/perfmon-*.csv}. */
    public static boolean isPerfmon(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith(PERFMON_PREFIX) && name.endsWith(".csv");
    }

    /** A JMeter engine's log, {@code logs/ENGINE.log} ({@code engine-1.log}). */
    public Path engineLog(String engine) {
        return logs().resolve(engine + ".log");
    }

    /** A JMeter engine's console output, {@code logs/ENGINE.out}. */
    public Path engineOutput(String engine) {
        return logs().resolve(engine + ".out");
    }

    /** The output of the analysis a stopped build starts on what it measured. */
    public Path analysisOfStoppedRunLog() {
        return logs().resolve("analysis-of-stopped-run.log");
    }

    /** Console output of a process the run started (server, backend, monitor): {@code NAME.log} in the run folder. */
    public Path processOutput(String name) {
        return dir.resolve(name + ".log");
    }

    /** The server's GC log, when the run started the server. */
    public Path serverGcLog() {
        return serverGcLog("");
    }

    /**
     * The GC log of the server started with {@code heap} when the run measures several heaps
     * ({@code server-gc-512m.log}, one per heap, so a restart does not overwrite the last one's), else
     * ({@code heap} "") {@code server-gc.log}.
     */
    public Path serverGcLog(String heap) {
        return dir.resolve(heap.isEmpty() ? "server-gc.log" : "server-gc-" + heap + ".log");
    }

    /**
     * The GC log of the server started with {@code heap} in session {@code session}: as {@link #serverGcLog(String)}
     * for session 1, {@code server-gc[-HEAP]-s<n>.log} from session 2 on, so that a resumed run's server does not
     * overwrite the log of the session before.
     */
    public Path serverGcLog(String heap, int session) {
        if (session <= 1) {
            return serverGcLog(heap);
        }
        return dir.resolve((heap.isEmpty() ? "server-gc" : "server-gc-" + heap) + "-s" + session + ".log");
    }

    /** {@code sessions.csv}: the builds that measured into this folder ({@link RunSessions}). */
    public Path sessions() {
        return dir.resolve(SESSIONS);
    }

    /** Where session {@code session} moved the files of the scenario runs it found interrupted. */
    public Path partial(int session) {
        return dir.resolve(PARTIAL).resolve("s" + session);
    }

    /** Where session {@code session} kept the journal's torn last line, {@code partial/s<n>/scenario-runs.tail}. */
    public Path journalTail(int session) {
        return partial(session).resolve(SCENARIO_RUNS.replace(".csv", ".tail"));
    }

    public Path cpu() {
        return dir.resolve(CPU);
    }

    public Path gc() {
        return dir.resolve(GC);
    }

    public Path serverCpu() {
        return dir.resolve(SERVER_CPU);
    }

    public Path points() {
        return dir.resolve(POINTS);
    }

    public Path summaryCsv() {
        return dir.resolve(SUMMARY_CSV);
    }

    public Path summaryMd() {
        return dir.resolve(SUMMARY_MD);
    }

    public Path runJson() {
        return dir.resolve(RUN_JSON);
    }

    public Path junit() {
        return dir.resolve(JUNIT);
    }

    /** A path inside the run folder as the run's own files link to it: relative, with forward slashes. */
    public String relative(Path inside) {
        return dir.relativize(inside.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }
}
