package org.esbbench.maven.goals;

import org.esbbench.maven.rounds.RoundRunner;
import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundRecord.TargetRun;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;

/**
 * A round's target run done by the run's own goals, one after the other in the round goal's build: check (a new run
 * folder, or the interrupted one resumed), start, run, stop (also when start or run failed) and analyze, each with
 * the target run's target and scenarios over the round's parameters. So a target run is exactly the run
 * {@code mvn verify -Dtarget=...} makes, folder and all.
 */
final class TargetRunGoals implements RoundRunner.Steps {
    /** What differs per target run, or belongs to the round: never one of the round's shared parameters. */
    static final Set<String> PER_TARGET_RUN = Set.of("target", "scenarios", "scenarioOrder", "targets", "iterations",
            "resume", "run");

    private final RoundMojo round;
    private final RoundRecord record;

    TargetRunGoals(RoundMojo round, RoundRecord record) {
        this.round = round;
        this.record = record;
    }

    /**
     * The parameters of a target run: the round's shared ones, its target and scenarios (in its order), no round; a
     * resumed run only its folder (its parameters are its own recorded ones).
     */
    static Map<String, String> overrides(Map<String, String> shared, String target, List<String> scenarios, String resume) {
        Map<String, String> o = new HashMap<>();
        if (resume == null) {
            o.putAll(shared);
            o.put("target", target);
            o.put("scenarios", String.join(",", scenarios));
            // The rotated order is the run's order, not the catalogue's.
            o.put("scenarioOrder", "given");
            o.put("resume", "");
        } else {
            o.put("resume", resume);
        }
        o.put("targets", "");
        o.put("iterations", "");
        o.put("run", "");
        return o;
    }

    @Override
    public String check(TargetRun run, String resume) throws RoundRunner.StepFailure {
        CheckMojo check = step(new CheckMojo(), run, resume);
        check.suiteVersion = round.suiteVersion;
        check.camelVersion = round.camelVersion;
        check.artemisVersion = round.artemisVersion;
        try {
            check.execute();
            return check.currentRunPointer().current().orElseThrow(() -> new IOException("check made no run folder"))
                    .runId();
        } catch (MojoExecutionException | MojoFailureException | IOException e) {
            throw new RoundRunner.StepFailure(e.getMessage(), e);
        }
    }

    @Override
    public void measure(TargetRun run) throws RoundRunner.StepFailure {
        String failure = null;
        Exception cause = null;
        try {
            StartMojo start = step(new StartMojo(), run, run.runId());
            start.perfmonAgentDir = round.perfmonAgentDir;
            start.execute();
            step(new RunMojo(), run, run.runId()).execute();
        } catch (MojoExecutionException | MojoFailureException e) {
            failure = e.getMessage();
            cause = e;
        } finally {
            try {
                step(new StopMojo(), run, run.runId()).execute();
                requireNothingLeft(run);
            } catch (MojoExecutionException | MojoFailureException | IOException e) {
                failure = failure == null ? "stop: " + e.getMessage() : failure + "; stop: " + e.getMessage();
                cause = cause == null ? e : cause;
            }
        }
        if (failure != null) {
            throw new RoundRunner.StepFailure(failure, cause);
        }
        try {
            step(new AnalyzeMojo(), run, run.runId()).execute();
        } catch (MojoExecutionException | MojoFailureException e) {
            throw new RoundRunner.StepFailure(e.getMessage(), e);
        }
    }

    /** Nothing of one target may run or listen when the next starts: every process of its run stopped. */
    private void requireNothingLeft(TargetRun run) throws IOException {
        RunLayout layout = round.currentRunPointer().current().orElseThrow(() -> new IOException("no current run"));
        List<String> left = ProcessesFile.read(layout.processes()).stream().filter(ProcessesFile.Entry::running)
                .map(ProcessesFile.Entry::name).toList();
        if (!left.isEmpty()) {
            throw new IOException(run.label() + ": still running after its stop: " + String.join(", ", left));
        }
    }

    /** A goal of the run as a step of this target run: the round's build, the target run's parameters. */
    private <T extends EsbBenchMojo> T step(T goal, TargetRun run, String resume) {
        goal.asStepOf(round, overrides(record.parameters(), run.target(), run.scenarios(), resume));
        if (goal instanceof CurrentRunMojo current) {
            current.serverJar = round.serverJar;
            current.backendJar = round.backendJar;
        }
        return goal;
    }
}
