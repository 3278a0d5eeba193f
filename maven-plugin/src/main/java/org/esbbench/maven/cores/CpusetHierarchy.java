package org.esbbench.maven.cores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.esbbench.report.cores.CpuLayout;

/**
 * A cgroup hierarchy with the cpuset controller, where the suite makes a group per role of a run
 * ({@code esb-bench/<run-id>/server} and {@code .../harness}) under {@link #base}. The two versions differ in three
 * ways that matter here: where the groups may go, what a new group needs before a process may join it, and what tells
 * that the suite may write there at all.
 *
 * <ul>
 * <li><b>cgroup v1</b> ({@link V1}): the cpuset controller's own mount. The groups go under the build's own cpuset;
 * a new group has no CPUs and no memory nodes until it is given its parent's.</li>
 * <li><b>cgroup v2</b> ({@link V2}): the one unified hierarchy. A cgroup with processes may not have children with
 * controllers (v2's "no internal processes" rule), and the build's cgroup has the build in it (and often the shell
 * that started it): so the groups go beside it, under its parent, whose children have the cpuset controller when the
 * build's cgroup lists it in {@code cgroup.controllers}. Each new level enables {@code +cpuset} for its children;
 * a group with no CPUs of its own takes its parent's.</li>
 * </ul>
 */
sealed interface CpusetHierarchy permits CpusetHierarchy.V1, CpusetHierarchy.V2 {
    /** The folder of the suite's groups under {@link #base}. */
    String GROUP = "esb-bench";

    CpuLayout.Method method();

    /** The build's own group. */
    Path own();

    /**
     * Where the suite's folder goes. When the build was moved into one of a run's groups
     * ({@code .../esb-bench/<run>/harness}), the base it came from.
     */
    Path base();

    /** Whether the suite may make its groups here; only looks (check asks before any run exists). */
    boolean writable();

    /** Readies the new group {@code child} of {@code parent} for CPUs and processes. */
    void prepare(Path parent, Path child) throws IOException;

    /** What the suite needs here and lacks, for a message when {@link #writable} is false. */
    String lacks();

    /** The base a group path stands for: the parent of the suite's folder when the path is inside one. */
    static Path outsideTheSuite(Path own, Path mount) {
        for (Path p = own; p != null && p.startsWith(mount); p = p.getParent()) {
            if (p.getFileName() != null && p.getFileName().toString().equals(GROUP)) {
                return p.getParent();
            }
        }
        return own;
    }

    /** The hierarchies this machine mounts, v2 first (the default of current distributions), then v1. */
    static List<CpusetHierarchy> ofThisMachine() {
        CgroupMounts mounts = CgroupMounts.ofThisProcess();
        List<CpusetHierarchy> found = new java.util.ArrayList<>();
        mounts.v2().ifPresent(found::add);
        mounts.v1Cpuset().ifPresent(found::add);
        return found;
    }

    /** The best hierarchy the suite may write, if any. */
    static Optional<CpusetHierarchy> writableOne() {
        return ofThisMachine().stream().filter(CpusetHierarchy::writable).findFirst();
    }

    /** The hierarchy of {@code method} on this machine, writable or not. */
    static Optional<CpusetHierarchy> of(CpuLayout.Method method) {
        return ofThisMachine().stream().filter(h -> h.method() == method).findFirst();
    }

    /**
     * cgroup v1's cpuset mount.
     *
     * @param mount the controller's mount ({@code /sys/fs/cgroup/cpuset})
     * @param own   the build's cpuset, under {@code mount}
     */
    record V1(Path mount, Path own) implements CpusetHierarchy {
        @Override
        public CpuLayout.Method method() {
            return CpuLayout.Method.CPUSET;
        }

        @Override
        public Path base() {
            return outsideTheSuite(own, mount);
        }

        @Override
        public boolean writable() {
            Path base = base();
            return Files.isRegularFile(base.resolve("cpuset.cpus")) && Files.isWritable(base);
        }

        @Override
        public void prepare(Path parent, Path child) throws IOException {
            for (String f : List.of("cpuset.cpus", "cpuset.mems")) {
                if (Files.readString(child.resolve(f)).isBlank()) {
                    Files.writeString(child.resolve(f), Files.readString(parent.resolve(f)).trim());
                }
            }
        }

        @Override
        public String lacks() {
            return "a writable cgroup v1 cpuset (" + base() + ")";
        }
    }

    /**
     * cgroup v2's unified hierarchy.
     *
     * @param mount the hierarchy's mount ({@code /sys/fs/cgroup}, or {@code /sys/fs/cgroup/unified} beside v1)
     * @param own   the build's cgroup, under {@code mount}
     */
    record V2(Path mount, Path own) implements CpusetHierarchy {
        @Override
        public CpuLayout.Method method() {
            return CpuLayout.Method.CGROUP2;
        }

        @Override
        public Path base() {
            Path outside = outsideTheSuite(own, mount);
            // The build's cgroup holds processes, so the groups go beside it; at the root they may go below it.
            return outside.equals(mount) || !outside.equals(own) ? outside : outside.getParent();
        }

        @Override
        public boolean writable() {
            Path base = base();
            if (!Files.isWritable(base) || !Files.isWritable(base.resolve("cgroup.subtree_control"))) {
                return false;
            }
            // Children of the base get the controller when the base hands it down already, or when the base may
            // start to: it has it, and it is the real root (no cgroup.type) or holds no process itself.
            return words(base.resolve("cgroup.subtree_control")).contains("cpuset")
                    || words(base.resolve("cgroup.controllers")).contains("cpuset")
                    && (!Files.exists(base.resolve("cgroup.type")) || words(base.resolve("cgroup.procs")).isEmpty());
        }

        @Override
        public void prepare(Path parent, Path child) throws IOException {
            if (!words(parent.resolve("cgroup.subtree_control")).contains("cpuset")) {
                Files.writeString(parent.resolve("cgroup.subtree_control"), "+cpuset");
            }
        }

        @Override
        public String lacks() {
            return "a cgroup v2 hierarchy (" + mount + ") whose cpuset controller the build may enable below "
                    + base() + " (" + (words(mount.resolve("cgroup.controllers")).contains("cpuset")
                    ? "the controller is there; the build may not write " + base()
                    : "the controller is not offered there: cgroup v1 has it, or the kernel lacks it") + ")";
        }

        private static List<String> words(Path file) {
            try {
                String text = Files.readString(file).trim();
                return text.isEmpty() ? List.of() : List.of(text.split("\\s+"));
            } catch (IOException e) {
                return List.of();
            }
        }
    }
}
