package org.esbbench.maven.cores;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.esbbench.report.cores.CpuLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where each cgroup version puts the suite's groups, when the build may write them, and what a new group is given,
 * on the text of {@code /proc/self/mounts} and {@code /proc/self/cgroup} of real layouts and on folders laid out as
 * the kernel lays out a cgroup v2 hierarchy (the kernel's own refusals are {@code RunCpusIT}'s, where v2 is writable).
 */
class CpusetHierarchyTest {
    /** This project's VM: v1 controllers, the unified hierarchy beside them with no controller. */
    private static final String HYBRID_MOUNTS = """
            tmpfs /sys/fs/cgroup tmpfs rw,relatime,mode=755 0 0
            cgroup /sys/fs/cgroup/cpu cgroup rw,relatime,cpu 0 0
            cgroup /sys/fs/cgroup/cpuset cgroup rw,relatime,cpuset 0 0
            cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory 0 0
            cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0
            """;
    private static final String HYBRID_CGROUP = """
            4:memory:/process_api/341cb
            3:cpuset:/
            1:cpu:/
            0::/
            """;
    /** A systemd host on v2 only (Debian 12, Ubuntu 22.04 and later): a login session's scope. */
    private static final String V2_MOUNTS = """
            sysfs /sys sysfs rw,nosuid,nodev,noexec,relatime 0 0
            cgroup2 /sys/fs/cgroup cgroup2 rw,nosuid,nodev,noexec,relatime,nsdelegate,memory_recursiveprot 0 0
            """;

    @Test
    void aHybridMachineHasV1sCpusetAndTheUnifiedHierarchy() {
        CgroupMounts mounts = new CgroupMounts(HYBRID_MOUNTS, HYBRID_CGROUP);
        assertThat(mounts.v1Cpuset()).contains(new CpusetHierarchy.V1(Path.of("/sys/fs/cgroup/cpuset"),
                Path.of("/sys/fs/cgroup/cpuset")));
        assertThat(mounts.v2()).contains(new CpusetHierarchy.V2(Path.of("/sys/fs/cgroup/unified"),
                Path.of("/sys/fs/cgroup/unified")));
    }

    @Test
    void onV2TheGroupsGoBesideTheBuildsCgroupNotInsideIt() {
        CgroupMounts mounts = new CgroupMounts(V2_MOUNTS, "0::/user.slice/user-1000.slice/session-3.scope\n");
        assertThat(mounts.v1Cpuset()).isEmpty();
        CpusetHierarchy v2 = mounts.v2().orElseThrow();
        assertThat(v2.method()).isEqualTo(CpuLayout.Method.CGROUP2);
        assertThat(v2.own()).isEqualTo(Path.of("/sys/fs/cgroup/user.slice/user-1000.slice/session-3.scope"));
        assertThat(v2.base()).isEqualTo(Path.of("/sys/fs/cgroup/user.slice/user-1000.slice"));
    }

    @Test
    void aBuildMovedIntoARunsGroupStillHasTheBaseItCameFrom() {
        CgroupMounts v2 = new CgroupMounts(V2_MOUNTS, "0::/user.slice/esb-bench/20260101-000000-x/harness\n");
        assertThat(v2.v2().orElseThrow().base()).isEqualTo(Path.of("/sys/fs/cgroup/user.slice"));
        CgroupMounts v1 = new CgroupMounts(HYBRID_MOUNTS, "3:cpuset:/ci/esb-bench/20260101-000000-x/harness\n");
        assertThat(v1.v1Cpuset().orElseThrow().base()).isEqualTo(Path.of("/sys/fs/cgroup/cpuset/ci"));
    }

    @Test
    void aBuildAtTheRootOfItsHierarchyPutsTheGroupsBelowIt() {
        CpusetHierarchy v2 = new CgroupMounts(V2_MOUNTS, "0::/\n").v2().orElseThrow();
        assertThat(v2.base()).isEqualTo(Path.of("/sys/fs/cgroup"));
    }

