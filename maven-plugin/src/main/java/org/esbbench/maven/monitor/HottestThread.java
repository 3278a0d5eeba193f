package org.esbbench.maven.monitor;

import org.esbbench.maven.monitor.proc.ProcStat;
import org.esbbench.maven.monitor.proc.ProcTasks;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * The CPU of a process's busiest thread, as a counter: at each sample (at most one a second, since a JMeter of the
 * open model may have a thousand threads to read) the thread of the process tree that took the most CPU since the
 * last sample, from {@code /proc/PID/task/TID/stat}, adds its CPU of that interval to the counter. Over a window the
 * counter's rise divided by the window is the share of one CPU the hottest thread took: a server or a JMeter limited
 * by one thread (an event loop, a scheduler) shows it at 100 % while its CPUs' average reads 1/n. Linux only; empty
 * elsewhere.
 */
final class HottestThread implements CpuSource {
    private static final long MIN_INTERVAL_MS = 1_000;

    private final Supplier<Optional<ProcessHandle>> process;
    private final Map<Long, Long> lastTicks = new HashMap<>();
    private long lastSampleMs;
    private long total;
    private boolean any;

    HottestThread(Supplier<Optional<ProcessHandle>> process) {
        this.process = process;
    }

    @Override
    public synchronized OptionalLong cpuMillis() {
        Optional<ProcessHandle> root = process.get();
        if (root.isEmpty() || !ProcTasks.available()) {
            return OptionalLong.empty();
        }
        long now = System.currentTimeMillis();
        if (any && now - lastSampleMs < MIN_INTERVAL_MS) {
            return OptionalLong.of(total);
        }
        Map<Long, Long> ticks = new HashMap<>();
        ProcTasks.each(root.get(), (tid, task) -> ticks.put(tid,
                ProcStat.userSystemTicks(Files.readString(task.resolve("stat")))));
        if (ticks.isEmpty()) {
            return OptionalLong.empty();
        }
        long most = -1;
        for (Map.Entry<Long, Long> e : ticks.entrySet()) {
            // A thread not seen before began since the last sample (or this is the first): its whole time counts
            // only from the next one.
            Long before = lastTicks.get(e.getKey());
            long delta = any && before != null ? e.getValue() - before : 0;
            most = Math.max(most, delta);
        }
        total += ProcStat.millis(Math.max(0, most));
        lastTicks.clear();
        lastTicks.putAll(ticks);
        lastSampleMs = now;
        any = true;
        return OptionalLong.of(total);
    }
}
