package org.esbbench.maven.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The CPU of a JVM's JIT compiler threads, as a counter, from {@code /proc/PID/task/TID/stat} (at most one reading a
 * second). At a low rate a JVM compiles for minutes after its warm-up (HotSpot's C2 waits for thousands of calls of
 * a method), in bursts of tens of ms: measured on the reference server at 20 msg/s, its compiler threads took about
 * as much CPU as its event loops did serving the messages, and their bursts made three repeats of one point differ by
 * half. The analysis gives the CPU per message net of this (warm-up work, not the cost of a message) beside the whole.
 * Threads are known by their names, which the kernel cuts to 15 characters: HotSpot's {@code C1 CompilerThread0},
 * {@code C2 CompilerThread1}, Graal's {@code JVMCI CompilerThread0}, OpenJ9's {@code JIT Compilation Thread-000}.
 * Linux only; empty elsewhere.
 */
final class CompilerThreads implements CpuSource {
    private static final List<String> NAMES = List.of("C1 CompilerThre", "C2 CompilerThre", "JVMCI Compiler",
            "JVMCI-native Co", "JIT Compilation");
    private static final long MIN_INTERVAL_MS = 1_000;
    private static final Path PROC = Path.of("/proc");

    private final Supplier<Optional<ProcessHandle>> process;
    private final Map<Long, Long> lastTicks = new HashMap<>();
    private long lastSampleMs;
    private long totalTicks;
    private boolean any;

    CompilerThreads(Supplier<Optional<ProcessHandle>> process) {
        this.process = process;
    }

    /** Whether a thread of this name (as {@code /proc} gives it) compiles code for its JVM. */
    static boolean compiles(String comm) {
        return NAMES.stream().anyMatch(comm::startsWith);
    }

    @Override
    public synchronized OptionalLong cpuMillis() {
        Optional<ProcessHandle> root = process.get();
        if (root.isEmpty() || !Files.isDirectory(PROC)) {
            return OptionalLong.empty();
        }
        long now = System.currentTimeMillis();
        if (any && now - lastSampleMs < MIN_INTERVAL_MS) {
            return OptionalLong.of(ProcStat.millis(totalTicks));
        }
        Map<Long, Long> ticks = new HashMap<>();
        Stream.concat(Stream.of(root.get()), root.get().descendants()).forEach(p -> read(p.pid(), ticks));
        for (Map.Entry<Long, Long> e : ticks.entrySet()) {
            Long before = lastTicks.get(e.getKey());
            // A compiler thread not seen before began since the last reading (HotSpot starts and stops them as the
            // queue of work grows and shrinks): all its time is of this interval. Before the first reading, none.
            totalTicks += !any ? 0 : before == null ? e.getValue() : Math.max(0, e.getValue() - before);
        }
        lastTicks.clear();
        lastTicks.putAll(ticks);
        lastSampleMs = now;
        any = true;
        return OptionalLong.of(ProcStat.millis(totalTicks));
    }

    private static void read(long pid, Map<Long, Long> ticks) {
        try (Stream<Path> tasks = Files.list(PROC.resolve(Long.toString(pid)).resolve("task"))) {
            tasks.forEach(task -> {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    if (compiles(stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) {
                        ticks.put(Long.parseLong(task.getFileName().toString()), ProcStat.userSystemTicks(stat));
                    }
                } catch (IOException | RuntimeException e) {
                    // the thread ended meanwhile
                }
            });
        } catch (IOException | RuntimeException e) {
            // the process ended meanwhile
        }
    }
}
