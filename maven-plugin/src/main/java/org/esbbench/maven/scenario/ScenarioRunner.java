package org.esbbench.maven.scenario;

import org.esbbench.maven.cores.RunCpus;
import org.esbbench.maven.parameters.RunnablePlan;
import org.esbbench.maven.engines.EngineFleet;
import org.esbbench.maven.engines.EngineWatch;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.plans.PlanContract;
import org.esbbench.maven.plans.PlanReport;
import org.esbbench.maven.processes.BuildShutdown;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.StopOnExit;
import org.esbbench.maven.profiles.ProfileWindow;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.servers.TargetDeath;
import org.esbbench.maven.servers.TargetWatch;
import org.esbbench.maven.targets.PerfMonTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.points.Point;
import org.esbbench.report.folder.EnginesFile;
import org.esbbench.report.run.RawResults;
import org.esbbench.report.folder.RunLayout;

/**
 * One scenario run: the plan contract checked again, the JMeter command (local, or a client driving the
 * engines of -Dgenerators), the JMeter process supervised ({@link JMeterSupervisor}) and stopped if it outlives its
 * windows by far or an engine, the server or the backend is lost, and how it ended ({@link Outcome}).
 */
public final class ScenarioRunner {

    /** The run goal's settings for each JMeter: its heap, the progress interval, a PerfMon agent given to the build. */
    public record Settings(int jmeterHeapMb, Duration progressInterval, String perfmonHost, int perfmonPort) {
    }

    /** How one scenario run ended: JMeter's exit code (null when it was stopped or never ran) and the problem or "". */
    public record Outcome(Integer exitCode, String problem) {
    }

    private record PerfMonAddress(String host, int port) {
    }

    private final MeasuredRun run;
    private final JMeterInstallation jmeter;
    private final Optional<EngineFleet> fleet;
    private final RawResults raw;
    private final TargetWatch targets;
    private final Settings settings;
    private final BuildLog log;
    /** JVM flags of this runner's local JMeters, before the launcher's (none but a capacity search's probes). */
    private final List<String> jvmFlags;

    public ScenarioRunner(MeasuredRun run, JMeterInstallation jmeter, Optional<EngineFleet> fleet, RawResults raw,
                          TargetWatch targets, Settings settings, BuildLog log) {
        this(run, jmeter, fleet, raw, targets, settings, log, List.of());
    }

    private ScenarioRunner(MeasuredRun run, JMeterInstallation jmeter, Optional<EngineFleet> fleet, RawResults raw,
                           TargetWatch targets, Settings settings, BuildLog log, List<String> jvmFlags) {
        this.jvmFlags = List.copyOf(jvmFlags);
        this.run = run;
        this.jmeter = jmeter;
        this.fleet = fleet;
        this.raw = raw;
        this.targets = targets;
        this.settings = settings;
        this.log = log;
    }

    /** The same runner for another run of the same build: a capacity search's probes, with windows of their own. */
    public ScenarioRunner with(MeasuredRun other) {
        return new ScenarioRunner(other, jmeter, fleet, raw, targets, settings, log, jvmFlags);
    }

    /** The same runner whose local JMeters start with {@code flags} among their JVM's own. */
    public ScenarioRunner withJvmFlags(List<String> flags) {
        return new ScenarioRunner(run, jmeter, fleet, raw, targets, settings, log, flags);
    }

    /** Runs {@code point} once, as the {@code index}th scenario run of this session. */
    public Outcome run(Point point, int repeat, int index, ProgressLine progress)
            throws IOException, InterruptedException, InvalidRunException {
        return run(point, RunLayout.scenarioRunName(point, repeat), label(point, repeat), index, progress);
    }

