package org.esbbench.backend.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The whole machine's CPU time from the kernel's first line of /proc/stat (all cores, in clock ticks): read
 * before and after a window, the busy share tells whether the machine itself was the limit, whatever the shares
 * of client and server. Busy is everything but idle and iowait; tasks is user, nice and system time, which
 * processes are charged with too, and steal, which another guest of the hypervisor took (no irq and softirq time: a
 * kernel built with IRQ_TIME_ACCOUNTING charges it to no process).
 */
public record MachineCpu(long busyTicks, long totalTicks, long taskTicks) {
    private static final Path STAT = Path.of("/proc/stat");
    /** USER_HZ, the unit of /proc/stat: 100 on Linux whatever the kernel's own HZ. */
    private static final long TICKS_PER_SECOND = 100;

    /** @return the counters now, or null where /proc/stat does not exist (not Linux) */
    public static MachineCpu read() throws IOException {
        return Files.isReadable(STAT) ? parse(Files.readAllLines(STAT)) : null;
    }

    /** The line {@code cpu  user nice system idle iowait irq softirq steal ...}; guest time is inside user. */
    static MachineCpu parse(List<String> lines) {
        for (String line : lines) {
            String[] fields = line.trim().split("\\s+");
            if (!fields[0].equals("cpu")) {
                continue;
            }
            long total = 0;
            // user .. steal: guest and guest_nice (fields 9, 10) are already counted in user and nice.
            for (int i = 1; i < Math.min(fields.length, 9); i++) {
                total += Long.parseLong(fields[i]);
            }
            long idle = Long.parseLong(fields[4]) + (fields.length > 5 ? Long.parseLong(fields[5]) : 0);
            long tasks = Long.parseLong(fields[1]) + Long.parseLong(fields[2]) + Long.parseLong(fields[3])
                    + (fields.length > 8 ? Long.parseLong(fields[8]) : 0);
            return new MachineCpu(total - idle, total, tasks);
        }
        throw new IllegalStateException("no aggregate 'cpu' line in /proc/stat");
    }

    /** Busy percent of all cores between {@code earlier} and this reading; NaN if either is missing. */
    public double busyPercentSince(MachineCpu earlier) {
        if (earlier == null || totalTicks == earlier.totalTicks) {
            return Double.NaN;
        }
        return 100.0 * (busyTicks - earlier.busyTicks) / (totalTicks - earlier.totalTicks);
    }

    /** Task time of all cores (user, nice, system, steal) between {@code earlier} and this reading. */
    public Duration taskTimeSince(MachineCpu earlier) {
        return Duration.ofMillis((taskTicks - earlier.taskTicks) * 1000 / TICKS_PER_SECOND);
    }
}
