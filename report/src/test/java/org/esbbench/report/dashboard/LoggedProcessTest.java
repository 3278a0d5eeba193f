package org.esbbench.report.dashboard;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LoggedProcessTest {
    @TempDir
    Path dir;

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    @Test
    void logsTheOutputAndGivesTheExitCode() throws Exception {
        Path log = dir.resolve("out.log");

        int exit = LoggedProcess.run(List.of(java(), "-version"), dir, log, Duration.ofMinutes(1));

        assertThat(exit).isZero();
        assertThat(Files.readString(log)).contains("version");
        assertThat(LoggedProcess.tail(log, 1)).doesNotContain("\n");
    }

    @Test
    void stopsAProcessThatOutlivesItsTimeout() throws IOException {
        // A JVM that would sleep for a minute, running a single-file program.
        Path program = Files.writeString(dir.resolve("Sleeper.java"),
            "class Sleeper { public static void main(String[] a) throws Exception { System.out.println(\"asleep\");"
                + " Thread.sleep(60_000); } }");
        long before = ProcessHandle.current().children().count();

        assertThatThrownBy(() -> LoggedProcess.run(List.of(java(), program.toString()), dir, dir.resolve("s.log"),
                Duration.ofSeconds(5)))
            .isInstanceOf(IOException.class).hasMessageContaining("did not finish within 5 s");

        assertThat(ProcessHandle.current().children().count()).isEqualTo(before);
    }
}
