package org.esbbench.report.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoggedChildTest {
    @TempDir
    Path dir;

    @Test
    void aChildsOutputAndErrorsGoToItsLogAndItsInputIsClosed() throws Exception {
        Path log = dir.resolve("logs/child.log");
        Process p = LoggedChild.start(List.of("sh", "-c", "echo out; echo err >&2; cat; echo done"), dir, log);
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).as("cat ends on the closed input").isTrue();
        assertThat(Files.readAllLines(log)).containsExactly("out", "err", "done");
    }

    @Test
    void theTailIsTheLastLinesEvenOfAHugeLog() throws Exception {
        Path log = dir.resolve("big.log");
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 100_000; i++) {
            text.append("line ").append(i).append('\n');
        }
        Files.writeString(log, text);
        assertThat(LoggedChild.tail(log, 2)).isEqualTo("line 99999" + System.lineSeparator() + "line 100000");
        assertThat(LoggedChild.tail(dir.resolve("missing.log"), 3)).startsWith("(no log: ");
    }
}
