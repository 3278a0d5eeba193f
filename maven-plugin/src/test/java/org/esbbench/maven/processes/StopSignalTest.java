package org.esbbench.maven.processes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.esbbench.report.folder.ProcessesFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StopSignalTest {
    @TempDir
    Path dir;

    @Test
    void parsesTheUsualSpellings() throws Exception {
        assertThat(StopSignal.parse("quit")).isEqualTo(StopSignal.QUIT);
        assertThat(StopSignal.parse(" SIGINT ")).isEqualTo(StopSignal.INT);
        assertThatThrownBy(() -> StopSignal.parse("USR1")).hasMessageContaining("not one of TERM, INT, QUIT, KILL");
        assertThat(StopSignal.recorded("garbage")).isEqualTo(StopSignal.TERM);
    }

    /** A server that stops gracefully on QUIT only (as nginx does) gets QUIT from the registry's stop, recorded in processes.csv. */
    @Test
    void theStopGoalSendsTheRecordedSignal() throws Exception {
        Path marker = dir.resolve("quit-received");
        // Ignores TERM; on QUIT writes the marker and exits 0.
        String script = "trap '' TERM; trap 'touch " + marker + "; exit 0' QUIT; while :; do sleep 0.1; done";
        ManagedProcess server = ManagedProcess.start("server", List.of("sh", "-c", script), dir, dir.resolve("server.log"))
                .stoppedWith(StopSignal.QUIT);
        try {
            ProcessRegistry registry = new ProcessRegistry(dir.resolve("processes.csv"));
            registry.register(server);
            assertThat(ProcessesFile.read(registry.file())).singleElement()
                    .satisfies(e -> assertThat(e.stopSignal()).isEqualTo("QUIT"));
            Thread.sleep(300); // the traps are set

            // A later goal reads the signal back from the file.
            List<String> report = new ProcessRegistry(registry.file()).stopAll(Duration.ofSeconds(10));

            assertThat(report).singleElement().asString().endsWith(" stopped");
            assertThat(marker).exists();
        } finally {
            server.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void aServerThatIgnoresItsSignalIsKilledAfterTheGracePeriod() throws Exception {
        ManagedProcess stubborn = ManagedProcess.start("server", List.of("sh", "-c", "trap '' INT; while :; do sleep 0.1; done"),
                dir, dir.resolve("stubborn.log")).stoppedWith(StopSignal.INT);
        Thread.sleep(300);
        assertThat(stubborn.stop(Duration.ofSeconds(1))).isFalse();
        assertThat(stubborn.isAlive()).isFalse();
    }

    @Test
    void aProcessesFileWithoutTheColumnReadsAsTerm() throws Exception {
        Path csv = dir.resolve("processes.csv");
        Files.writeString(csv, "name,pid,startedAtMs,stoppedAtMs,log,command\nserver,1,2,,server.log,java -jar x\n");
        assertThat(ProcessesFile.read(csv)).singleElement().satisfies(e -> assertThat(e.stopSignal()).isEqualTo("TERM"));
    }
}
