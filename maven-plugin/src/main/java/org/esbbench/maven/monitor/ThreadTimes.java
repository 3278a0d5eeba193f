package org.esbbench.maven.monitor;

import org.esbbench.maven.monitor.proc.ProcTasks;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * The run time of a process tree's threads, to the nanosecond, as two counters read in one pass: all its threads'
 * ({@link #all}) and its JIT compiler threads' ({@link #compiler}). Read from each thread's
 * {@code /proc/PID/task/TID/schedstat} (the scheduler's own run time) at most once a second.
 *
 * <p>Why both, and why not the process's {@code stat}: at a low rate a JVM compiles for minutes after its warm-up
 * (HotSpot's C2 waits for thousands of calls of a method), in bursts of tens of ms; measured on the reference server
 * at 20 msg/s, its compiler threads took about as much CPU as its event loops did serving the messages, and their
 * bursts made three repeats of one point differ by half. The analysis takes them off the CPU per message net of idle.
 * {@code stat}'s utime and stime move in 10 ms ticks, and a JIT counter read at another instant than the process's
 * misplaced whole bursts across a window's edge; read together and to the nanosecond, the server's CPU net of JIT over
 * three 30 s windows at 20 msg/s was 369, 355 and 371 ms. What {@link #all} misses: the time since the last reading of
 * a thread that ended (the process's {@code stat} row keeps it), nothing for a server whose threads live long.
 *
 * <p>Threads are known by their names, which the kernel cuts to 15 characters: HotSpot's {@code C1 CompilerThread0},
 * {@code C2 CompilerThread1}, Graal's {@code JVMCI CompilerThread0}, OpenJ9's {@code JIT Compilation Thread-000}.
 * Linux only; empty elsewhere.
 */
final class ThreadTimes {
    private static final List<String> COMPILERS = List.of("C1 CompilerThre", "C2 CompilerThre", "JVMCI Compiler",
            "JVMCI-native Co", "JIT Compilation");
    private static final long MIN_INTERVAL_MS = 1_000;

    private final Supplier<Optional<ProcessHandle>> process;
    private final Map<Long, Long> lastNs = new HashMap<>();
    private long lastSampleMs;
    private long allNs;
    private long compilerNs;
    private boolean any;
    private boolean present;

    ThreadTimes(Supplier<Optional<ProcessHandle>> process) {
        this.process = process;
    }

    /** Whether a thread of this name (as {@code /proc} gives it) compiles code for its JVM. */
    static boolean compiles(String comm) {
        return COMPILERS.stream().anyMatch(comm::startsWith);
    }

    /** All the threads' run time, ms. */
    CpuSource all() {
        return () -> {
            sample();
            return present ? OptionalLong.of(allNs / 1_000_000) : OptionalLong.empty();
        };
    }

    /** The JIT compiler threads' run time, ms. */
    CpuSource compiler() {
        return () -> {
            sample();
            return present ? OptionalLong.of(compilerNs / 1_000_000) : OptionalLong.empty();
        };
    }

    private synchronized void sample() {
        Optional<ProcessHandle> root = process.get();
        if (root.isEmpty() || !ProcTasks.available()) {
            present = false;
            return;
        }
        long now = System.currentTimeMillis();
        if (any && now - lastSampleMs < MIN_INTERVAL_MS) {
            return;
        }
        Map<Long, Long> ns = new HashMap<>();
        Map<Long, Boolean> compiler = new HashMap<>();
        readTree(root.get(), ns, compiler);
        if (ns.isEmpty()) {
            present = false;
            return;
        }
        for (Map.Entry<Long, Long> e : ns.entrySet()) {
            Long before = lastNs.get(e.getKey());
            // A thread not seen before began since the last reading (HotSpot starts and stops compiler threads as
            // their queue grows and shrinks; a restarted server is all new threads): all its time is of this
            // interval. At the first reading, none: it is the baseline.
            long delta = !any ? 0 : before == null ? e.getValue() : Math.max(0, e.getValue() - before);
            allNs += delta;
            if (compiler.get(e.getKey())) {
                compilerNs += delta;
            }
        }
        lastNs.clear();
        lastNs.putAll(ns);
        lastSampleMs = now;
        any = true;
        present = true;
    }

    /** Each thread's run time (ns) of {@code root} and its descendants, and whether it compiles, by thread id. */
    static void readTree(ProcessHandle root, Map<Long, Long> ns, Map<Long, Boolean> compiler) {
        ProcTasks.each(root, (tid, task) -> {
            // the name each time: a JVM names a thread after the kernel made it
            boolean compiles = compiles(Files.readString(task.resolve("comm")).strip());
            ns.put(tid, Long.parseLong(Files.readString(task.resolve("schedstat")).trim().split("\\s+")[0]));
            compiler.put(tid, compiles);
        });
    }
}
