package org.esbbench.report.dashboard;

import org.esbbench.report.process.LoggedChild;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a child process ({@link LoggedChild}, as the plugin starts its own) to its end, and never leaves it behind:
 * on time-out or when the waiting thread is interrupted, the process (and anything it started) is stopped before
 * returning. The plugin's ManagedProcess supervises long-lived ones; this one waits for a short one.
 */
final class LoggedProcess {
    /** How long a stopped process gets to exit on SIGTERM before it is killed. */
    private static final Duration GRACE = Duration.ofSeconds(10);

    private LoggedProcess() {
    }

    /**
     * @return the exit code
     * @throws IOException          if it cannot start, or it ran longer than {@code timeout} (it is stopped then)
     * @throws InterruptedException if interrupted while waiting (it is stopped then too)
     */
    static int run(List<String> command, Path workingDirectory, Path log, Duration timeout)
            throws IOException, InterruptedException {
        Process process = LoggedChild.start(command, workingDirectory, log);
        boolean exited = false;
        try {
            exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!exited) {
                throw new IOException(command.get(0) + " did not finish within " + timeout.toSeconds() + " s and was"
                    + " stopped; the end of its log " + log + ":\n" + tail(log, 30));
            }
            return process.exitValue();
        } finally {
            if (!exited) {
                stop(process);
            }
        }
    }

    private static void stop(Process process) throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            // Interrupted again while stopping: do not leave it running, then pass the interrupt on.
            process.destroyForcibly();
            throw e;
        }
    }

    /** The last {@code lines} lines of a log. */
    static String tail(Path log, int lines) {
        return LoggedChild.tail(log, lines);
    }
}
