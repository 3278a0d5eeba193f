package org.esbbench.maven.goals;

import org.esbbench.maven.cores.RunCpus;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ProcessRegistry;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.esbbench.report.folder.LatestRun;
import org.esbbench.report.folder.RunLayout;

/**
 * After the plans: stops every process of the current run that its processes.csv says is still running, newest
 * first (the monitor, which takes a last sample and closes its series on SIGTERM; then the server and the backend):
 * SIGTERM, then a kill after the grace period. It needs nothing but the run folder, so {@code mvn esb-bench:stop}
 * also cleans up after a build that was killed. When an earlier goal failed, Maven never reaches this phase; the
 * starting goals' shutdown hooks stop the processes then.
 */
@Mojo(name = "stop", defaultPhase = LifecyclePhase.POST_INTEGRATION_TEST, threadSafe = true)
public class StopMojo extends EsbBenchMojo {

    @Override
    protected void doExecute() throws MojoExecutionException, MojoFailureException {
        try {
            String earlier = parameter("run").strip();
            Optional<RunLayout> run = earlier.isEmpty() ? currentRunPointer().current()
                    : Optional.of(new RunLayout(LatestRun.resolve(root().resolve(RunLayout.RESULTS), earlier)));
            if (run.isEmpty()) {
                info("no current run (" + currentRunPointer().file() + " missing): nothing to stop");
                return;
            }
            List<String> stopped = new ProcessRegistry(run.get().processes()).stopAll(Duration.ofSeconds(number("stopGrace")));
            if (stopped.isEmpty()) {
                info("run " + run.get().runId() + ": no process left running");
            }
            stopped.forEach(this::info);
            // Everything of the run has stopped: its cpuset groups are empty, the build gets its CPUs back.
            RunCpus.of(run.get()).release(this::info);
            // And the profiler's library and what its JVMs left, if the run profiled its server.
            org.esbbench.maven.profiles.ProfilerLeftovers.remove(run.get()).forEach(this::info);
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("could not stop the run's processes: " + e.getMessage(), e);
        }
    }
}
