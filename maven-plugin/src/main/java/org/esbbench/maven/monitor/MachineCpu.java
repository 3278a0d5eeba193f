package org.esbbench.maven.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The whole machine's busy CPU time, from the first line of /proc/stat: user, nice, system, irq, softirq and
 * steal time of all cores (idle and iowait left out), in ms. With the run's processes' own CPU times it tells
 * whether the machine, not the server, was the limit. Linux only; elsewhere there is no reading.
 */
final class MachineCpu {
    /** The kernel's USER_HZ: /proc/stat counts in 1/100 s on every Linux architecture in use. */
    private static final long TICKS_PER_SECOND = 100;
    private static final Path PROC_STAT = Path.of("/proc/stat");

    private MachineCpu() {
    }

    static OptionalLong busyMillis() {
        try {
            if (!Files.isReadable(PROC_STAT)) {
                return OptionalLong.empty();
            }
            return parse(Files.readAllLines(PROC_STAT).get(0));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** "cpu  user nice system idle iowait irq softirq steal guest guest_nice" (guest is already in user). */
    static OptionalLong parse(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (f.length < 8 || !f[0].equals("cpu")) {
            return OptionalLong.empty();
        }
        long busy = Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3])
                + Long.parseLong(f[6]) + Long.parseLong(f[7]) + (f.length > 8 ? Long.parseLong(f[8]) : 0);
        return OptionalLong.of(busy * 1000 / TICKS_PER_SECOND);
    }
}
