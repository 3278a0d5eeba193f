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

    /**
     * One CPU's busy time (the {@code cpuN} line of /proc/stat): with the server on cores of its own, how busy its
     * cores and the others were tells which side was the limit.
     */
    static OptionalLong busyMillis(int cpu) {
        try {
            String name = "cpu" + cpu;
            for (String line : Files.readAllLines(PROC_STAT)) {
                if (line.startsWith(name + " ")) {
                    return parse(line, name);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no reading this tick
        }
        return OptionalLong.empty();
    }

    /** "cpu  user nice system idle iowait irq softirq steal guest guest_nice" (guest is already in user). */
    static OptionalLong parse(String cpuLine) {
        return parse(cpuLine, "cpu");
    }

    private static OptionalLong parse(String cpuLine, String name) {
        String[] f = cpuLine.trim().split("\\s+");
        if (f.length < 8 || !f[0].equals(name)) {
            return OptionalLong.empty();
        }
        long busy = Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3])
                + Long.parseLong(f[6]) + Long.parseLong(f[7]) + (f.length > 8 ? Long.parseLong(f[8]) : 0);
        return OptionalLong.of(busy * 1000 / TICKS_PER_SECOND);
    }
}
