package org.esbbench.maven.checks;

import org.esbbench.maven.engines.Engines;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.run.CurrentRun;
import org.esbbench.maven.run.CurrentRunPointer;
import org.esbbench.maven.servers.TargetServers;
import org.esbbench.maven.targets.TargetProfile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.esbbench.report.points.Point;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.run.RawResults;

/**
 * {@code -Dresume}: the stored plan instead of the build's parameters, checked against what the build gives
 * explicitly ({@link ResumeCheck}); in a build that measures, the folder is prepared for the new session and
 * becomes the build's current run.
 */
public final class ResumedRun implements RunChecks.Run {
    private final ResumeCheck check;
    private final ResumeCheck.Resumed resumed;
    private final Map<String, String> explicit;
    private final String keepResults;
    private final RunParameters plan;
    private final TargetProfile profile;
    private final TargetServers servers;
    private final BuildLog log;

    private ResumedRun(ResumeCheck check, ResumeCheck.Resumed resumed, Map<String, String> explicit,
                       String keepResults, RunParameters plan, TargetProfile profile, TargetServers servers,
                       BuildLog log) {
        this.check = check;
        this.resumed = resumed;
        this.explicit = explicit;
        this.keepResults = keepResults;
        this.plan = plan;
        this.profile = profile;
        this.servers = servers;
        this.log = log;
    }

    /**
     * @param explicit    the parameters the build gives explicitly, which must not change the run's measurement
     * @param keepResults the build's -DkeepResults, or null: not a measurement parameter, a resumed run may keep
     *                    its results otherwise than planned
     */
    public static ResumedRun check(Path root, String resume, Map<String, String> explicit, String keepResults,
                                   BuildLog log) throws InvalidRunException {
        ResumeCheck check = new ResumeCheck(root, log::info);
        ResumeCheck.Resumed resumed = check.check(resume.strip(), explicit);
        CurrentRun current = new CurrentRun(resumed.layout(), resumed.planFile(), root);
        RunParameters plan = current.plan();
        // Criteria or a baseline given to the resuming build judge the whole run: checked before its load, as a new
        // run's are.
        RunTolerances.validateGate(explicit, plan.planIds(), root.resolve(RunLayout.RESULTS), log::info);
        TargetProfile profile = current.profile();
        TargetServers servers = new TargetServers(root, null, profile, Duration.ZERO, log::info);
        PayloadSizes.require(plan);
        return new ResumedRun(check, resumed, explicit, keepResults, plan, profile, servers, log);
    }

    @Override
    public RunParameters plan() {
        return plan;
    }

    @Override
    public TargetProfile profile() {
        return profile;
    }

    @Override
    public TargetServers servers() {
        return servers;
    }

    @Override
    public void describe() {
        log.info(ResumeCheck.describe(resumed, plan.loadSeconds()));
    }

    @Override
    public List<Point> toMeasure() {
        return resumed.progress().pending().stream().map(r -> r.point()).toList();
    }

    @Override
    public KeepResults keep() throws InvalidRunException {
        try {
            return RawResults.choice(keepResults, resumed.layout());
        } catch (IllegalArgumentException | IOException e) {
            throw new InvalidRunException(e.getMessage());
        }
    }

    @Override
    public String what() {
        return "resume";
    }

    @Override
    public boolean startsProcesses() {
        return !resumed.progress().pending().isEmpty();
    }

    @Override
    public Engines generators() throws InvalidRunException {
        return Engines.parse(resumed.planFile().parameters());
    }

    @Override
    public void prepare(CurrentRunPointer pointer) throws IOException {
        try {
            check.prepare(resumed, ResumeCheck.describeExplicit(explicit));
            pointer.point(resumed.layout());
        } catch (IOException e) {
            throw new IOException("cannot prepare run " + resumed.layout().runId() + " for its new session: "
                    + e.getMessage(), e);
        }
    }
}
