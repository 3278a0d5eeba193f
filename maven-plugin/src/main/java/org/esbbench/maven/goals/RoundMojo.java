package org.esbbench.maven.goals;

import org.esbbench.maven.processes.BuildShutdown;
import org.esbbench.maven.rounds.RoundPointer;
import org.esbbench.maven.rounds.RoundRunner;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.roundreport.RoundReport;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * A round (-Dtargets=reference,nginx -Diterations=3), in the integration-test phase: the round check made runs, target
 * run after target run, each one the run's own goals would make for that target ({@link TargetRunGoals}), from the
 * first one not yet ended (a round resumed with -Dresume=round-ID goes on where it stopped); then the round's report
 * in its folder. Without a round, it does nothing.
 */
@Mojo(name = "round", defaultPhase = LifecyclePhase.INTEGRATION_TEST, threadSafe = true)
public class RoundMojo extends EsbBenchMojo {

    @Parameter(defaultValue = "${project.basedir}/../reference-esb/target/reference-esb.jar", required = true)
    File serverJar;

    @Parameter(defaultValue = "${project.basedir}/../backend-netty/target/backend-netty.jar", required = true)
    File backendJar;

    @Parameter(defaultValue = "${project.build.directory}/perfmon-agent", required = true)
    File perfmonAgentDir;

    @Parameter(defaultValue = "${project.version}", readonly = true)
    String suiteVersion;

    @Parameter(defaultValue = "${camel.version}", readonly = true)
    String camelVersion;

    @Parameter(defaultValue = "${artemis.version}", readonly = true)
    String artemisVersion;

    @Override
    Optional<String> skipReason() {
        Optional<String> switched = switchedOff();
        if (switched.isPresent()) {
            return switched;
        }
        return roundBuild() ? Optional.empty() : Optional.of("no round: -Dtargets not given");
    }

    @Override
    protected void doExecute() throws MojoExecutionException, MojoFailureException {
        BuildLog log = new BuildLog(this::info, this::warn);
        List<String> failed;
        Path dir;
        try {
            dir = new RoundPointer(workDir.toPath()).current()
                    .orElseThrow(() -> new MojoFailureException("no round to run: the check goal made none"));
            RoundRecord record = RoundRecord.read(dir);
            failed = new RoundRunner(dir, new TargetRunGoals(this, record), d -> RoundReport.write(d, this::info), log,
                    BuildShutdown::inProgress).run();
        } catch (RoundRunner.Stopped e) {
            throw new MojoExecutionException(e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("the round failed: " + e.getMessage(), e);
        }
        if (!failed.isEmpty()) {
            throw new MojoFailureException("the round's report is written, but " + failed.size() + " target run"
                    + (failed.size() == 1 ? "" : "s") + " failed: " + String.join("; ", failed));
        }
    }
}
