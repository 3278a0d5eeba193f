package org.esbbench.report.dashboard;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a child process to its end with its output appended to a log file, and never leaves it behind: on time-out
 * or when the waiting thread is interrupted, the process (and anything it started) is stopped before returning.
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
        Files.createDirectories(log.toAbsolutePath().getParent());
        Process process = new ProcessBuilder(command)
            .directory(workingDirectory.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
            .start();
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

    private static File nullDevice() {
        return new File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    /** The last {@code lines} lines of a log (read from its end, so a huge log costs nothing). */
    static String tail(Path log, int lines) {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long length = file.length();
            int size = (int) Math.min(length, 64 * 1024);
            byte[] bytes = new byte[size];
            file.seek(length - size);
            file.readFully(bytes);
            String[] all = new String(bytes, StandardCharsets.UTF_8).split("\\R");
            return String.join("\n", List.of(all).subList(Math.max(0, all.length - lines), all.length));
        } catch (IOException e) {
            return "(log " + log + " unreadable: " + e.getMessage() + ")";
        }
    }
}
