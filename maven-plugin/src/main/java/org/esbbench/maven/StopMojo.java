package org.esbbench.maven;

import java.io.IOException;
import java.time.Duration;
import java.util.Properties;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * After the plans: closes the CPU sampler and the progress line, then stops every process the start goal
 * started (SIGTERM, then a kill after the grace period). When an earlier goal failed, Maven never reaches
 * this phase; the shutdown hook of {@link ProcessRegistry} stops the processes then.
 */
@Mojo(name = "stop", defaultPhase = LifecyclePhase.POST_INTEGRATION_TEST, threadSafe = true)
public class StopMojo extends AbstractRunMojo {

    /** Seconds a process gets to finish in-flight work after SIGTERM before it is killed. */
    @Parameter(property = "stopGrace", defaultValue = "20")
    int stopGrace;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skipped()) {
            return;
        }
        try {
            RunMonitors.close();
            ProcessRegistry.stopAll(stateFile(), Duration.ofSeconds(stopGrace)).forEach(this::info);
            Properties run = readRun();
            run.setProperty("stoppedAt", Long.toString(System.currentTimeMillis()));
            writeRun(run);
        } catch (IOException e) {
            throw new MojoExecutionException("could not stop the run's processes: " + e.getMessage(), e);
        }
    }
}
