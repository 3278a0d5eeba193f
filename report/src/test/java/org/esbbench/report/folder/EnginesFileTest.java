package org.esbbench.report.folder;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.esbbench.report.points.LoadSplit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnginesFileTest {

    @TempDir
    Path run;

    @Test
    void writesAndReadsBack() throws Exception {
        EnginesFile file = new EnginesFile("local", true, "StrippedAsynch", "127.0.0.1", 0, LoadSplit.RULE,
                List.of(new EnginesFile.Engine("engine-1", "127.0.0.1", 50001, 50002, true, 4711, 2, "5.6.3",
                                "17.0.15", "perf.reply.engine-1", 40, 0),
                        new EnginesFile.Engine("engine-2", "127.0.0.1", 50003, 50004, true, 4712, 2, "5.6.3",
                                "17.0.15", "perf.reply.engine-2", 40, 0)));
        file.write(run);

        assertThat(EnginesFile.read(run)).contains(file);
        assertThat(file.engines().get(1).address()).isEqualTo("127.0.0.1:50003");
        assertThat(file.shares(3)).containsExactly(2, 1);
    }

    @Test
    void aRunWithoutEnginesHasNoFile() throws Exception {
        assertThat(EnginesFile.read(run)).isEmpty();
    }
}
