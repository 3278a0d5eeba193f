package org.esbbench.maven.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * A process's CPU time together with its descendants', from /proc: a server that works in child processes (nginx:
 * a master and its workers; a launcher script and its JVM) costs what the whole tree costs. Per process, user and
 * system time plus the children's it has waited for (cutime, cstime: the time of children that have ended, which
 * would otherwise drop out of the sum). Linux only; elsewhere, or when /proc cannot be read, the process's own CPU
 * time from {@link ProcessHandle}.
 */
final class ProcessTreeCpu {
    /** The kernel's USER_HZ: /proc/PID/stat counts in 1/100 s on every Linux architecture in use. */
    private static final long TICKS_PER_SECOND = 100;
    private static final Path PROC = Path.of("/proc");

    private ProcessTreeCpu() {
    }

    static OptionalLong millis(ProcessHandle root) {
        OptionalLong own = ticks(root.pid());
        if (own.isEmpty()) {
            return root.info().totalCpuDuration().map(d -> OptionalLong.of(d.toMillis())).orElse(OptionalLong.empty());
        }
        long ticks = own.getAsLong();
        List<ProcessHandle> descendants = root.descendants().toList();
        for (ProcessHandle d : descendants) {
            ticks += ticks(d.pid()).orElse(0); // one that ended meanwhile is in its parent's cutime soon
        }
        return OptionalLong.of(ticks * 1000 / TICKS_PER_SECOND);
    }

    /** utime + stime of one process (its own threads), in milliseconds. */
    static OptionalLong ownTicks(long pid) {
        try {
            String stat = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 1).trim().split("\\s+");
            return OptionalLong.of((Long.parseLong(f[11]) + Long.parseLong(f[12])) * 1000 / TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** utime + stime + cutime + cstime of one process, in clock ticks. */
    static OptionalLong ticks(long pid) {
        try {
            return parse(Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat")));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * "pid (comm) state ppid ... utime stime cutime cstime ...": fields 14 to 17; comm may hold blanks and
     * parentheses, so the fields are counted from the last ')'.
     */
    static OptionalLong parse(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return OptionalLong.empty();
        }
        String[] f = stat.substring(close + 1).trim().split("\\s+");
        // f[0] is field 3 (state): utime (14) is f[11], stime f[12], cutime f[13], cstime f[14].
        if (f.length < 15) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]));
    }
}
