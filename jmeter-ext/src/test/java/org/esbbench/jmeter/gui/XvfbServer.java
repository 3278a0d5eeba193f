package org.esbbench.jmeter.gui;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An X server of the test's own (Debian's xvfb package, as scripts/gui-screenshot.sh installs it) with a screen the
 * size of the one the issue was seen on. Xvfb picks a free display itself and names it on its standard output
 * ({@code -displayfd 1}), so two runs never collide; {@link #close()} ends it, so a test never leaves one running.
 */
final class XvfbServer implements AutoCloseable {
    static final String SCREEN = "1600x1000x24";
    private static final long START_SECONDS = 20;

    private final Process process;
    private final String display;

    private XvfbServer(Process process, String display) {
        this.process = process;
        this.display = display;
    }

    /** Xvfb on the PATH (or in /usr/bin), if installed. */
    static Optional<Path> find() {
        String path = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/bin";
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "Xvfb");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    static XvfbServer start(Path xvfb, Path log) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(xvfb.toString(), "-displayfd", "1", "-screen", "0", SCREEN, "-nolisten", "tcp")
                .redirectError(log.toFile())
                .start();
        CompletableFuture<String> number = CompletableFuture.supplyAsync(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
                return out.readLine();
            } catch (IOException e) {
                return null;
            }
        });
        try {
            String n = number.get(START_SECONDS, TimeUnit.SECONDS);
            if (n == null || !n.strip().matches("\\d+")) {
                throw new IOException("Xvfb named no display (exit " + exitOf(p) + "); its log: " + log);
            }
            return new XvfbServer(p, ":" + n.strip());
        } catch (ExecutionException | TimeoutException e) {
            stop(p);
            throw new IOException("Xvfb named no display within " + START_SECONDS + " s; its log: " + log, e);
        } catch (IOException | RuntimeException | InterruptedException e) {
            stop(p);
            throw e;
        }
    }

    /** The DISPLAY value for clients, e.g. ":1". */
    String display() {
        return display;
    }

    @Override
    public void close() {
        stop(process);
    }

    private static void stop(Process p) {
        p.destroy();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static String exitOf(Process p) {
        return p.isAlive() ? "still running" : String.valueOf(p.exitValue());
    }
}
