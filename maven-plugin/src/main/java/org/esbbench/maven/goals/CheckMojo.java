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
import java.util.Set;
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

    @Override
    protected void doExecute() throws MojoExecutionException, MojoFailureException {
        BuildLog log = new BuildLog(this::info, this::warn);
        String resume = parameter("resume");
        boolean resumes = !resume.isBlank();
        // Read before anything else, as the new run's parameters are (a bad profile fails first).
        TargetProfile profile = resumes ? null : targetProfile();
        try {
            RunChecks.Run run = resumes
                    ? ResumedRun.check(root(), resume, ExplicitParameters.of(session.getUserProperties()),
                            session.getUserProperties().getProperty(RawResults.PARAMETER), log)
                    : NewRun.validate(root(), profile, mergedParameters(), new NewRun.Settings(target(), suiteVersion,
                            parameter("jmeter.version"), camelVersion, artemisVersion, flag("dashboards"), parameter("dashboardHeap"),
                            ExplicitParameters.of(session.getUserProperties())), log);
            new RunChecks(root(), workDir.toPath(), flag("dashboards"), freeSpace, log).check(run,
                    session.getGoals().stream().anyMatch(RUN_PHASES::contains), currentRunPointer());
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException(e.getMessage(), e);
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
