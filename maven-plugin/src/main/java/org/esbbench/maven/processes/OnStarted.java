package org.esbbench.maven.processes;

import java.io.IOException;

/**
 * Receives each process as soon as it is started, to register it in processes.csv and have it stopped should a
 * later step fail or the build end first.
 */
@FunctionalInterface
public interface OnStarted {
    void accept(ManagedProcess process) throws IOException;

    /** Registered in {@code registry} and guarded by {@code guard}, the goal's shutdown hook. */
    static OnStarted registerIn(ProcessRegistry registry, StopOnExit guard) {
        return process -> {
            guard.add(process);
            registry.register(process);
        };
    }
}
