package org.esbbench.maven.cores;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.esbbench.maven.processes.Deadline;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.CpuList;
import org.esbbench.report.cores.OnlineCpus;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real processes started inside their sets by each method this machine has: the kernel's Cpus_allowed_list of the
 * started process (and of a thread it makes) is its set, the pid recorded is the command's, and the cpuset groups
 * are gone once released.
 */
class RunCpusIT {

    private static CpuLayout layout(CpuLayout.Method method) {
        CpuList machine = OnlineCpus.read();
        CpuList server = machine.last(1);
        return new CpuLayout(CpuLayout.Mode.ISOLATED, method, machine, server, machine.minus(server), true, "");
    }

    private void startsInsideItsSet(Path dir, CpuLayout.Method method) throws Exception {
        assumeTrue(OnlineCpus.count() >= 2, "needs two CPUs");
        CpuLayout layout = layout(method);
        Path runDir = Files.createDirectories(dir.resolve("20260101-000000-it-" + method.id()));
        layout.write(runDir);
        RunCpus cpus = RunCpus.of(new RunLayout(runDir));
        List<ManagedProcess> started = new ArrayList<>();
        try {
            // a shell that starts a child: the child inherits the set too
            ManagedProcess server = ManagedProcess.start("server", cpus.server(List.of("/bin/sh", "-c", "sleep 30 & wait")),
                    runDir, runDir.resolve("server.out"));
            ManagedProcess harness = ManagedProcess.start("jmeter", cpus.harness(List.of("sleep", "30")), runDir,
                    runDir.resolve("jmeter.out"));
            started.add(server);
            started.add(harness);
            Runnable placed = () -> {
                assertThat(CpusAllowed.of(server.pid())).contains(layout.server());
                assertThat(CpusAllowed.of(harness.pid())).contains(layout.harness());
                assertThat(ProcessHandle.of(server.pid()).orElseThrow().info().command().orElse("")).as("the command itself, not the placer").doesNotContain("taskset").endsWith("sh");
                List<ProcessHandle> children = ProcessHandle.of(server.pid()).orElseThrow().children().toList();
                assertThat(children).isNotEmpty();
                assertThat(CpusAllowed.of(children.get(0).pid())).contains(layout.server());
            };
            // Each start is a chain (jspawnhelper, taskset, the command, its child) that a loaded machine can take
            // longer than any fixed pause to run through: wait up to 10 s for it to get there, then assert.
            Deadline.until(Duration.ofSeconds(10), Duration.ofMillis(50), () -> {
                try {
                    placed.run();
                    return true;
                } catch (AssertionError notYet) {
                    return false;
                }
            });
            placed.run();
        } finally {
            started.forEach(p -> p.stop(Duration.ofSeconds(5)));
            List<String> said = new ArrayList<>();
            cpus.release(said::add);
            assertThat(said).as("every group removed").isEmpty();
        }
        if (method.cpuset()) {
            assertThat(CpuPlacement.base(method).orElseThrow().resolve(CpusetHierarchy.GROUP)
                    .resolve(runDir.getFileName().toString())).doesNotExist();
        }
    }

    @Test
    void withAnAffinityMask(@TempDir Path dir) throws Exception {
        assumeTrue(CpuPlacement.taskset().isPresent(), "needs taskset");
        startsInsideItsSet(dir, CpuLayout.Method.AFFINITY);
    }

    @Test
    void inACgroupV1Cpuset(@TempDir Path dir) throws Exception {
        assumeWritable(CpuLayout.Method.CPUSET, "cgroup v1 has no cpuset mount here");
        startsInsideItsSet(dir, CpuLayout.Method.CPUSET);
    }

    /** Runs where the build may enable v2's cpuset controller (root on a v2-only host); says plainly why not elsewhere. */
    @Test
    void inACgroupV2Cpuset(@TempDir Path dir) throws Exception {
        assumeWritable(CpuLayout.Method.CGROUP2, "cgroup v2 is not mounted here");
        startsInsideItsSet(dir, CpuLayout.Method.CGROUP2);
    }

    /** Skips the test, saying why, unless this machine's hierarchy of {@code method} may be written. */
    private static void assumeWritable(CpuLayout.Method method, String whenAbsent) {
        CpusetHierarchy tree = CpusetHierarchy.of(method).orElse(null);
        assumeTrue(tree != null && tree.writable(), () -> said(tree == null ? whenAbsent
                : "not run: needs " + tree.lacks()));
    }

    /** The reason a test is skipped, also on the build's output (Failsafe's summary counts skips, names no reason). */
    private static String said(String why) {
        System.out.println("[RunCpusIT] " + why);
        return why;
    }
}
