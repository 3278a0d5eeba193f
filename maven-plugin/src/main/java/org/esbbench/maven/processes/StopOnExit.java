package org.esbbench.maven.processes;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A goal's guarantee that the processes it started do not outlive the build: a JVM shutdown hook (this goal's
 * own) that stops those still alive when the JVM ends (a later goal failed, so Maven never reached the stop goal;
 * Ctrl-C; an exception) and marks them stopped in the registry. A goal that stops its processes itself (the run
 * goal, each JMeter) closes its guard, which removes the hook.
 */
public final class StopOnExit implements AutoCloseable {
    private static final Duration GRACE = Duration.ofSeconds(10);

    /*
     * The hook runs while Maven shuts down, when the plugin's class realm may no longer load a class (a CI run found
     * KillCommand missing there, so nginx was never stopped): what stopping needs is loaded with this class.
     */
    static {
        for (Class<?> c : List.of(ManagedProcess.class, ProcessGroup.class, KillCommand.class, Deadline.class,
                StopSignal.class, ProcessRegistry.class, org.esbbench.report.folder.ProcessesFile.class)) {
            try {
                Class.forName(c.getName(), true, c.getClassLoader());
                for (Class<?> nested : c.getDeclaredClasses()) {
                    Class.forName(nested.getName(), true, nested.getClassLoader());
                }
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private final ProcessRegistry registry;
    private final List<ManagedProcess> started = new ArrayList<>();
    private final Thread hook;

    public StopOnExit(ProcessRegistry registry, String goal) {
        this.registry = registry;
        this.hook = new Thread(this::stopAlive, "esb-bench-" + goal + "-stop-on-exit");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    public synchronized void add(ManagedProcess process) {
        started.add(process);
    }

    /**
     * Stops, now, what this guard holds and is still alive, newest first (the goal failed half-way and cleans up
     * before it reports the failure).
     */
    public synchronized List<String> stopNow(Duration grace) {
        List<String> report = new ArrayList<>();
        for (int i = started.size() - 1; i >= 0; i--) {
            ManagedProcess p = started.get(i);
            if (p.anythingLeft()) {
                report.add(p + (p.stop(grace) ? " stopped" : " killed"));
            }
            markStopped(p);
        }
        started.clear();
        return report;
    }

    private void stopAlive() {
        synchronized (this) {
            for (int i = started.size() - 1; i >= 0; i--) {
                ManagedProcess p = started.get(i);
                if (p.anythingLeft()) { // a dead server's orphaned workers too (its process group)
                    System.err.println("[esb-bench] build ending: stopping " + p);
                    p.stop(GRACE);
                }
                // Also one that ended by itself meanwhile (Ctrl-C reaches the build's whole process group): none of
                // them runs once the build has ended, and a resumed build must not watch it as its own.
                markStopped(p);
            }
        }
    }

    private void markStopped(ManagedProcess p) {
        try {
            registry.markStopped(p);
        } catch (IOException | RuntimeException e) {
            System.err.println("[esb-bench] cannot mark " + p + " stopped in " + registry.file() + ": " + e.getMessage());
        }
    }

    /** Removes the hook: the goal has stopped what it started itself (or handed it on to the stop goal). */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
    }
}
