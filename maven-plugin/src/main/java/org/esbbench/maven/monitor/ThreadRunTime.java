package org.esbbench.maven.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The CPU a process tree's threads have run, to the nanosecond: the first field of each thread's
 * {@code /proc/PID/task/TID/schedstat} (the scheduler's own run time; {@code stat}'s utime and stime are the same
 * time in 10 ms ticks, too coarse for a few seconds of an idle JVM). Threads that ended are not counted (their time
 * is in {@code stat}, not here): right for short spans of a steady process, such as the idle probe. Linux only.
 */
public final class ThreadRunTime {
    private static final Path PROC = Path.of("/proc");

    private ThreadRunTime() {
    }

    /** Every thread's run time of {@code root} and its descendants, in ns; empty when none could be read. */
    public static OptionalLong nanos(ProcessHandle root) {
        return nanos(root, name -> true);
    }

    /** The JIT compiler threads' run time of {@code root} and its descendants, in ns ({@link ThreadTimes}). */
    public static OptionalLong compilerNanos(ProcessHandle root) {
        return nanos(root, ThreadTimes::compiles);
    }

    private static OptionalLong nanos(ProcessHandle root, Predicate<String> threadName) {
        long[] sum = {0};
        boolean[] any = {false};
        Stream.concat(Stream.of(root), root.descendants()).forEach(p -> {
            try (Stream<Path> tasks = Files.list(PROC.resolve(Long.toString(p.pid())).resolve("task"))) {
                tasks.forEach(task -> {
                    try {
                        // comm: the thread's name, as /proc/PID/task/TID/stat has it in parentheses
                        if (threadName.test(Files.readString(task.resolve("comm")).strip())) {
                            sum[0] += Long.parseLong(Files.readString(task.resolve("schedstat")).trim().split("\\s+")[0]);
                        }
                        any[0] = true;
                    } catch (IOException | RuntimeException e) {
                        // the thread ended meanwhile
                    }
                });
            } catch (IOException | RuntimeException e) {
                // the process ended meanwhile
            }
        });
        return any[0] ? OptionalLong.of(sum[0]) : OptionalLong.empty();
    }
}
