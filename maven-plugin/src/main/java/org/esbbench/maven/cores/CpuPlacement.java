package org.esbbench.maven.cores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.esbbench.report.cores.CpuLayout;

/**
 * How this machine lets a process start inside a set of CPUs, best first: a cgroup cpuset (v2 where the build may
 * enable the controller below its cgroup, else v1's cpuset mount: a group per role that the process joins before it
 * execs its command, so every thread and every child it ever has stays inside, and the process cannot widen it),
 * else a CPU affinity mask ({@code taskset -c LIST command}: also set before the command runs, inherited by threads
 * and children, but a process may change its own). Either way the JVM of the command sees only its set from its
 * first instruction, so it sizes its GC and JIT threads for it.
 */
final class CpuPlacement {
    private static final Path[] TASKSET = {Path.of("/usr/bin/taskset"), Path.of("/bin/taskset")};
    private static final Path SH = Path.of("/bin/sh");

    private CpuPlacement() {
    }

    /**
     * The best method this machine allows, {@link CpuLayout.Method#NONE} when it allows neither. Only looks: check
     * asks it before any run exists, so it makes no group.
     */
    static CpuLayout.Method available() {
        if (Files.isExecutable(SH)) {
            Optional<CpusetHierarchy> cpuset = CpusetHierarchy.writableOne();
            if (cpuset.isPresent()) {
                return cpuset.get().method();
            }
        }
        return taskset().isPresent() ? CpuLayout.Method.AFFINITY : CpuLayout.Method.NONE;
    }

    /** The method {@link #available} gives, where, and what each better one lacks here. */
    static String describe() {
        CpuLayout.Method method = available();
        List<String> parts = new java.util.ArrayList<>();
        parts.add(method.words() + base(method).map(b -> " under " + b).orElse(""));
        for (CpusetHierarchy h : CpusetHierarchy.ofThisMachine()) {
            if (h.method() != method && !h.writable() && h.method().ordinal() < method.ordinal()) {
                parts.add("not " + h.method().words() + ": needs " + h.lacks());
            }
        }
        return String.join("; ", parts);
    }

    /** What a cpuset would need on this machine, for the message of a machine that has neither method. */
    static String cpusetLacks() {
        List<CpusetHierarchy> found = CpusetHierarchy.ofThisMachine();
        return "a writable cgroup cpuset (" + (found.isEmpty() ? "no cgroup hierarchy is mounted"
                : String.join("; ", found.stream().map(h -> h.method().words() + " needs " + h.lacks()).toList())) + ")";
    }

    /**
     * The suite's folder of groups in the hierarchy of {@code method}, {@code esb-bench} under its base, made (and
     * readied) if missing; empty when there is no such hierarchy or it may not be written (not root, a read-only
     * mount, a controller v2 does not offer).
     */
    static Optional<Path> cpusetParent(CpuLayout.Method method) {
        Optional<CpusetHierarchy> tree = CpusetHierarchy.of(method).filter(CpusetHierarchy::writable);
        if (tree.isEmpty()) {
            return Optional.empty();
        }
        Path base = tree.get().base();
        Path group = base.resolve(CpusetHierarchy.GROUP);
        try {
            if (!Files.isDirectory(group)) {
                Files.createDirectory(group);
            }
            tree.get().prepare(base, group);
            return Optional.of(group);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The suite's folder of groups in every hierarchy where it exists; never made here (for removing what runs left). */
    static List<Path> existingParents() {
        return CpusetHierarchy.ofThisMachine().stream().map(h -> h.base().resolve(CpusetHierarchy.GROUP))
                .filter(Files::isDirectory).toList();
    }

    /** The base of the hierarchy of {@code method} (where its groups go), for messages and tests. */
    static Optional<Path> base(CpuLayout.Method method) {
        return CpusetHierarchy.of(method).map(CpusetHierarchy::base);
    }

    /** The build's own group in the hierarchy of {@code method}, to return it to after a run. */
    static Optional<Path> home(CpuLayout.Method method) {
        return CpusetHierarchy.of(method).map(CpusetHierarchy::own);
    }

    /** Readies {@code child}, a new group of {@code parent} in the hierarchy of {@code method}. */
    static void prepare(CpuLayout.Method method, Path parent, Path child) throws IOException {
        CpusetHierarchy tree = CpusetHierarchy.of(method)
                .orElseThrow(() -> new IOException("no " + method.id() + " hierarchy on this machine"));
        tree.prepare(parent, child);
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