    /**
     * Runs {@code point} once with its files named {@code name}: a capacity search's warm-up, probes and confirmation
     * windows, which the search names.
     */
    public Outcome run(Point point, String name, String label, int index, ProgressLine progress)
            throws IOException, InterruptedException, InvalidRunException {
        RunLayout layout = run.layout();
        Path jtl = layout.jtl(name);
        Path log = layout.jmeterLog(name);
        Files.deleteIfExists(jtl);
        RunnablePlan runnable = run.plan().plan(point.scenario());
        // The plan may have been saved from the GUI since check (or made by the build): its contract again, now.
        PlanReport contract = new PlanContract(PlanProperties.NAMES).check(runnable.file());
        if (!contract.passes()) {
            return new Outcome(null, label + ": plan contract violated, not run: " + String.join("; ", contract.violations()));
        }
        PerfMonAddress perfmon = perfmonAddress();
        Map<String, String> properties = PlanProperties.of(run.plan(), run.profile(), runnable, point,
                PlanProperties.Files.of(run.root(), layout.perfmon(name), perfmon.host(), perfmon.port()));
        List<String> cmd = JMeterCommand.of(jmeter, settings.jmeterHeapMb(), jvmFlags, runnable.file(), properties, jtl, log,
                run.root().resolve(JMeterCommand.RUN_INIT_SCRIPT), run.plan().loadSeconds());
        Path workDir = jmeter.home().resolve("bin");
        EnginesFile engines = fleet.isEmpty() ? null : fleet.get().recorded();
        int stopPort = 0;
        if (fleet.isPresent()) {
            stopPort = EngineFleet.freeUdpPort();
            cmd = fleet.get().clientCommand(engines, runnable.file(), properties, jtl, log, stopPort);
            workDir = fleet.get().rmiDir();
        }
        EngineWatch watch = fleet.isEmpty() ? null
                : fleet.get().watch(engines, run.registry(), layout.jmeterOutput(name));
        this.log.info("starting " + label + (fleet.isEmpty() ? "" : " on " + engines.engines().size()
                + " engine(s), users/rate " + PlanProperties.forEngines(properties, EngineFleet.addresses(engines))
                .get("esbbench.share." + (point.isOpen() ? "rate" : "users"))));
        long grace = 120 + run.plan().settings().responseTimeoutMs() / 1000;
        ManagedProcess process;
        // The guard first: in a build that is being stopped (SIGTERM) its hook cannot be added any more, and this
        // throws before a JMeter starts that nothing would stop.
        try (StopOnExit guard = new StopOnExit(run.registry(), "run-jmeter")) {
            process = ManagedProcess.start("jmeter-" + name, RunCpus.of(layout).harness(cmd), workDir,
                    layout.jmeterOutput(name));
            guard.add(process);
            run.registry().register(process);
            // -Dprofile: the server profiled around this scenario run's measurement window, stopped when it ends.
            Optional<ProfileWindow> profile = ProfileWindow.open(layout, name, run.registry(),
                    run.plan().warmupSeconds(), run.plan().measurementSeconds(), fleet.isPresent(), this.log);
            try {
                boolean ended = new JMeterSupervisor(progress, settings.progressInterval(), targets, this.log)
                        .awaitEnd(process, Duration.ofSeconds(run.plan().loadSeconds() + grace),
                                // an open-model JMeter waits for its last replies up to the response timeout
                                Duration.ofSeconds(run.plan().loadSeconds() + (point.isOpen()
                                        ? run.plan().settings().responseTimeoutMs() / 1000 : 0)),
                                label, index, jtl, watch);
                if (!ended && watch != null && watch.failed()) {
                    // An engine was lost: stop this point, keep its samples aside, the run goes on.
                    Optional<Path> partial = fleet.get().abort(process, stopPort, jtl).map(p -> raw.partial(name, p));
                    run.registry().markStopped(process);
                    fleet.get().restartLocal(true, run.registry(), run.restarted());
                    return new Outcome(null, label + ": " + watch.problem() + "; the point was stopped"
                            + partial.map(p -> " (its samples: " + layout.relative(p) + ")").orElse(""));
                }
                Optional<String> dead = ended ? Optional.empty() : targets.death();
                if (dead.isPresent()) {
                    process.stop(Duration.ofSeconds(10));
                    return new Outcome(null, TargetDeath.during(dead.get(), name, label));
                }
                if (!ended) {
                    process.stop(Duration.ofSeconds(10));
                    return new Outcome(null, label + ": JMeter did not end within its windows plus " + grace
                            + " s and was stopped (log " + log + ")");
                }
            } finally {
                profile.ifPresent(ProfileWindow::close);
                if (process.isAlive()) {
                    process.stop(Duration.ofSeconds(10));
                }
                run.registry().markStopped(process);
            }
        }
        return ended(process.exitCode(), label, jtl, log);
    }

    /** The outcome of a JMeter that ended by itself: its results written and its exit code 0, or what went wrong. */
    private static Outcome ended(Integer exit, String label, Path jtl, Path log) {
        if (!Files.exists(jtl)) {
            return new Outcome(exit, label + ": JMeter wrote no results (exit " + exit + "; log " + log + ")");
        }
        if (exit != null && exit != 0) {
            return new Outcome(exit, label + ": JMeter exited with " + exit + (exit > 128 && exit < 160
                    ? " (" + ManagedProcess.describeExit(exit) + ")" : "") + (BuildShutdown.inProgress()
                    ? ": the build was interrupted and its shutdown hook stopped it" : "") + " (log " + log + ")");
        }
        return new Outcome(exit, "");
    }

    private String label(Point point, int repeat) {
        return String.format(Locale.ROOT, "%s, %s, %s, delay %d ms%s, repeat %d of %d", point.scenario(),
                point.isOpen() ? point.rate() + " arrivals/s" : point.users() + " users",
                Point.sizeLabel(point.sizeBytes()), point.delayMs(),
                (point.heap().isEmpty() ? "" : ", heap " + point.heap())
                        + (point.serverCores() == 0 ? "" : ", " + point.serverCoresLabel()), repeat, run.plan().repeats());
    }

    /** The agent the plans' collector reads: -DperfmonHost if given, else the target profile's perfmon key. */
    private PerfMonAddress perfmonAddress() throws InvalidRunException {
        if (settings.perfmonHost() != null && !settings.perfmonHost().isBlank()) {
            return new PerfMonAddress(settings.perfmonHost().trim(), settings.perfmonPort());
        }
        return PerfMonTarget.of(run.profile()).map(t -> new PerfMonAddress(t.host(), t.port()))
                .orElse(new PerfMonAddress("", settings.perfmonPort()));
    }
}
