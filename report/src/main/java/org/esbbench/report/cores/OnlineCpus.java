package org.esbbench.report.cores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's CPUs, whatever the affinity of the JVM that asks: {@code Runtime.availableProcessors()} counts only
 * the CPUs this process may run on, so a build moved onto the load generator's CPUs would take the machine for
 * smaller than it is, and every percentage "of the machine" would be too large. Linux's list of online CPUs;
 * elsewhere the JVM's count.
 */
public final class OnlineCpus {
    private static final Path ONLINE = Path.of("/sys/devices/system/cpu/online");

    private OnlineCpus() {
    }

    public static CpuList read() {
        try {
            if (Files.isReadable(ONLINE)) {
                return CpuList.parse(Files.readString(ONLINE));
            }
        } catch (IOException | IllegalArgumentException e) {
            // fall back below
        }
        return CpuList.firstN(Runtime.getRuntime().availableProcessors());
    }

    public static int count() {
        return read().size();
    }
}
