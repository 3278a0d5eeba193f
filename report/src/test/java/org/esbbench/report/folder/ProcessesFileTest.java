package org.esbbench.report.folder;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessesFileTest {

    @Test
    void theProcessGroupIsWrittenAndReadBack(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("processes.csv");
        ProcessesFile.Entry server = new ProcessesFile.Entry("server", 4242, 1_000L, OptionalLong.empty(), "server.log",
                "run-nginx.sh /w 127.0.0.1 8380", "QUIT", OptionalLong.of(4242));
        ProcessesFile.Entry jmeter = new ProcessesFile.Entry("jmeter-x", 4300, 2_000L, OptionalLong.of(3_000L), "j.log",
                "jmeter -n");
        ProcessesFile.write(file, List.of(server, jmeter));

        assertThat(ProcessesFile.read(file)).containsExactly(server, jmeter);
        assertThat(ProcessesFile.read(file).get(1).processGroup()).isEmpty();
        assertThat(ProcessesFile.read(file).get(0).stoppedAt(5_000L).processGroup()).hasValue(4242);
    }

    /** A resumed run reads the processes.csv of an earlier session, written before the columns existed. */
    @Test
    void aFileWithoutTheNewerColumnsStillReads(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("processes.csv");
        Files.writeString(file, """
                name,pid,startedAtMs,stoppedAtMs,log,command
                server,101,1000,,server.log,java -jar x.jar
                backend,102,900,2000,backend.log,java -jar b.jar
                """);

        List<ProcessesFile.Entry> entries = ProcessesFile.read(file);

        assertThat(entries).extracting(ProcessesFile.Entry::name).containsExactly("server", "backend");
        assertThat(entries).allSatisfy(e -> {
            assertThat(e.processGroup()).isEmpty();
            assertThat(e.stopSignal()).isEqualTo(ProcessesFile.DEFAULT_STOP_SIGNAL);
        });
        assertThat(entries.get(0).running()).isTrue();
    }

    @Test
    void aFileWithTheStopSignalButNoGroupStillReads(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("processes.csv");
        Files.writeString(file, """
                name,pid,startedAtMs,stoppedAtMs,log,command,stopSignal
                server,101,1000,,server.log,nginx,QUIT
                """);

        assertThat(ProcessesFile.read(file)).singleElement().satisfies(e -> {
            assertThat(e.stopSignal()).isEqualTo("QUIT");
            assertThat(e.processGroup()).isEmpty();
        });
    }
}
