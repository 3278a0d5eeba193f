package org.esbbench.maven.goals;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.CurrentRun;
import org.esbbench.maven.run.CurrentRunPointer;
import java.io.File;
import java.io.IOException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;

/**
 * The goals that work on the run check prepared (start, run, analyze): they find it through the build's
 * {@link CurrentRunPointer} and its {@code run-parameters.json}, and do their one step on it.
 */
abstract class CurrentRunMojo extends EsbBenchMojo {

    /** The reference server's runnable jar (started by start, restarted between heaps by run). */
    @Parameter(defaultValue = "${project.basedir}/../reference-esb/target/reference-esb.jar", required = true)
    File serverJar;

    /** The echo backend's runnable jar (started by start, restarted between delays by run). */
    @Parameter(defaultValue = "${project.basedir}/../backend-netty/target/backend-netty.jar", required = true)
    File backendJar;

    @Override
    protected final void doExecute() throws MojoExecutionException, MojoFailureException {
        CurrentRun current;
        try {
            current = CurrentRun.read(currentRunPointer(), root());
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot read the current run: " + e.getMessage(), e);
        }
        doExecute(current);
    }

    /** The goal's work on the current run. */
    protected abstract void doExecute(CurrentRun current) throws MojoExecutionException, MojoFailureException;
}
