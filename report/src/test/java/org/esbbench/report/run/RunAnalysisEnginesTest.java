package org.esbbench.report.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.folder.EnginesFile;
import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.LoadSplit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run whose load came from two local JMeter engines: what generators.json and the engines' CPU add. */
class RunAnalysisEnginesTest {
    @TempDir
    java.nio.file.Path results;

    @Test
    void runJsonPointsCsvAndTheSummaryTellTheEnginesTheirSharesAndTheirCpu() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "engines").write();
        long start = AnalysableRunFixture.START;
        new EnginesFile("local", true, "StrippedAsynch", "127.0.0.1", 0, LoadSplit.RULE, List.of(
                new EnginesFile.Engine("engine-1", "127.0.0.1", 50001, 50002, true, 201, 2, "5.6.3", "17.0.15",
                        "perf.reply.engine-1", 40, 0),
                new EnginesFile.Engine("engine-2", "127.0.0.1", 50003, 50004, true, 202, 2, "5.6.3", "17.0.15",
                        "perf.reply.engine-2", 40, 0))).write(layout.dir());
        // engine-1 restarted once during the run: two entries under one name
        List<ProcessesFile.Entry> processes = new ArrayList<>(ProcessesFile.read(layout.processes()));
        processes.add(new ProcessesFile.Entry("engine-1", 201, start - 5_000, OptionalLong.of(start + 40_000),
                "logs/engine-1.out", "java -jar ApacheJMeter-5.6.3.jar -s"));
        processes.add(new ProcessesFile.Entry("engine-2", 202, start - 5_000, OptionalLong.of(start + 200_000),
                "logs/engine-2.out", "java -jar ApacheJMeter-5.6.3.jar -s"));
        processes.add(new ProcessesFile.Entry("engine-1", 203, start + 41_000, OptionalLong.of(start + 200_000),
                "logs/engine-1.out", "java -jar ApacheJMeter-5.6.3.jar -s"));
        ProcessesFile.write(layout.processes(), processes);
        // over the whole run on 2 cores: client 0.2 core (10 %), engine-1 1.2 (60 %), engine-2 0.2 (10 %), machine 95 %
        StringBuilder cpu = new StringBuilder("epochMs,process,cpuMs\n");
        for (long t = start - 1_000; t <= start + 200_000; t += 1_000) {
            long s = t - start + 1_000;
            cpu.append(t).append(",jmeter,").append(s / 5).append('\n')
                    .append(t).append(",engine-1,").append(s * 6 / 5).append('\n')
                    .append(t).append(",engine-2,").append(s / 5).append('\n')
                    .append(t).append(",machine,").append(s * 19 / 10).append('\n');
        }
        Files.writeString(layout.cpu(), cpu);

        RunAnalysis.analyse(layout, AnalysisOptions.defaults(), l -> { });

        JsonNode json = new ObjectMapper().readTree(layout.runJson().toFile());
        JsonNode generators = json.path("generators");
        assertThat(generators.path("kind").asText()).isEqualTo("local");
        assertThat(generators.path("rmiSsl").asBoolean()).isTrue();
        assertThat(generators.path("mode").asText()).isEqualTo("StrippedAsynch");
        assertThat(generators.path("splitRule").asText()).isEqualTo(LoadSplit.RULE);
        assertThat(generators.path("engines")).hasSize(2);
        assertThat(generators.path("engines").get(0).path("address").asText()).isEqualTo("127.0.0.1:50001");
        assertThat(generators.path("engines").get(0).path("processes")).as("both starts of engine-1").hasSize(2);
        assertThat(generators.path("engines").get(0).path("processes").get(1).path("pid").asLong()).isEqualTo(203);
        assertThat(json.path("processes").fieldNames()).toIterable().containsExactly("server");

        JsonNode five = json.path("points").get(0);
        assertThat(five.path("users").asInt()).isEqualTo(5);
        assertThat(five.path("engineShares").toString()).isEqualTo("{\"engine-1\":3,\"engine-2\":2}");
        assertThat(json.path("points").get(1).path("engineShares").toString()).isEqualTo("{\"engine-1\":5,\"engine-2\":5}");
        assertThat(five.path("engines").path("engine-1").path("cpuPct").asDouble()).isCloseTo(60, within(0.5));
        assertThat(five.path("engines").path("engine-2").path("hostCpuPct").asDouble()).isCloseTo(95, within(0.5));
        assertThat(five.path("figures").path("generator_cpu_pct").asDouble()).isCloseTo(80, within(0.5));
        assertThat(five.path("figures").path("client_cpu_pct").asDouble()).isCloseTo(10, within(0.5));
        assertThat(five.path("flags").toString()).contains("engine-saturated[engine-1]");

        try (Reader in = Files.newBufferedReader(layout.points())) {
            List<CSVRecord> rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)
                    .getRecords();
            assertThat(Double.parseDouble(rows.get(0).get("busiest_engine_cpu_pct"))).isCloseTo(60, within(0.5));
            assertThat(Double.parseDouble(rows.get(0).get("busiest_engine_host_cpu_pct"))).isCloseTo(95, within(0.5));
            assertThat(rows.get(0).get("flags")).contains("engine-saturated[engine-1]: host this machine");
        }
        assertThat(layout.summaryMd()).content()
                .contains("Load from 2 JMeter engines on this machine, started by the suite (engine-1 127.0.0.1:50001,"
                        + " engine-2 127.0.0.1:50003)", "RMI over SSL", "5 users → 3 + 2; 10 users → 5 + 5",
                        "| busiest engine CPU % |", "engine-saturated[engine-k] flags a row");
    }
}
