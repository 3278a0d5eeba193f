package org.esbbench.maven.capacity;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.scenario.MeasuredRun;
import org.esbbench.maven.scenario.ScenarioRunner;
import org.esbbench.maven.scenario.TargetRestarts;
import org.esbbench.maven.servers.TargetWatch;
import org.esbbench.report.capacity.CapacitySettings;
import org.esbbench.report.capacity.SearchRow;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.points.Point;
import org.esbbench.report.run.AnalysisOptions;
import org.esbbench.report.run.RawResults;

/**
 * The run goal's loop with {@code -Dcapacity}: one search per point of the plan (scenario × size × delay × heap ×
 * server cores; the plan's rate is a placeholder), in plan order, the server restarted only for another heap or count
 * of server cores and the backend for another delay, as in a measured run. A search already in {@code
 * capacity/capacity.csv} (a resumed run) is not searched again; one cut short goes on from its last probe. A dead
 * server or backend, or a probe that could not run, ends the loop: what was recorded stays for {@code -Dresume}.
 */
public final class CapacityLoop {
    private final MeasuredRun run;
    private final PointSearch search;
    private final TargetRestarts restarts;
    private final TargetWatch targets;
    private final BuildLog log;

    /**
     * @param runner   runs each warm-up, probe and confirmation window as a scenario run of its own
     * @param options  the analysis options a probe is judged with, as the verify phase's analysis would use them
     * @param settings the objective and the search's settings, as check recorded them
     */
    public CapacityLoop(MeasuredRun run, ScenarioRunner runner, RunParametersFile plan, AnalysisOptions options,
                        CapacitySettings settings, RawResults raw, TargetRestarts restarts, TargetWatch targets,
                        BuildLog log) throws IOException {
        this.run = run;
        this.search = new PointSearch(run, runner, new ProbeAnalysis(run.layout(), plan, options, log::info), settings,
                raw, log);
        this.restarts = restarts;
        this.targets = targets;
        this.log = log;
    }

    /**
     * Searches every point not yet searched.
     *
     * @return the problems that ended it early (empty when every search ended)
     */
    public List<String> run() throws IOException, InterruptedException, InvalidRunException {
        Set<String> done = SearchRow.read(run.layout().capacity().resolve(SearchRow.FILE)).stream()
                .map(SearchRow::key).collect(Collectors.toSet());
        List<Point> points = run.plan().points();
        String setting = TargetRestarts.serverSetting(points.get(0));
        long delay = points.get(0).delayMs();
        int searched = 0;
        for (Point point : points) {
            String key = SearchRow.key(point);
            if (done.contains(key)) {
                log.info("capacity: " + key + " was searched in an earlier session (capacity/" + SearchRow.FILE + ")");
                continue;
            }
            Optional<String> dead = targets.death();
            if (dead.isPresent()) {
                return List.of("capacity: " + key + " not searched: " + dead.get());
            }
            if (!TargetRestarts.serverSetting(point).equals(setting) && restarts.restartsServer()) {
                restarts.restartServer(point);
                setting = TargetRestarts.serverSetting(point);
            }
            if (point.delayMs() != delay && restarts.restartsBackend()) {
                restarts.restartBackend(point.delayMs());
                delay = point.delayMs();
            }
            try {
                search.search(point);
                searched++;
            } catch (SearchFailedException e) {
                return List.of("capacity: " + key + ": the search stopped: " + e.getMessage() + "; its probes so far are"
                        + " in capacity/ (go on with -Dresume=" + run.layout().runId() + ")");
            }
        }
        log.info("capacity: " + searched + " search(es) this session; results in "
                + run.layout().relative(run.layout().capacity()));
        return List.of();
    }
}
