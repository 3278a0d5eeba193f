package org.esbbench.maven.monitor;

import org.esbbench.maven.monitor.proc.ProcStat;
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
        return OptionalLong.of(ProcStat.millis(ticks));
    }

    /** utime + stime of one process (its own threads), in milliseconds. */
    static OptionalLong ownTicks(long pid) {
        try {
            String stat = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"));
            return OptionalLong.of(ProcStat.millis(ProcStat.userSystemTicks(stat)));
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

    /** utime + stime + cutime + cstime of a stat line ({@link ProcStat}); empty for a line without ')' or too short. */
    static OptionalLong parse(String stat) {
        if (stat.lastIndexOf(')') < 0) {
            return OptionalLong.empty();
        }
        String[] f = ProcStat.fields(stat);
        if (f.length < 15) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(ProcStat.userSystemTicks(f) + ProcStat.waitedChildrenTicks(f));
    }
}
