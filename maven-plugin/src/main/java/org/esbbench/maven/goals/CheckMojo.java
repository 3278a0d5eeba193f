package org.esbbench.maven.goals;

import org.esbbench.maven.checks.DiskEstimate;
import org.esbbench.maven.checks.NewRun;
import org.esbbench.maven.checks.ResumedRun;
import org.esbbench.maven.checks.RunChecks;
import org.esbbench.maven.parameters.ExplicitParameters;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.run.RunSizesFile;
import org.esbbench.maven.targets.TargetProfile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.esbbench.maven.checks.DiskEstimate;
import org.esbbench.maven.parameters.ParameterCatalogue;
import org.esbbench.maven.rounds.RoundCheck;
import org.esbbench.maven.servers.ChainWarmup;
import org.esbbench.maven.rounds.RoundPointer;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.round.RoundRecord;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.esbbench.report.run.RawResults;

/**
 * First goal of a run, in the validate phase: checks every parameter, the target profile, the payload
 * size and the ports the run will bind, so that bad input fails in seconds, before anything is built or
 * started. Then it names the run, creates its results folder and writes the run parameters ({@code run-parameters.json}) every
 * later goal reads, and points the build's {@code current-run} at the folder.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VALIDATE, threadSafe = true)
public class CheckMojo extends RunParametersMojo {

    /** Build phases from which on the suite's run takes place. */
    private static final Set<String> RUN_PHASES = Set.of("integration-test", "post-integration-test", "verify",
            "install", "deploy");

    /** Version of this suite, which is also the bundled reference server's. */
    @Parameter(defaultValue = "${project.version}", readonly = true)
    String suiteVersion;

    @Parameter(defaultValue = "${camel.version}", readonly = true)
    String camelVersion;

    @Parameter(defaultValue = "${artemis.version}", readonly = true)
    String artemisVersion;

    /** Where check reads the free disk from ({@link DiskEstimate}); a test gives a small one. */
    DiskEstimate.FreeSpace freeSpace = DiskEstimate.FreeSpace.FILE_STORE;

    /** Check also checks a round (-Dtargets), which skips the run's other goals. */
    @Override
    Optional<String> skipReason() {
        return switchedOff();
    }

    @Override
    protected void doExecute() throws MojoExecutionException, MojoFailureException {
        BuildLog log = new BuildLog(this::info, this::warn);
        if (roundBuild()) {
            checkRound(log);
            return;
        }
        if (!roundStep()) {
            // A build that is no round leaves no round of an earlier build for anyone to find.
            try {
                new RoundPointer(workDir.toPath()).forget();
            } catch (IOException e) {
                throw new MojoExecutionException(e.getMessage(), e);
            }
        }
        String resume = parameter("resume");
        boolean resumes = !resume.isBlank();
        // Read before anything else, as the new run's parameters are (a bad profile fails first).
        TargetProfile profile = resumes ? null : targetProfile();
        try {
            RunChecks.Run run = resumes
                    ? ResumedRun.check(root(), resume, ExplicitParameters.of(userProperties()),
                            userProperties().getProperty(RawResults.PARAMETER), log)
                    : NewRun.validate(root(), profile, mergedParameters(), new NewRun.Settings(target(), suiteVersion,
                            parameter("jmeter.version"), camelVersion, artemisVersion, flag("dashboards"), parameter("dashboardHeap"),
                            ExplicitParameters.of(userProperties())), log);
            new RunChecks(root(), workDir.toPath(), flag("dashboards"), freeSpace, log).check(run,
                    session.getGoals().stream().anyMatch(RUN_PHASES::contains), currentRunPointer());
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /**
     * A round (-Dtargets, or -Dresume of one): every target's run checked as a run of its own, the round's length and
     * disk, then its folder (RoundCheck); the payload sizes for the build's payload generation, which every target
     * run shares.
     */
    private void checkRound(BuildLog log) throws MojoExecutionException, MojoFailureException {
        boolean measures = session.getGoals().stream().anyMatch(RUN_PHASES::contains);
        RoundPointer pointer = new RoundPointer(workDir.toPath());
        RoundCheck round = new RoundCheck(root(), log);
        try {
            if (RoundCheck.namesRound(parameter("resume"))) {
                Path dir = round.resume(parameter("resume"), measures, pointer);
                RoundRecord record = RoundRecord.read(dir == null ? roundFolder() : dir);
                requireSameMeasurement(record);
                for (String target : record.targets()) {
                    checkTarget(record.parameters(), target, record.served().get(target), log);
                }
                return;
            }
            if (!parameter("resume").isBlank()) {
                throw new InvalidRunException("-Dresume=" + parameter("resume") + " with -Dtargets: a stopped round"
                        + " resumes with -Dresume=round-<id> alone; a run of one target with -Dresume and no -Dtargets");
            }
            if (session.getUserProperties().containsKey("target")) {
                throw new InvalidRunException("-Dtarget=" + session.getUserProperties().getProperty("target")
                        + " with -Dtargets: a round names all its targets in -Dtargets");
            }
            if (!parameter("plans").isBlank()) {
                throw new InvalidRunException("-Dplans in a round (-Dtargets): a round measures the standard"
                        + " scenarios on every target; run a plan of your own against one target with -Dtarget");
            }
            Map<String, String> shared = roundParameters();
            round.newRound(parameter("targets"), number("iterations"), parameter("scenarios"), shared,
                    (target, scenarios) -> checkTarget(shared, target, scenarios, log), freeSpace, measures, pointer);
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    /**
     * A resumed round measures as it began: a -D that would change what its target runs measure (users, windows, ...)
     * and differs from the round's own is refused, as for a resumed run.
     */
    private void requireSameMeasurement(RoundRecord record) throws InvalidRunException {
        java.util.Properties given = session.getUserProperties();
        for (var p : ParameterCatalogue.STANDARD.all()) {
            if (p.is(org.esbbench.maven.parameters.RunParameter.Trait.RESUME_MATCHES) && given.containsKey(p.name())
                    && !TargetRunGoals.PER_TARGET_RUN.contains(p.name())
                    && !given.getProperty(p.name()).equals(record.parameters().get(p.name()))) {
                throw new InvalidRunException("-D" + p.name() + "=" + given.getProperty(p.name()) + ": a resumed round"
                        + " measures with its own parameters (" + p.name() + " "
                        + record.parameters().getOrDefault(p.name(), "not given") + " in round " + record.id()
                        + "); leave it out, or start a new round");
            }
        }
    }

    /** The round folder -Dresume names, for a build that only checks. */
    private Path roundFolder() {
        String v = parameter("resume").strip();
        return v.contains("/") ? Path.of(v) : root().resolve(RunLayout.RESULTS).resolve(v);
    }

    /**
     * The parameters every target run of the round shares: those given with -D (a profile's properties, as -Psmoke's,
     * the POM gives each target run again), without the round's own and what differs per target run.
     */
    private Map<String, String> roundParameters() {
        Map<String, String> shared = new TreeMap<>();
        java.util.Properties given = session.getUserProperties();
        for (var p : ParameterCatalogue.STANDARD.all()) {
            if (given.containsKey(p.name()) && !TargetRunGoals.PER_TARGET_RUN.contains(p.name())) {
                shared.put(p.name(), given.getProperty(p.name()));
            }
        }
        return shared;
    }

    /** One target's run, checked as check checks a new run, nothing written but the payload sizes. */
    private RoundCheck.Estimate checkTarget(Map<String, String> shared, String target, List<String> scenarios,
                                            BuildLog log) throws InvalidRunException {
        CheckMojo step = new CheckMojo();
        step.asStepOf(this, TargetRunGoals.overrides(shared, target, scenarios, null));
        step.suiteVersion = suiteVersion;
        step.camelVersion = camelVersion;
        step.artemisVersion = artemisVersion;
        try {
            NewRun run = NewRun.validate(root(), step.targetProfile(), step.mergedParameters(), new NewRun.Settings(target,
                    suiteVersion, step.parameter("jmeter.version"), camelVersion, artemisVersion, step.flag("dashboards"),
                    step.parameter("dashboardHeap"), ExplicitParameters.of(step.userProperties())), log);
            RunSizesFile.write(workDir.toPath(), run.plan());
            // The chain's warm-up before the first point and after each server restart counts as load too.
            long chain = ChainWarmup.length(step.parameter("chainWarmup"), run.plan().warmupSeconds())
                    .toSeconds() * (1 + run.plan().serverRestarts());
            long load = org.esbbench.maven.capacity.CapacityPlan.estimatedSeconds(step.mergedParameters().values(), run.plan())
                    .orElse(run.plan().estimatedSeconds());
            return new RoundCheck.Estimate(load + chain, run.plan().scenarioRuns(),
                    DiskEstimate.of(run.toMeasure(), run.plan().loadSeconds(), step.flag("dashboards"), run.keep()),
                    run.servers().startsServer());
        } catch (MojoFailureException e) {
            throw new InvalidRunException(e.getMessage());
        } catch (IOException e) {
            throw new InvalidRunException("cannot write the run's payload sizes: " + e.getMessage());
        }
    }

    /** A skipped check leaves no payload sizes of an earlier build for the payload generation. */
    @Override
    protected void skipped() throws MojoExecutionException {
        try {
            RunSizesFile.forget(workDir.toPath());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot remove " + workDir + "/" + RunSizesFile.NAME + ": " + e.getMessage(), e);
        }
    }
}
