package org.esbbench.maven.profiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.profiles.ProfileRecord;

/**
 * What profiling leaves once the run's servers have stopped, removed: async-profiler's library, the Flight Recorder
 * settings and repository (all in {@code profiles/.agent/}, never in the temporary folder; async-profiler's log kept
 * beside the profiles when it says anything), and the attach socket ({@code /tmp/.java_pidPID}) of a profiled JVM
 * that is gone without removing its own (a JVM removes it as it exits; one killed cannot). A JVM still running, such as
 * a server started by hand, keeps its socket, as after any {@code jcmd}.
 */
public final class ProfilerLeftovers {
    private static final Path TMP = Path.of("/tmp");

    private ProfilerLeftovers() {
    }

    /** How long the hook at the build's end waits for the run's profiled JVMs to end before it removes their files. */
    private static final long EXIT_WAIT_MS = 30_000;

    /**
     * Removes what is left also when the build ends before its stop goal (a failed goal, Ctrl-C): a hook at the JVM's
     * end, which waits for the profiled JVMs the run started to end (the goals' own hooks stop them) and then removes
     * their leftovers. What it needs is loaded now: a class realm may no longer load one while Maven shuts down.
     */
    public static void removeAtExit(RunLayout layout, long externalPid) {
        for (Class<?> c : List.of(ProfilerLeftovers.class, ProfileRecord.class, ProfileRecord.Profiler.class,
                org.esbbench.report.profiles.ProfileEvent.class, ProfilerPlan.class)) {
            try {
                Class.forName(c.getName(), true, c.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                long deadline = System.currentTimeMillis() + EXIT_WAIT_MS;
                for (long pid : profiledPids(layout)) {
                    Optional<ProcessHandle> h = ProcessHandle.of(pid);
                    while (pid != externalPid && h.isPresent() && h.get().isAlive()
                            && System.currentTimeMillis() < deadline) {
                        Thread.sleep(100);
                    }
                }
                remove(layout).forEach(l -> System.err.println("[esb-bench] " + l));
            } catch (IOException | InterruptedException | RuntimeException e) {
                System.err.println("[esb-bench] could not remove the profiler's files of " + layout.dir() + ": " + e);
            }
        }, "esb-bench-profiler-leftovers"));
    }

    /** Removes what is left; the lines say what was removed. Nothing to do for a run that did not profile. */
    public static List<String> remove(RunLayout layout) throws IOException {
        List<String> removed = new ArrayList<>();
        if (!Files.isDirectory(layout.profiles())) {
            return removed;
        }
        for (long pid : profiledPids(layout)) {
            Path socket = TMP.resolve(".java_pid" + pid);
            if (ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isEmpty() && Files.deleteIfExists(socket)) {
                removed.add("removed " + socket + ", the attach socket of profiled JVM " + pid + ", which ended without");
            }
        }
        Path agent = layout.profilerAgent();
        if (Files.isDirectory(agent)) {
            Path log = agent.resolve("async-profiler.log");
            if (Files.isRegularFile(log) && Files.size(log) > 0) {
                Files.move(log, layout.profiles().resolve("async-profiler.log"),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            try (Stream<Path> all = Files.walk(agent)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
        return removed;
    }

    /** The JVMs the run's scenario runs profiled, from their records. */
    static List<Long> profiledPids(RunLayout layout) throws IOException {
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> files = Files.list(layout.profiles())) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".properties")
                    && !f.getFileName().toString().equals(ProfilerPlan.FILE)).toList()) {
                Optional<ProfileRecord> record;
                try {
                    record = ProfileRecord.read(f);
                } catch (IOException e) {
                    continue; // a torn record names no process
                }
                record.map(ProfileRecord::pid).filter(p -> p > 0 && !pids.contains(p)).ifPresent(pids::add);
            }
        }
        return pids;
    }
}
