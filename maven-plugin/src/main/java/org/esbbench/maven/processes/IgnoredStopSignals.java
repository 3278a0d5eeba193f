package org.esbbench.maven.processes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The stop signals (TERM, INT, QUIT) that the build itself ignores, and so would hand on ignored to what it starts: a
 * signal ignored at exec stays ignored, and a JVM started so leaves SIGINT ignored rather than run its shutdown hooks
 * on it. A build started under {@code nohup}, or in the background of a script ({@code cmd &} ignores INT and QUIT),
 * is such a build: a server whose profile stops it with INT would never stop on it, and would be killed after the
 * grace period with its shutdown hooks unrun. A command of a target profile is therefore started through coreutils'
 * {@code env --default-signal=...}, which puts these signals back to their default before it execs the command.
 *
 * <p>The build's dispositions are read from {@code SigIgn} in {@code /proc/self/status} (Linux); where there is no
 * such file, or {@code env} lacks the option (coreutils before 8.31), nothing is prefixed.
 */
public final class IgnoredStopSignals {
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path ENV = Path.of("/usr/bin/env");
    /** The signals a stop may send, with their Linux numbers (bits of SigIgn, from bit 0 for signal 1). */
    private static final String[] NAMES = {"INT", "QUIT", "TERM"};
    private static final int[] NUMBERS = {2, 3, 15};
    private static volatile Boolean envResets;

    private final List<String> ignored;

    private IgnoredStopSignals(List<String> ignored) {
        this.ignored = List.copyOf(ignored);
    }

    /** Those this build ignores now; none where {@code /proc/self/status} cannot be read. */
    public static IgnoredStopSignals ofThisBuild() {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("SigIgn:")) {
                    return ofMask(line.substring("SigIgn:".length()).strip());
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or no /proc: nothing is known to be ignored
        }
        return new IgnoredStopSignals(List.of());
    }

    /** Those set in a SigIgn mask as /proc prints it (hexadecimal, bit 0 for signal 1). */
    static IgnoredStopSignals ofMask(String hex) {
        long mask = Long.parseUnsignedLong(hex, 16);
        List<String> ignored = new ArrayList<>();
        for (int i = 0; i < NAMES.length; i++) {
            if ((mask & (1L << (NUMBERS[i] - 1))) != 0) {
                ignored.add(NAMES[i]);
            }
        }
        return new IgnoredStopSignals(ignored);
    }

    /** The ignored stop signals' names, e.g. [INT, QUIT]. */
    public List<String> names() {
        return ignored;
    }

    /**
     * What to put before a command so that it starts with these signals at their default: {@code env
     * --default-signal=INT,QUIT}; empty when none is ignored or this system's {@code env} cannot do it.
     */
    public List<String> resetPrefix() {
        if (ignored.isEmpty() || !envResetsSignals()) {
            return List.of();
        }
        return List.of(ENV.toString(), "--default-signal=" + String.join(",", ignored));
    }

    @Override
    public String toString() {
        return ignored.isEmpty() ? "none ignored" : ignored.stream().collect(Collectors.joining(", ", "", " ignored"));
    }

    /** Whether {@code env --default-signal} works here: asked once, by running it. */
    private static boolean envResetsSignals() {
        Boolean known = envResets;
        if (known == null) {
            known = Files.isExecutable(ENV) && runs(List.of(ENV.toString(), "--default-signal=INT", "true"));
            envResets = known;
        }
        return known;
    }

    private static boolean runs(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
