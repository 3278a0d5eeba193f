package org.esbbench.maven.processes;

import org.esbbench.maven.checks.ResumeCheck;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.esbbench.report.folder.ProcessesFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command started in a process group of its own (a profile's server.command) leaves nothing behind: real
 * processes, a shell with two "workers" that stay when their parent dies, the way nginx's workers do.
 */
class ProcessGroupTest {
    /** A "master" with two workers that ignore nothing and outlive it when it is killed. */
    private static final List<String> MASTER = List.of("sh", "-c", "sleep 300 & sleep 300 & wait");

    @TempDir
    Path dir;

    @BeforeEach
    void linuxWithSetsid() {
        assumeTrue(ProcessGroup.setsid().isPresent(), "setsid and /proc (Linux)");
    }

    @Test
    void theCommandLeadsAGroupOfItsOwnThatHoldsItsChildren() throws Exception {
        ManagedProcess master = ManagedProcess.startInOwnGroup("server", MASTER, dir, dir.resolve("server.log"));
        try {
            ProcessGroup group = master.group().orElseThrow();
            assertThat(group.id()).isEqualTo(master.pid());
            awaitMembers(group, 3);
            assertThat(ProcessGroup.groupOf(master.pid())).hasValue(master.pid());
            assertThat(ProcessGroup.groupOf(ProcessHandle.current().pid())).isNotEqualTo(OptionalLong.of(master.pid()));
            // the recorded command is the profile's, not setsid's
            assertThat(master.command()).isEqualTo(MASTER);
        } finally {
            master.stop(Duration.ofSeconds(2));
        }
        assertThat(master.anythingLeft()).isFalse();
    }

    @Test
    void workersOrphanedByTheMastersDeathAreStoppedWithItsGroup() throws Exception {
        ManagedProcess master = ManagedProcess.startInOwnGroup("server", MASTER, dir, dir.resolve("server.log"))
                .stoppedWith(StopSignal.QUIT);
        ProcessGroup group = master.group().orElseThrow();
        List<ProcessHandle> workers = awaitMembers(group, 3).stream().filter(h -> h.pid() != master.pid()).toList();
        try {
            ProcessHandle leader = ProcessHandle.of(master.pid()).orElseThrow();
            leader.destroyForcibly();
            leader.onExit().get();
            assertThat(workers).as("orphaned, still running").allMatch(ProcessHandle::isAlive);
            assertThat(master.isAlive()).isFalse();
            assertThat(master.anythingLeft()).isTrue();

            long before = System.nanoTime();
            master.stop(Duration.ofSeconds(20));

            assertThat(group.members()).isEmpty();
            assertGone(workers);
            assertThat(Duration.ofNanos(System.nanoTime() - before)).as("no grace period waited for orphans")
                    .isLessThan(Duration.ofSeconds(10));
        } finally {
            workers.forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aStopGoalReadsTheGroupFromTheFileAndStopsTheOrphansOfADeadServer() throws Exception {
        org.esbbench.report.folder.RunLayout layout = new org.esbbench.report.folder.RunLayout(dir);
        ProcessRegistry registry = new ProcessRegistry(layout.processes());
        ManagedProcess master = ManagedProcess.startInOwnGroup("server", MASTER, dir, dir.resolve("server.log"))
                .stoppedWith(StopSignal.QUIT);
        ProcessGroup group = master.group().orElseThrow();
        List<ProcessHandle> workers = awaitMembers(group, 3).stream().filter(h -> h.pid() != master.pid()).toList();
        try {
            registry.register(master);
            assertThat(ProcessesFile.read(registry.file())).singleElement()
                    .satisfies(e -> assertThat(e.processGroup()).hasValue(master.pid()));
            ProcessHandle leader = ProcessHandle.of(master.pid()).orElseThrow();
            leader.destroyForcibly();
            leader.onExit().get();

            assertThat(registry.running()).isEmpty();
            assertThat(registry.orphanedGroups()).extracting(ProcessesFile.Entry::pid).containsExactly(master.pid());
            // a resumed build refuses to start beside them and says how to stop them
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ResumeCheck.requireNoLeftovers(layout))
                    .hasMessageContaining("what is left of server's process group " + master.pid())
                    .hasMessageContaining("esb-bench:stop");

            // another goal (esb-bench:stop): a new registry on the file
            List<String> report = new ProcessRegistry(registry.file()).stopAll(Duration.ofSeconds(20));

            assertThat(report).singleElement().asString().contains("process group " + master.pid(), "2 process(es)");
            assertGone(workers);
            assertThat(ProcessesFile.read(registry.file())).noneMatch(ProcessesFile.Entry::running);
        } finally {
            workers.forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aCleanStopWithTheProfilesSignalEndsTheWholeGroup() throws Exception {
        // QUIT (nginx's) ends the "master" only; its workers are not told: the group stop after it ends them.
        Path script = dir.resolve("master.sh");
        Files.writeString(script, "trap 'exit 0' QUIT\nsleep 300 &\nsleep 300 &\nwhile true; do sleep 1; done\n");
        ManagedProcess master = ManagedProcess.startInOwnGroup("server", List.of("sh", script.toString()), dir,
                dir.resolve("server.log")).stoppedWith(StopSignal.QUIT);
        ProcessGroup group = master.group().orElseThrow();
        List<ProcessHandle> members = awaitMembers(group, 3);
        try {
            master.stop(Duration.ofSeconds(3));
            assertThat(group.members()).isEmpty();
            assertGone(members);
        } finally {
            members.forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static List<ProcessHandle> awaitMembers(ProcessGroup group, int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        List<ProcessHandle> members = group.members();
        while (members.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(50);
            members = group.members();
        }
        assertThat(members).as("members of " + group).hasSizeGreaterThanOrEqualTo(count);
        return members;
    }

    /**
     * Each has ended. A killed orphan is a zombie until init reaps it (ProcessHandle counts it alive meanwhile; it
     * holds no port and no signal reaches it): allowed a few seconds.
     */
    private static void assertGone(List<ProcessHandle> processes) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (processes.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(processes).noneMatch(ProcessHandle::isAlive);
    }
}
