package org.esbbench.backend.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shaded backend jar in a process of its own, on a free port: a load of 10,000 connections needs 10,000
 * descriptors on each side, more than one process may open under a 20,000 limit with Maven's own files. Closing
 * stops it (SIGTERM, then SIGKILL after a grace period), so a failed test leaves no backend behind; a shutdown
 * hook covers a test JVM that exits without closing it.
 */
public final class BackendProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)");

    private final Process process;
    private final Path stderr;
    private final Thread killOnExit;
    private final int port;
    private volatile String logAfterStop;

    private BackendProcess(Process process, Path stderr) throws IOException, InterruptedException {
        this.process = process;
        this.stderr = stderr;
        this.killOnExit = new Thread(process::destroyForcibly, "backend-process-kill");
        Runtime.getRuntime().addShutdownHook(killOnExit);
        this.port = awaitListeningPort();
    }

    /** @param args flags after {@code --port 0}, e.g. {@code --delay-ms 1000} */
    public static BackendProcess start(Path jar, List<String> jvmOptions, String... args)
            throws IOException, InterruptedException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no backend jar at " + jar.toAbsolutePath()
                    + ": it is built in the package phase, run the integration tests with mvn verify");
        }
        List<String> command = new ArrayList<>(jvmOptions);
        command.addAll(List.of("-jar", jar.toString(), "--port", "0"));
        command.addAll(List.of(args));
        return launch(command);
    }

    /**
     * Another server in the same harness, e.g. the benchmark's {@link BareDelayingEcho}: any main class that
     * prints {@code listening on http://127.0.0.1:PORT} on stderr.
     *
     * @param args the main class's arguments, which must make it pick a free port
     */
    public static BackendProcess startMain(List<Path> classpath, String mainClass, List<String> jvmOptions,
                                           String... args) throws IOException, InterruptedException {
        for (Path entry : classpath) {
            if (!Files.exists(entry)) {
                throw new IllegalStateException("no " + entry.toAbsolutePath() + " for the class path of "
                        + mainClass + ": it is built in the package phase, run with mvn verify");
            }
        }
        List<String> command = new ArrayList<>(jvmOptions);
        command.add("-cp");
        command.add(String.join(java.io.File.pathSeparator, classpath.stream().map(Path::toString).toList()));
        command.add(mainClass);
        command.addAll(List.of(args));
        return launch(command);
    }

    private static BackendProcess launch(List<String> javaArguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(javaArguments);
        Path stderr = Files.createTempFile("backend-netty", ".err");
        Process process = new ProcessBuilder(command)
                .redirectError(stderr.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            return new BackendProcess(process, stderr);
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /** CPU time the process used so far (all its threads, user + system), from the OS. */
    public java.time.Duration cpuTime() {
        return process.info().totalCpuDuration().orElseThrow(() -> new IllegalStateException(
                "the OS does not report the CPU time of process " + process.pid()));
    }

    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    /** What the backend printed so far (its start line, and its counters once stopped). */
    public String log() throws IOException {
        return logAfterStop != null ? logAfterStop : Files.readString(stderr);
    }

    private int awaitListeningPort() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            Matcher matcher = LISTENING.matcher(log());
            if (matcher.find()) {
                return Integer.parseInt(matcher.group(1));
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("backend exited early (" + process.exitValue() + "): " + log());
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("backend did not report its port within 30 s: " + log());
    }

    /** SIGTERM and wait; SIGKILL if it has not exited within 20 s. */
    @Override
    public void close() throws IOException, InterruptedException {
        try {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(killOnExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
            logAfterStop = Files.readString(stderr);
            Files.deleteIfExists(stderr);
        }
    }
}
