package org.esbbench.maven.processes;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.esbbench.report.folder.ProcessesFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessRegistryTest {
    @TempDir
    Path dir;

    @Test
    void stopsWhatIsRunningAndMarksItStoppedInTheFile() throws Exception {
        ProcessRegistry registry = new ProcessRegistry(dir.resolve("processes.csv"));
        ManagedProcess sleeper = ManagedProcess.start("sleeper", List.of("sleep", "300"), dir, dir.resolve("sleeper.log"));
        try {
            registry.register(sleeper);
            // another goal (a new registry on the same file) sees it
            ProcessRegistry later = new ProcessRegistry(dir.resolve("processes.csv"));
            assertThat(later.running()).extracting(ManagedProcess::pid).containsExactly(sleeper.pid());
            assertThat(later.running("sleeper")).isPresent();

            List<String> report = later.stopAll(Duration.ofSeconds(5));

            assertThat(report).singleElement().asString().contains("stopped");
            assertThat(ProcessHandle.of(sleeper.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            List<ProcessesFile.Entry> entries = ProcessesFile.read(registry.file());
            assertThat(entries).singleElement().satisfies(e -> {
                assertThat(e.running()).isFalse();
                assertThat(e.command()).isEqualTo("sleep 300");
            });
            assertThat(later.running()).isEmpty();
        } finally {
            sleeper.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void marksAProcessThatEndedStoppedAndLeavesOthersRunning() throws Exception {
        ProcessRegistry registry = new ProcessRegistry(dir.resolve("processes.csv"));
        ManagedProcess first = ManagedProcess.start("backend", List.of("sleep", "300"), dir, dir.resolve("a.log"));
        ManagedProcess second = ManagedProcess.start("backend", List.of("sleep", "300"), dir, dir.resolve("b.log"));
        try {
            registry.register(first);
            first.stop(Duration.ofSeconds(5));
            registry.markStopped(first);
            registry.register(second);

            assertThat(registry.running("backend")).map(ManagedProcess::pid).contains(second.pid());
            assertThat(ProcessesFile.read(registry.file())).extracting(ProcessesFile.Entry::running).containsExactly(false, true);
        } finally {
            second.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void leavesAPidAloneThatNowBelongsToAnotherProcess() throws Exception {
        ManagedProcess sleeper = ManagedProcess.start("sleeper", List.of("sleep", "300"), dir, dir.resolve("sleeper.log"));
        try {
            // the file says the pid was started an hour ago: the process with that pid now is another one
            assertThat(ManagedProcess.attach("server", sleeper.pid(), sleeper.startedAtMs() - 3_600_000, sleeper.log(),
                    List.of())).isEmpty();
            assertThat(ManagedProcess.attach("sleeper", sleeper.pid(), sleeper.startedAtMs(), sleeper.log(), List.of()))
                    .isPresent();
        } finally {
            sleeper.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void aProcessThisBuildStartedStaysItselfWhenTheWallClockSteps() {
        // A wall-clock step during the build (a CI machine's clock corrected mid-run) once made the backend of a
        // round's run look dead: its recorded start was compared with the kernel's, 10 s and more apart by then.
        long recorded = 1_795_800_000_000L;
        java.util.Optional<Long> kernelAfterAStep = java.util.Optional.of(recorded - 60_000);

        assertThat(ManagedProcess.sameProcess(recorded, java.util.OptionalLong.of(recorded), kernelAfterAStep))
                .as("started by this JVM, recorded at that very time").isTrue();
        assertThat(ManagedProcess.sameProcess(recorded, java.util.OptionalLong.empty(), kernelAfterAStep))
                .as("another build's entry whose pid now has another start").isFalse();
        assertThat(ManagedProcess.sameProcess(recorded, java.util.OptionalLong.of(recorded + 5_000), kernelAfterAStep))
                .as("this JVM started the pid's process at another time: an older entry of the same pid").isFalse();
        assertThat(ManagedProcess.sameProcess(recorded, java.util.OptionalLong.empty(),
                java.util.Optional.of(recorded + 300))).as("another build's, kernel start close to the record").isTrue();
    }

    @Test
    void theGoalsGuardStopsWhatItStartedAndMarksItStopped() throws Exception {
        ProcessRegistry registry = new ProcessRegistry(dir.resolve("processes.csv"));
        ManagedProcess sleeper = ManagedProcess.start("sleeper", List.of("sleep", "300"), dir, dir.resolve("sleeper.log"));
        try (StopOnExit guard = new StopOnExit(registry, "test")) {
            guard.add(sleeper);
            registry.register(sleeper);

            assertThat(guard.stopNow(Duration.ofSeconds(5))).singleElement().asString().contains("stopped");
            assertThat(sleeper.isAlive()).isFalse();
            assertThat(ProcessesFile.read(registry.file())).singleElement().satisfies(e -> assertThat(e.running()).isFalse());
        } finally {
            sleeper.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void killsAProcessThatIgnoresSigterm() throws Exception {
        ManagedProcess stubborn = ManagedProcess.start("stubborn",
                // exec: one process that inherits the ignored SIGTERM, with no children of its own.
                List.of("bash", "-c", "trap '' TERM; echo ready; exec sleep 300"), dir, dir.resolve("stubborn.log"));
        try {
            // Wait until bash has exec'd into sleep, after installing the trap; a fixed sleep is not enough on a
            // loaded machine.
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!isSleep(stubborn) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(stubborn.stop(Duration.ofMillis(500))).isFalse();
            assertThat(stubborn.isAlive()).isFalse();
            assertThat(stubborn.logTail(5)).contains("ready");
        } finally {
            stubborn.stop(Duration.ofSeconds(1));
        }
    }

    private static boolean isSleep(ManagedProcess process) {
        return ProcessHandle.of(process.pid()).flatMap(h -> h.info().command()).map(c -> c.endsWith("sleep")).orElse(false);
    }
}
