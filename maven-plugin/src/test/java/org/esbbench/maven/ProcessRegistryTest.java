package org.esbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessRegistryTest {
    @TempDir
    Path dir;

    @Test
    void stopsWhatItStartedAndForgetsItsState() throws Exception {
        Path state = dir.resolve("processes.properties");
        ManagedProcess sleeper = ManagedProcess.start("sleeper", List.of("sleep", "300"), dir, dir.resolve("sleeper.log"));
        try {
            ProcessRegistry.register(sleeper, state);
            assertThat(ProcessRegistry.running(state)).extracting(ManagedProcess::pid).contains(sleeper.pid());

            List<String> report = ProcessRegistry.stopAll(state, Duration.ofSeconds(5));

            assertThat(report).singleElement().asString().contains("stopped");
            assertThat(ProcessHandle.of(sleeper.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            assertThat(state).doesNotExist();
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
