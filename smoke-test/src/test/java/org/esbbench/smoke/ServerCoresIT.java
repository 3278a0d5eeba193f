package org.esbbench.smoke;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.CpuList;
import org.esbbench.report.cores.OnlineCpus;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The smoke run's server on cores of its own (the default on a machine of two CPUs or more): the CPUs the kernel
 * allowed each process while the run went on ({@code Cpus_allowed_list} of {@code /proc/PID/status}, which the
 * monitor read into {@code affinity.csv} during the run) keep the server apart from JMeter and the backend, the
 * layout is recorded, and every point says what bounded it.
 */
class ServerCoresIT {
    private static final Path ROOT = Path.of(System.getProperty("esbbench.root", "..")).toAbsolutePath().normalize();
    private static Path runDir;
    private static CpuLayout layout;

    @BeforeAll
    static void findTheRun() throws IOException {
        runDir = Path.of(Files.readString(ROOT.resolve("suite/target/esb-bench/current-run")).strip());
        layout = CpuLayout.read(runDir).orElseThrow(() -> new AssertionError("no " + RunLayout.CPUS + " in " + runDir));
    }

    private static List<CSVRecord> rows(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
    }

    @Test
    void theServerRanOnItsOwnCpusAndJMeterAndTheBackendOnTheOthers() throws IOException {
        assertThat(OnlineCpus.count()).as("the test command's machine has two CPUs or more").isGreaterThanOrEqualTo(2);
        assertThat(layout.isolated()).as(layout.describe()).isTrue();
        assertThat(layout.server().size()).isEqualTo(OnlineCpus.count() / 2);
        List<CSVRecord> seen = rows(runDir.resolve(RunLayout.AFFINITY));
        List<String> roles = new ArrayList<>();
        for (CSVRecord r : seen) {
            String name = r.get("process");
            CpuList allowed = CpuList.parse(r.get("cpusAllowed"));
            String role = name.split("[-/]")[0];
            roles.add(role);
            if (role.equals("server")) {
                assertThat(allowed).as(name + " (pid " + r.get("pid") + ")").isEqualTo(layout.server());
            } else {
                assertThat(allowed).as(name + " (pid " + r.get("pid") + ")").isEqualTo(layout.harness());
                assertThat(allowed.disjoint(layout.server())).isTrue();
            }
        }
        assertThat(roles).as("processes read while the run went on").contains("server", "backend", "jmeter", "monitor",
                "build");
        // JMeter itself is the row named after its scenario run; its children are rows of their own (jmeter-RUN/CMD)
        List<String> jmeters = seen.stream().map(r -> r.get("process"))
                .filter(n -> n.startsWith("jmeter-") && !n.contains("/")).toList();
        List<String> scenarioRuns = rows(runDir.resolve(RunLayout.SCENARIO_RUNS)).stream()
                .map(r -> "jmeter-" + r.get("name")).toList();
        assertThat(scenarioRuns).hasSize(rows(runDir.resolve(RunLayout.POINTS)).size());
        assertThat(jmeters).as("one JMeter per scenario run, each read once").containsExactlyInAnyOrderElementsOf(scenarioRuns);
    }

    @Test
    void runJsonRecordsTheLayoutAndEveryPointSaysWhatBoundedIt() throws IOException {
        assertThat(new ObjectMapper().readTree(runDir.resolve(RunLayout.RUN_JSON).toFile()).path("cpus").path("server")
                .asText()).isEqualTo(layout.server().toString());
        for (CSVRecord r : rows(runDir.resolve(RunLayout.POINTS))) {
            String flags = r.get("flags");
            long bounds = java.util.stream.Stream.of("server-bound: ", "generator-bound: ", "load-bound: ")
                    .filter(flags::contains).count();
            assertThat(bounds).as(r.get("scenario") + " repeat " + r.get("repeat") + ": " + flags).isEqualTo(1);
            assertThat(flags).doesNotContain("machine-saturated");
            // nothing outside the run took the server's CPUs (NeighbourIT is the case where something did)
            assertThat(flags).doesNotContain("server-cpus-shared");
            assertThat(r.get("server_cores_busy_pct")).isNotBlank();
            assertThat(r.get("generator_cores_busy_pct")).isNotBlank();
            // a net figure, or (20 arrivals/s over 4 s is within the idle JVM's noise) the flag that says why not
            assertThat(!r.get("net_cpu_us_per_msg").isBlank() || flags.contains("net-cpu-not-measurable: "))
                    .as(r.get("scenario") + " " + r.get("rate") + "/s: net CPU per msg or why not: " + flags).isTrue();
            assertThat(r.get("net_cpu_spread_us")).isNotBlank();
        }
    }
}
