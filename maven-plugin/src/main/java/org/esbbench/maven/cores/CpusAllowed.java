package org.esbbench.maven.cores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.esbbench.report.cores.CpuList;

/**
 * The CPUs a process may run on, as the kernel says in {@code /proc/PID/status} ({@code Cpus_allowed_list}): what a
 * cpuset and an affinity mask both come down to. Linux only; empty elsewhere or when the process is gone.
 */
public final class CpusAllowed {
    private static final String FIELD = "Cpus_allowed_list:";

    private CpusAllowed() {
    }

    public static Optional<CpuList> of(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(FIELD)) {
                    return Optional.of(CpuList.parse(line.substring(FIELD.length())));
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone meanwhile, or no /proc
        }
        return Optional.empty();
    }
}
