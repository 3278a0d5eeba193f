package org.esbbench.maven.rounds;

import org.esbbench.maven.run.BuildLog;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundRecord.TargetRun;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Runs a round's target runs in their order, from the first unfinished one (all of them for a new round): each is an
 * ordinary run of the suite (its own run folder, its server started afresh on its own cores and stopped before the
 * next target starts), recorded in round.json as it starts and ends so that a round stopped midway resumes at the
 * target run it stopped in. A target run that fails is recorded and the round goes on; the report is written at the
 * end, and the round fails then, naming the failed runs.
 */
public final class RoundRunner {

    /** One target run's steps, as the goals of a run do them. */
    public interface Steps {
        /**
         * The target run's check: a new run folder, or the interrupted one resumed.
         *
         * @param resume the run folder of this target run when an earlier build started it, else null
         * @return the run's id (its folder under results/)
         */
        String check(TargetRun run, String resume) throws StepFailure;

        /** Start, run and stop (stop also when start or run failed), then the analysis. */
        void measure(TargetRun run) throws StepFailure;
    }

    /** Writes the round's report from its folder. */
    public interface Report {
        void write(Path roundDir) throws IOException;
    }

    /** A step of a target run failed: the run is recorded failed, with this message. */
    public static final class StepFailure extends Exception {
        public StepFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The build was stopped (Ctrl-C, SIGTERM) in the middle of a target run: the round stops there, resumable. */
    public static final class Stopped extends Exception {
        Stopped(String message) {
            super(message);
        }
    }

    private final Path dir;
    private final Steps steps;
    private final Report report;
    private final BuildLog log;
    private final BooleanSupplier stopping;

    /** @param stopping whether the build is being stopped, when a step ends (BuildShutdown) */
    public RoundRunner(Path dir, Steps steps, Report report, BuildLog log, BooleanSupplier stopping) {
        this.dir = dir;
        this.steps = steps;
        this.report = report;
        this.log = log;
        this.stopping = stopping;
    }

    /**
     * @return the failed target runs, as "iteration 2, synapse: why"
     * @throws Stopped when the build is stopped during a target run: that run stays unfinished in round.json (not
     *                 failed), so that -Dresume goes on with it
     */
    public List<String> run() throws IOException, Stopped {
        RoundRecord record = RoundRecord.read(dir);
        int total = record.runs().size();
        for (int i = record.firstUnfinished().orElse(total); i < total; i++) {
            TargetRun run = record.runs().get(i);
            log.info("round " + record.id() + ": target run " + (i + 1) + " of " + total + ", " + run.label()
                    + " (scenarios " + String.join(",", run.scenarios()) + ")");
            String runId;
            try {
                runId = steps.check(run, run.runId());
            } catch (StepFailure e) {
                requireNotStopping(record, run);
                record = record.with(i, run.ended(RoundRecord.State.FAILED, "check: " + e.getMessage()));
                record.write(dir);
                log.warn("round " + record.id() + ": " + run.label() + " failed its check: " + e.getMessage());
                continue;
            }
            run = run.started(runId);
            record = record.with(i, run);
            record.write(dir);
            try {
                steps.measure(run);
                record = record.with(i, run.ended(RoundRecord.State.DONE, null));
            } catch (StepFailure e) {
                requireNotStopping(record, run);
                record = record.with(i, run.ended(RoundRecord.State.FAILED, e.getMessage()));
                log.warn("round " + record.id() + ": " + run.label() + " (run " + runId + ") failed: " + e.getMessage());
            }
            record.write(dir);
        }
        report.write(dir);
        List<String> failed = new ArrayList<>();
        for (TargetRun r : record.runs()) {
            if (r.state() == RoundRecord.State.FAILED) {
                failed.add(r.label() + (r.runId() == null ? "" : " (run " + r.runId() + ")") + ": " + r.failure());
            }
        }
        return failed;
    }

    /** A step that failed because the build is being stopped is no failure of the target run: the round stops. */
    private void requireNotStopping(RoundRecord record, TargetRun run) throws Stopped {
        if (stopping.getAsBoolean()) {
            throw new Stopped("the build is being stopped during " + run.label() + (run.runId() == null ? ""
                    : " (run " + run.runId() + ")") + ": resume the round with -Dresume=" + RoundRecord.PREFIX + record.id());
        }
    }
}
