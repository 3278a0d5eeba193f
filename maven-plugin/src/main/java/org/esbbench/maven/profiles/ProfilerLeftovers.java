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
