package org.esbbench.maven.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.points.LoadSplit;
import org.esbbench.report.folder.EnginesFile;
import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunMonitorEnginesTest {
    @TempDir
    Path run;

    /**
     * A run with two local engines: the monitor follows engine-1, a real busy process registered under that name in
     * processes.csv, into cpu.csv; engine-2 has no running process and so no row, and a remote engine without a
     * PerfMon agent has none either.
     */
    @Test
    void followsEachLocalEngineByItsNameInTheProcessesFile() throws Exception {
        Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            RunLayout layout = new RunLayout(run);
            ProcessesFile.write(layout.processes(), List.of(new ProcessesFile.Entry("engine-1", busy.pid(),
                    System.currentTimeMillis(), OptionalLong.empty(), "logs/engine-1.out", "sh -c busy")));
            new EnginesFile("local", true, "StrippedAsynch", "127.0.0.1", 0, LoadSplit.RULE, List.of(
                    engine("engine-1", true, busy.pid(), 0), engine("engine-2", true, 1, 0),
                    engine("engine-3", false, 77, 0))).write(run);

            RunMonitor monitor = new RunMonitor(new RunMonitor.Options(run, null, null, false, Duration.ofSeconds(5),
                    Duration.ofMillis(100)));
            monitor.begin();
            Thread.sleep(700);
            monitor.close();

            List<CSVRecord> rows;
            try (Reader in = Files.newBufferedReader(layout.cpu())) {
                rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
            }
            List<Long> engine1 = rows.stream().filter(r -> r.get("process").equals("engine-1"))
                    .map(r -> Long.parseLong(r.get("cpuMs"))).toList();
            assertThat(engine1).as("a reading at the start and one at the close").hasSize(2);
            assertThat(engine1.get(1) - engine1.get(0)).as("the busy engine's CPU over ~0.7 s").isGreaterThan(50);
            assertThat(rows).extracting(r -> r.get("process")).contains("machine", "engine-1")
                    .doesNotContain("engine-2", "engine-3", "engine-3.host");
        } finally {
            busy.destroyForcibly();
            busy.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static EnginesFile.Engine engine(String id, boolean local, long pid, int perfmonPort) {
        return new EnginesFile.Engine(id, local ? "127.0.0.1" : "10.0.0.5", 50001, 50002, local, pid, 2, "5.6.3",
                "17", "perf.reply." + id, 40, perfmonPort);
    }
}
