package org.esbbench.smoke.round;

import org.esbbench.report.folder.ProcessesFile;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Inspects a run folder of nginx that this module's round has just made (a server nobody here wrote, installed by
 * scripts/install-nginx.sh and started by the suite from config/targets/nginx.properties): the three scenarios
 * nginx serves were measured with every reply verified, the server's CPU per message came from /proc (nginx's
 * master and workers), the routing mismatch got the SOAP fault in the preflight, and nginx was stopped with its
 * profile's signal.
 */
class NginxRunIT {
    private static final List<String> SCENARIOS = List.of("direct", "cbr-transport-header", "rest");
    private static Path runDir;

    @BeforeAll
    static void findTheRun() throws IOException {
        runDir = RoundFolder.current().runs("nginx").get(0);
        assertThat(runDir).isDirectory();
        assertThat(runDir.getFileName().toString()).endsWith("-nginx");
    }

    @Test
    void theThreeScenariosWereMeasuredWithEveryReplyCorrectAndTheServersCpuPerMessage() throws IOException {
        List<CSVRecord> summary = csv(runDir.resolve("summary.csv"));

        assertThat(summary.stream().map(r -> r.get("scenario")).collect(Collectors.toList()))
                .containsExactlyInAnyOrderElementsOf(SCENARIOS);
        for (CSVRecord r : summary) {
            String scenario = r.get("scenario");
            assertThat(Long.parseLong(r.get("samples"))).as(scenario + " samples").isPositive();
            assertThat(Long.parseLong(r.get("errors"))).as(scenario + " errors").isZero();
            assertThat(Long.parseLong(r.get("incorrect"))).as(scenario + " incorrect replies").isZero();
            assertThat(Double.parseDouble(r.get("throughput_per_s"))).as(scenario + " throughput").isPositive();
            // nginx is no JVM: its CPU time is read from /proc for the master and its workers together.
            assertThat(r.get("cpu_us_per_msg")).as(scenario + " server CPU per message").isNotEmpty();
            assertThat(Double.parseDouble(r.get("cpu_us_per_msg"))).as(scenario + " server CPU per message").isPositive();
            assertThat(Double.parseDouble(r.get("server_cpu_pct"))).as(scenario + " server CPU %").isPositive();
            // No JMX for nginx: the GC columns stay empty rather than made up.
            assertThat(r.get("gc_throughput_pct")).as(scenario + " GC throughput").isEmpty();
        }
    }

    @Test
    void thePerfMonAgentBesideNginxGaveHostCpuAndMemoryInTheSummaryAndAChartPerScenarioRun() throws IOException {
        List<CSVRecord> summary = csv(runDir.resolve("summary.csv"));

        for (CSVRecord r : summary) {
            String scenario = r.get("scenario");
            // Load generator, nginx and backend share this machine: the host was busy, and some memory is in use.
            assertThat(Double.parseDouble(r.get("host_cpu_pct"))).as(scenario + " host CPU %").isBetween(1.0, 100.0);
            assertThat(Double.parseDouble(r.get("host_memory_pct"))).as(scenario + " host memory %").isBetween(0.1, 100.0);
            // One point per scenario here: charts/<scenario>_u2_s1024_d0_r1-host.png.
            try (var charts = Files.list(runDir.resolve("charts"))) {
                List<Path> host = charts.filter(c -> c.getFileName().toString().startsWith(scenario + "_u")
                        && c.getFileName().toString().endsWith("-host.png")).collect(Collectors.toList());
                assertThat(host).as(scenario + " host chart").hasSize(1);
                assertThat(Files.size(host.get(0))).as(scenario + " host chart").isGreaterThan(1_000);
            }
        }
        List<CSVRecord> processes = csv(runDir.resolve("processes.csv"));
        CSVRecord agent = processes.stream().filter(p -> p.get("name").equals("perfmon-agent")).findFirst().orElseThrow();
        assertThat(agent.get("stoppedAtMs")).as("the agent was stopped with the run").isNotEmpty();
    }

    @Test
    void theRoutingMismatchGotTheSoapFaultInThePreflight() throws IOException {
        List<String> preflight = Files.readAllLines(runDir.resolve("preflight.log"));

        assertThat(preflight).contains("preflight direct: correct reply", "preflight cbr-transport-header: correct reply",
                "preflight rest: correct reply");
        assertThat(preflight).anyMatch(l -> l.startsWith("preflight cbr-transport-header: routing mismatch")
                && l.contains("refused with 500 and SOAP fault \"Invalid routing header\""));
    }

    @Test
    void nginxRanFromItsProfileUnderTheRunFolderAndWasStoppedWithQuit() throws IOException {
        List<CSVRecord> processes = csv(runDir.resolve("processes.csv"));
        CSVRecord server = processes.stream().filter(p -> p.get("name").equals("server")).findFirst().orElseThrow();

        assertThat(server.get("command")).contains("config/targets/nginx/run-nginx.sh", runDir.resolve("server").toString());
        assertThat(server.get("stopSignal")).isEqualTo("QUIT");
        assertThat(server.get("stoppedAtMs")).as("stopped by the stop goal").isNotEmpty();
        assertThat(ProcessesFile.stillRunning(Long.parseLong(server.get("pid")), Long.parseLong(server.get("startedAtMs"))))
                .as("nginx's master has ended").isEmpty();
        // The backend was started by the suite for this non-bundled target.
        assertThat(processes).anyMatch(p -> p.get("name").equals("backend"));
        assertThat(Files.readString(runDir.resolve("server/nginx.conf"))).contains("listen 127.0.0.1:8380;",
                "server 127.0.0.1:8688;");

        JsonNode run = new ObjectMapper().readTree(runDir.resolve("run.json").toFile());
        assertThat(run.toString()).contains("run-nginx.sh");
    }

    private static List<CSVRecord> csv(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
    }
}
