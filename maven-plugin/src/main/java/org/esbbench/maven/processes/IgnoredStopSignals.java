package org.esbbench.maven.processes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The stop signals that the build itself ignores, and so would hand on ignored to what it starts: a signal ignored at
 * exec stays ignored, and a JVM started so leaves SIGINT ignored rather than run its shutdown hooks on it. A build
 * started under {@code nohup}, or in the background of a script ({@code cmd &} ignores INT and QUIT), is such a
 * build: a server whose profile stops it with INT would never stop on it, and would be killed after the grace period
 * with its shutdown hooks unrun. A command of a target profile is therefore started through coreutils' {@code env
 * --default-signal=...}, which puts these signals back to their default before it execs the command.
 *
 * <p>The build's dispositions are read from {@code SigIgn} in {@code /proc/self/status} (Linux); where there is no
 * such file, or {@code env} lacks the option (coreutils before 8.31), nothing is prefixed.
 */
public final class IgnoredStopSignals {
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path ENV = Path.of("/usr/bin/env");
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
        for (StopSignal s : List.of(StopSignal.INT, StopSignal.QUIT, StopSignal.TERM)) { // KILL cannot be ignored
            if ((mask & (1L << (s.number() - 1))) != 0) {
                ignored.add(s.name());
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

    /** Whether {@code env --default-signal} works here: asked once, by running it. */
    private static boolean envResetsSignals() {
        Boolean known = envResets;
        if (known == null) {
            known = Files.isExecutable(ENV)
                    && KillCommand.exitsZero(List.of(ENV.toString(), "--default-signal=INT", "true"));
            envResets = known;
        }
        return known;
    }
}