    /** A folder laid out like a v2 cgroup: its files as the kernel gives them. */
    private static Path cgroup(Path dir, String controllers, String subtree, String procs, boolean root)
            throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("cgroup.controllers"), controllers + "\n");
        Files.writeString(dir.resolve("cgroup.subtree_control"), subtree + "\n");
        Files.writeString(dir.resolve("cgroup.procs"), procs);
        if (!root) {
            Files.writeString(dir.resolve("cgroup.type"), "domain\n");
        }
        return dir;
    }

    @Test
    void theRealRootMayHandTheControllerDownEvenWithProcessesInIt(@TempDir Path mount) throws IOException {
        cgroup(mount, "cpuset cpu io memory pids", "cpu memory", "1\n2\n", true);
        CpusetHierarchy.V2 v2 = new CpusetHierarchy.V2(mount, mount);
        assertThat(v2.writable()).isTrue();
        Path group = Files.createDirectory(mount.resolve(CpusetHierarchy.GROUP));
        v2.prepare(mount, group);
        assertThat(Files.readString(mount.resolve("cgroup.subtree_control"))).isEqualTo("+cpuset");
    }

    @Test
    void aParentThatHandsTheControllerDownIsWritableAndNotWrittenAgain(@TempDir Path mount) throws IOException {
        cgroup(mount, "cpuset cpu memory", "cpuset cpu memory", "1\n", true);
        Path slice = cgroup(mount.resolve("user.slice"), "cpuset cpu memory", "cpuset memory", "", false);
        Path scope = cgroup(slice.resolve("session-3.scope"), "cpuset memory", "", "4242\n", false);
        CpusetHierarchy.V2 v2 = new CpusetHierarchy.V2(mount, scope);
        assertThat(v2.base()).isEqualTo(slice);
        assertThat(v2.writable()).isTrue();
        v2.prepare(slice, Files.createDirectory(slice.resolve(CpusetHierarchy.GROUP)));
        assertThat(Files.readString(slice.resolve("cgroup.subtree_control"))).isEqualTo("cpuset memory\n");
    }

    @Test
    void aCgroupWithProcessesThatDoesNotHandTheControllerDownIsNotWritable(@TempDir Path mount) throws IOException {
        // a container's namespace root: not the real root, the container's processes in it
        cgroup(mount, "cpuset cpu memory", "", "1\n57\n", false);
        CpusetHierarchy.V2 v2 = new CpusetHierarchy.V2(mount, mount);
        assertThat(v2.writable()).isFalse();
        assertThat(v2.lacks()).contains("the build may not write " + mount);
    }

    @Test
    void aHierarchyWithoutTheControllerSaysWhy(@TempDir Path mount) throws IOException {
        cgroup(mount, "hugetlb", "", "1\n", true); // this project's VM: cpuset is bound to v1
        CpusetHierarchy.V2 v2 = new CpusetHierarchy.V2(mount, mount);
        assertThat(v2.writable()).isFalse();
        assertThat(v2.lacks()).contains("the controller is not offered there: cgroup v1 has it");
    }

    @Test
    void aNewV1GroupTakesItsParentsCpusAndMemoryNodes(@TempDir Path mount) throws IOException {
        Files.writeString(mount.resolve("cpuset.cpus"), "0-3\n");
        Files.writeString(mount.resolve("cpuset.mems"), "0\n");
        Path group = Files.createDirectory(mount.resolve(CpusetHierarchy.GROUP));
        Files.writeString(group.resolve("cpuset.cpus"), "\n");
        Files.writeString(group.resolve("cpuset.mems"), "\n");
        CpusetHierarchy.V1 v1 = new CpusetHierarchy.V1(mount, mount);
        assertThat(v1.writable()).isTrue();
        v1.prepare(mount, group);
        assertThat(Files.readString(group.resolve("cpuset.cpus"))).isEqualTo("0-3");
        assertThat(Files.readString(group.resolve("cpuset.mems"))).isEqualTo("0");
    }
}
