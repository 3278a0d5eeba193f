package org.esbbench.maven.scenario;

import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.processes.OnStarted;
import org.esbbench.maven.processes.ProcessRegistry;
import org.esbbench.maven.processes.StopOnExit;
import org.esbbench.maven.targets.TargetProfile;
import java.nio.file.Path;
import org.esbbench.report.folder.RunLayout;

/**
 * The run the run goal measures, read once: the checkout's root, the run folder, its process registry, the plan and
 * the target profile, and the guard of the processes the goal restarts (a server at another heap, the backend at
 * another delay, local engines). Restarted processes outlive the goal (the stop goal stops them): the guard is for
 * a build that ends first.
 */
public record MeasuredRun(Path root, RunLayout layout, ProcessRegistry registry, RunParameters plan,
                          TargetProfile profile, StopOnExit restarted) {

    /** For each process the goal (re)starts: registered in processes.csv and stopped if the build ends first. */
    public OnStarted onRestarted() {
        return OnStarted.registerIn(registry, restarted);
    }
}
