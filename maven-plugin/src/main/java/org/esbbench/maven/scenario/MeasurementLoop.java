package org.esbbench.maven.scenario;

import org.esbbench.maven.engines.EngineFleet;
import org.esbbench.maven.management.FullGc;
import org.esbbench.maven.management.JmxOptions;
import org.esbbench.maven.management.ManagementAgentFlags;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.servers.TargetDeath;
import org.esbbench.maven.servers.TargetWatch;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.esbbench.report.points.Point;
import org.esbbench.report.run.RawResults;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.run.RunProgress;
import org.esbbench.report.folder.ScenarioRunJournal;

/**
 * The run goal's loop over the scenario runs still to measure, in plan order, and its state across them: the
 * delay and heap the backend and the server run with now (a restart when the next point needs others), how many
 * scenario runs started and failed. After each scenario run: its line in the journal ({@code scenario-runs.csv}),
 * its results kept as -DkeepResults says, a full GC asked of the server. A dead server or backend ends the loop;
 * the scenario runs it did not get to are recorded as not measured.
 */
public final class MeasurementLoop {
    private final MeasuredRun run;
    private final List<RunParametersFile.ScenarioRun> pending;
    private final ProgressLine progress;
    private final ScenarioRunner runner;
    private final TargetRestarts restarts;
    private final TargetWatch targets;
    private final Optional<EngineFleet> fleet;
    private final RawResults raw;
    private final Optional<String> agent;
    private final JmxOptions jmxOptions;
    private final BuildLog log;

    /**
     * The delay and the setting (heap, server cores) the backend and the server were last started with ("" when
     * neither is varied).
     */
    private long currentDelay;
    private String currentSetting;
    private int index;
    private int failed;

    public MeasurementLoop(MeasuredRun run, RunProgress done, ScenarioRunner runner, TargetRestarts restarts,
                           TargetWatch targets, Optional<EngineFleet> fleet, RawResults raw, BuildLog log)
            throws InvalidRunException {
        this.run = run;
        this.pending = done.pending();
        this.progress = new ProgressLine(run.plan(), done.count(RunProgress.State.COMPLETE),
                pending.stream().map(r -> TargetRestarts.serverSetting(r.point())).toList(), System.nanoTime());
        this.runner = runner;
        this.restarts = restarts;
        this.targets = targets;
        this.fleet = fleet;
        this.raw = raw;
        this.agent = run.profile().managementAgent()
                .map(a -> ManagementAgentFlags.serviceUrl(a.getHostString(), a.getPort()));
        this.jmxOptions = run.profile().jmxOptions();
        this.log = log;
        // The backend and the server were started at the first pending point's delay and heap ("" when the heap is
        // not varied: then no point ever asks for another one).
        this.currentDelay = pending.get(0).point().delayMs();
        this.currentSetting = TargetRestarts.serverSetting(pending.get(0).point());
    }

    /** Measures every pending scenario run, until a dead server or backend stops the loop. */
    public void run() throws IOException, InterruptedException, InvalidRunException {
        RunLayout layout = run.layout();
        for (RunParametersFile.ScenarioRun next : pending) {
            Optional<String> dead = targets.death();
            if (dead.isPresent()) {
                // A dead server or backend: no point is started against it (TargetWatch says why not restarted).
                TargetDeath.skipRest(layout, pending, pending.indexOf(next), dead.get(), log::warn);
                failed++;
                break;
            }
            prepareTargets(next.point());
            measure(next);
            Optional<String> deadAfter = targets.death();
            if (deadAfter.isPresent()) {
                TargetDeath.skipRest(layout, pending, pending.indexOf(next) + 1, deadAfter.get(), log::warn);
                break;
            }
            agent.ifPresent(a -> FullGc.afterScenarioRun(a, jmxOptions, log));
        }
        if (restarts.restartsServer() && targets.death().isEmpty()) {
            // The server warm and its load over: what it costs doing nothing, for the CPU per message net of it.
            org.esbbench.maven.cores.ServerIdleProbe.measure(layout, run.registry().running("server")
                    .flatMap(p -> ProcessHandle.of(p.pid())), log);
        }
        if (failed > 0) {
            // The analysis still runs on what was recorded (verify phase); the journal names what went wrong.
            log.warn(failed + " scenario run(s) failed: see " + layout.scenarioRuns());
        }
    }

    /** The server at the point's heap and server cores, the backend at its delay, the local engines fresh. */
    private void prepareTargets(Point point) throws IOException, InvalidRunException {
        String setting = TargetRestarts.serverSetting(point);
        if (!setting.equals(currentSetting) && restarts.restartsServer()) {
            restarts.restartServer(point);
            currentSetting = setting;
        }
        if (point.delayMs() != currentDelay && restarts.restartsBackend()) {
            restarts.restartBackend(point.delayMs());
            currentDelay = point.delayMs();
        }
        if (fleet.isPresent()) {
            fleet.get().restartLocal(false, run.registry(), run.restarted());
        }
    }

    /** One scenario run, its journal line and its results kept or dropped. */
    private void measure(RunParametersFile.ScenarioRun next) throws IOException, InterruptedException, InvalidRunException {
        Point point = next.point();
        String name = RunLayout.scenarioRunName(point, next.repeat());
        long began = System.nanoTime();
        long startedAt = System.currentTimeMillis();
        ScenarioRunner.Outcome outcome = runner.run(point, next.repeat(), index++, progress);
        progress.runEnded((System.nanoTime() - began) / 1e9);
        ScenarioRunJournal.append(run.layout().scenarioRuns(), new ScenarioRunJournal.Entry(name, startedAt,
                System.currentTimeMillis(), Optional.ofNullable(outcome.exitCode()), outcome.problem()));
        raw.afterScenarioRun(name);
        if (!outcome.problem().isEmpty()) {
            failed++;
            log.warn(outcome.problem());
        }
    }
}
