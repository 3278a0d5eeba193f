package org.esbbench.maven.checks;

import org.esbbench.maven.engines.Engines;
import org.esbbench.maven.engines.EnginesCheck;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.run.CurrentRunPointer;
import org.esbbench.maven.run.RunSizesFile;
import org.esbbench.maven.servers.TargetServers;
import org.esbbench.maven.targets.TargetProfile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.esbbench.report.points.Point;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.folder.RunLayout;

/**
 * The one skeleton of the check goal, for a new run ({@link NewRun}) and for one resumed with -Dresume
 * ({@link ResumedRun}): what the run is, said; the disk its scenario runs to measure need; the payload sizes for the
 * payload generation (every build, a resumed one too); then, only in a build that measures, the ports and engines
 * before anything starts, and the run folder prepared as the build's current run. A build that ends before
 * integration-test only checks.
 */
public final class RunChecks {

    /** What differs between a new run and a resumed one. */
    public interface Run {
        RunParameters plan();

        TargetProfile profile();

        TargetServers servers();

        /** What is said first: the parameters, the summary, the estimates the run's kind gives. */
        void describe() throws InvalidRunException;

        /** The scenario runs this build measures, for the disk estimate. */
        List<Point> toMeasure();

        KeepResults keep() throws InvalidRunException;

        /** "parameters" or "resume": what is valid when the build does not measure. */
        String what();

        /** Whether the build starts processes for it (a resumed run with nothing left to measure starts none). */
        boolean startsProcesses();

        Engines generators() throws InvalidRunException;

        /** The run folder made or prepared for its new session, and pointed at as the build's current run. */
        void prepare(CurrentRunPointer pointer) throws IOException, InvalidRunException;
    }

    private final Path root;
    private final Path workDir;
    private final boolean dashboards;
    private final DiskEstimate.FreeSpace freeSpace;
    private final BuildLog log;

    /**
     * @param workDir    the build's own files of the run (the payload sizes, the current-run pointer)
     * @param dashboards whether the analysis will make JMeter's dashboards, for the disk estimate
     */
    public RunChecks(Path root, Path workDir, boolean dashboards, DiskEstimate.FreeSpace freeSpace, BuildLog log) {
        this.root = root;
        this.workDir = workDir;
        this.dashboards = dashboards;
        this.freeSpace = freeSpace;
        this.log = log;
    }

    /**
     * @param measures whether this build goes on to integration-test and measures
     * @throws IOException with the step that failed in its message
     */
    public void check(Run run, boolean measures, CurrentRunPointer pointer) throws InvalidRunException, IOException {
        run.describe();
        log.info(DiskEstimate.check(DiskEstimate.of(run.toMeasure(), run.plan().loadSeconds(), dashboards, run.keep()),
                root.resolve(RunLayout.RESULTS), freeSpace));
        writeRunSizes(run.plan());
        if (!measures) {
            log.info(run.what() + " valid; no run in this build (it ends before integration-test)");
            return;
        }
        if (run.startsProcesses()) {
            ReadyToStart.require(run.plan(), run.profile(), run.servers());
            prepareGenerators(run.generators(), run.profile());
        }
        run.prepare(pointer);
    }

    /** The payload generation (generate-resources) makes the payloads and ws-security pools of the run's sizes. */
    private void writeRunSizes(RunParameters plan) throws IOException {
        try {
            RunSizesFile.write(workDir, plan);
        } catch (IOException e) {
            throw new IOException("cannot write the run's payload sizes: " + e.getMessage(), e);
        }
    }

    /** -Dgenerators: remote engines reachable and the target reachable from them; the RMI keystore made. */
    private void prepareGenerators(Engines generators, TargetProfile profile) throws InvalidRunException, IOException {
        try {
            EnginesCheck.prepare(generators, profile, root, log::info);
        } catch (IOException e) {
            throw new IOException("cannot prepare the JMeter engines' RMI keystore: " + e.getMessage(), e);
        }
    }
}
