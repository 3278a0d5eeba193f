package org.esbbench.maven.scenario;

import org.esbbench.maven.engines.EngineWatch;
import org.esbbench.maven.processes.Deadline;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.servers.TargetWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.esbbench.report.samples.JtlFollower;

/**
 * Watches one scenario run's JMeter until it ends, printing the progress line at a steady interval. It gives up on
 * a JMeter that outlives its windows by far, and within a second of a lost engine, server or backend.
 */
final class JMeterSupervisor {
    private final ProgressLine progress;
    private final Duration progressInterval;
    private final TargetWatch targets;
    private final BuildLog log;

    JMeterSupervisor(ProgressLine progress, Duration progressInterval, TargetWatch targets, BuildLog log) {
        this.progress = progress;
        this.progressInterval = progressInterval;
        this.targets = targets;
        this.log = log;
    }

    /**
     * How long past its load a JMeter may take to end before its threads are dumped (SIGQUIT: the JVM prints them on
     * its standard output, the scenario run's {@code logs/jmeter-NAME.out}), once: a JMeter that ended its load and
     * took 100 s more to exit was seen once (NeighbourIT, with a busy loop on its CPU), and what held it is in no log.
     */
    static final Duration SLOW_EXIT = Duration.ofSeconds(30);

    /** Waits for JMeter to end, printing the progress line; false when it outlived {@code limit} or something died. */
    boolean awaitEnd(ManagedProcess process, Duration limit, String label, int index, Path jtl, EngineWatch watch)
            throws InterruptedException {
        return awaitEnd(process, limit, null, label, index, jtl, watch);
    }

    /**
     * As {@link #awaitEnd(ManagedProcess, Duration, String, int, Path, EngineWatch)}; a JMeter still running
     * {@link #SLOW_EXIT} after {@code load} (its windows and tail, from its start; null: not watched) has its threads
     * dumped into its output, said once.
     */
    boolean awaitEnd(ManagedProcess process, Duration limit, Duration load, String label, int index, Path jtl,
                     EngineWatch watch) throws InterruptedException {
        Deadline deadline = Deadline.in(limit);
        long dumpAt = load == null ? Long.MAX_VALUE : process.startedAtMs() + load.plus(SLOW_EXIT).toMillis();
        ProcessHandle handle = ProcessHandle.of(process.pid()).orElse(null);
        if (handle == null) {
            return true;
        }
        JtlFollower follower = new JtlFollower(jtl);
        long samplesBefore = 0;
        long lastLine = System.nanoTime();
        while (!handle.onExit().isDone()) {
            if (deadline.passed()) {
                return false;
            }
            if (watch != null && watch.failed()) {
                return false;
            }
            if (targets.death().isPresent()) {
                return false;
            }
            try {
                // Every second: a lost engine, server or backend stops the point within seconds.
                handle.onExit().get(1, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                // still running
            } catch (ExecutionException e) {
                break;
            }
            if (System.currentTimeMillis() >= dumpAt) {
                dumpAt = Long.MAX_VALUE;
                boolean sent = org.esbbench.maven.processes.KillCommand.send("QUIT", Long.toString(process.pid()));
                log.warn(label + ": JMeter is still running " + SLOW_EXIT.toSeconds() + " s after its load ended"
                        + (sent ? "; its threads are dumped into " + process.log() : "; its threads could not be dumped"));
            }
            long now = System.nanoTime();
            if (now - lastLine >= progressInterval.toNanos() && Files.exists(jtl)) {
                try {
                    log.info(progress.line(index, label, follower, samplesBefore, (now - lastLine) / 1e9));
                } catch (IOException | RuntimeException e) {
                    log.info("progress unavailable: " + e.getMessage());
                }
                samplesBefore = follower.samples();
                lastLine = now;
            }
        }
        return true;
    }
}
