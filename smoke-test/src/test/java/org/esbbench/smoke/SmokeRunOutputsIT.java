package org.esbbench.smoke;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.core.Scenario;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Inspects the run the smoke profile has just made (the suite module runs before this one in the reactor):
 * every scenario has a row, counts are non-zero, nothing failed, and every file a run promises exists and
 * parses. With {@code .ci/run} on a fresh clone this is the smoke profile run from a clean checkout.
 */
class SmokeRunOutputsIT {
    private static final Path ROOT = Path.of(System.getProperty("esbbench.root", "..")).toAbsolutePath().normalize();
    private static Path runDir;

    @BeforeAll
    static void findTheRun() throws IOException {
        // Written by esb-bench:check at the start of this build's suite run.
        Path runFile = ROOT.resolve("suite/target/esb-bench/run.properties");
        assertThat(runFile).as("the suite's run record of this build").exists();
        Properties run = new Properties();
        try (Reader in = Files.newBufferedReader(runFile)) {
            run.load(in);
        }
        runDir = Path.of(run.getProperty("runDir"));
        assertThat(runDir).isDirectory();
    }

    @Test
    void summaryHasOneCleanRowWithSamplesPerScenario() throws IOException {
        Map<String, CSVRecord> rows = csv(runDir.resolve("summary.csv")).stream()
                .collect(Collectors.toMap(r -> r.get("scenario"), Function.identity()));

        assertThat(rows.keySet()).containsExactlyInAnyOrderElementsOf(Scenario.ids());
        rows.forEach((scenario, row) -> {
            assertThat(Long.parseLong(row.get("samples"))).as(scenario + " samples").isPositive();
            assertThat(Double.parseDouble(row.get("throughput_per_s"))).as(scenario + " throughput").isPositive();
            assertThat(Double.parseDouble(row.get("error_pct"))).as(scenario + " errors").isZero();
            assertThat(Long.parseLong(row.get("incorrect_replies"))).as(scenario + " incorrect replies").isZero();
            assertThat(Long.parseLong(row.get("p99_ms"))).as(scenario + " p99").isGreaterThanOrEqualTo(Long.parseLong(row.get("p50_ms")));
            assertThat(row.get("cpu_us_per_msg")).as(scenario + " CPU per message of the started server").isNotEmpty();
        });
        assertThat(Files.readString(runDir.resolve("summary.md"))).contains("| scenario |").doesNotContain("## What failed");
    }

    @Test
    void everyScenarioResultsFileHasNoFailedSample() throws IOException {
        for (String scenario : Scenario.ids()) {
            List<CSVRecord> samples = csv(runDir.resolve(scenario + ".csv"));
            assertThat(samples).as(scenario + " results").isNotEmpty();
            assertThat(samples).as(scenario + " failed samples")
                    .allSatisfy(r -> assertThat(r.get("success")).as(r.get("failureMessage")).isEqualTo("true"));
        }
    }

    @Test
    void runJsonHoldsWhatIsNeededToReproduceTheRun() throws IOException {
        JsonNode run = new ObjectMapper().readTree(runDir.resolve("run.json").toFile());

        assertThat(run.path("outcome").asText()).isEqualTo("passed");
        assertThat(run.path("git").path("commit").asText()).isNotBlank();
        assertThat(run.path("versions").path("jmeter").asText()).isEqualTo("5.6.3");
        assertThat(run.path("machine").path("cores").asInt()).isPositive();
        assertThat(run.path("parameters").path("users").asInt()).isPositive();
        assertThat(run.path("processes").path("server").path("command").asText()).contains("-Xmx").contains("-Xlog:gc");
        assertThat(run.path("processes").path("backend").path("command").asText()).contains("backend-netty.jar");
        assertThat(run.path("times").path("startedAt").asText()).isNotBlank();
        assertThat(run.path("times").path("stoppedAt").asText()).isNotBlank();
        assertThat(run.path("scenarios")).hasSize(Scenario.values().length);
        assertThat(run.path("failures")).isEmpty();
    }

    @Test
    void logsOfStartedProcessesAndTheServerGcLogAreKept() throws IOException {
        for (String file : List.of("backend.log", "server.log", "server-gc.log", "cpu.csv")) {
            assertThat(runDir.resolve(file)).as(file).isNotEmptyFile();
        }
        assertThat(Files.readString(runDir.resolve("server-gc.log"))).contains("gc");
        Path latest = ROOT.resolve("results/latest");
        assertThat(latest).exists();
        assertThat(latest.toRealPath()).isEqualTo(runDir.toRealPath());
    }

    private static List<CSVRecord> csv(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
    }
}
