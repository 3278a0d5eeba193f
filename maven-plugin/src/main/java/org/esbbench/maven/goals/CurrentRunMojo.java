package org.esbbench.maven.goals;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.CurrentRun;
import org.esbbench.maven.run.CurrentRunPointer;
import java.io.IOException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;

/**
 * The goals that work on the run check prepared (start, run, analyze): they find it through the build's
 * {@link CurrentRunPointer} and its {@code run-parameters.json}, and do their one step on it.
 */
abstract class CurrentRunMojo extends EsbBenchMojo {

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
