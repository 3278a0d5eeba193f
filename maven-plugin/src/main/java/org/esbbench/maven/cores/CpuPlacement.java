package org.esbbench.maven.cores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.esbbench.report.cores.CpuLayout;

/**
 * How this machine lets a process start inside a set of CPUs, best first: a cgroup v1 cpuset (a group per role that
 * the process joins before it execs its command, so every thread and every child it ever has stays inside, and
 * the process cannot widen it), else a CPU affinity mask ({@code taskset -c LIST command}: also set before the
 * command runs, inherited by threads and children, but a process may change its own). Either way the JVM of the
 * command sees only its set from its first instruction, so it sizes its GC and JIT threads for it.
 */
final class CpuPlacement {
    /** Where cgroup v1 mounts the cpuset controller. */
    static final Path CPUSET_ROOT = Path.of("/sys/fs/cgroup/cpuset");
    /** The folder of the suite's groups under the build's own cpuset: {@code esb-bench/<run-id>/<role>}. */
    static final String GROUP = "esb-bench";
    private static final Path[] TASKSET = {Path.of("/usr/bin/taskset"), Path.of("/bin/taskset")};
    private static final Path SH = Path.of("/bin/sh");

    private CpuPlacement() {
    }

    /**
     * The best method this machine allows, {@link CpuLayout.Method#NONE} when it allows neither. Only looks: check
     * asks it before any run exists, so it makes no group.
     */
    static CpuLayout.Method available() {
        Path own = baseCpuset();
        if (Files.isRegularFile(own.resolve("cpuset.cpus")) && Files.isWritable(own) && Files.isExecutable(SH)) {
            return CpuLayout.Method.CPUSET;
        }
        return taskset().isPresent() ? CpuLayout.Method.AFFINITY : CpuLayout.Method.NONE;
    }

    /**
     * The suite's folder of groups, {@code esb-bench} under the build's own cpuset, made if missing (with its
     * parent's CPUs and memory nodes, as cgroup v1 requires before a child can have any); empty when there is no
     * cpuset hierarchy or it may not be written (not root, a read-only mount).
     */
    static Optional<Path> cpusetParent() {
        Path own = baseCpuset();
        if (!Files.isRegularFile(own.resolve("cpuset.cpus"))) {
            return Optional.empty();
        }
        Path group = own.resolve(GROUP);
        try {
            if (!Files.isDirectory(group)) {
                Files.createDirectory(group);
            }
            inherit(own, group);
            return Optional.of(group);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The suite's folder of groups when it exists; never made here (for removing what runs left). */
    static Optional<Path> existingParent() {
        Path group = baseCpuset().resolve(GROUP);
        return Files.isDirectory(group) ? Optional.of(group) : Optional.empty();
    }

    /**
     * The cpuset the suite's groups go under: the build's own, or, when the build was moved into one of a run's
     * groups ({@code .../esb-bench/<run>/harness}), the one it came from.
     */
    static Path baseCpuset() {
        Path own = ownCpuset();
        for (Path p = own; p != null && p.startsWith(CPUSET_ROOT); p = p.getParent()) {
            if (p.getFileName() != null && p.getFileName().toString().equals(GROUP)) {
                return p.getParent();
            }
        }
        return own;
    }

    /** The cpuset this JVM is in: the {@code cpuset} line of {@code /proc/self/cgroup} under the mount. */
    static Path ownCpuset() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                String[] f = line.split(":", 3);
                if (f.length == 3 && List.of(f[1].split(",")).contains("cpuset")) {
                    String rel = f[2].startsWith("/") ? f[2].substring(1) : f[2];
                    return rel.isEmpty() ? CPUSET_ROOT : CPUSET_ROOT.resolve(rel);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no cgroups: the root, which then has no cpuset.cpus
        }
        return CPUSET_ROOT;
    }

    /** A new group's CPUs and memory nodes from its parent, when it has none yet. */
    static void inherit(Path parent, Path group) throws IOException {
        for (String f : List.of("cpuset.cpus", "cpuset.mems")) {
            if (Files.readString(group.resolve(f)).isBlank()) {
                Files.writeString(group.resolve(f), Files.readString(parent.resolve(f)).trim());
            }
        }
    }

    static Optional<Path> taskset() {
        for (Path p : TASKSET) {
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * {@code command} started inside the cpuset group whose {@code cgroup.procs} is {@code procs}: a shell writes its
     * own pid there, then execs the command in the same process (the pid the build records is the command's).
     */
    static List<String> inCpuset(Path procs, List<String> command) {
        List<String> cmd = new java.util.ArrayList<>(List.of(SH.toString(), "-c", "echo $$ > \"$0\" && exec \"$@\"",
                procs.toString()));
        cmd.addAll(command);
        return cmd;
    }

    /** {@code command} started with the affinity mask {@code cpus}. */
    static List<String> withAffinity(String cpus, List<String> command) {
        List<String> cmd = new java.util.ArrayList<>(List.of(taskset().orElseThrow().toString(), "-c", cpus));
        cmd.addAll(command);
        return cmd;
    }
}
