package org.esbbench.smoke;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.core.Scenario;
import org.esbbench.report.samples.Statistics;
import org.esbbench.report.samples.Window;
import org.esbbench.report.samples.WindowedResults;
import org.esbbench.report.run.LoadStart;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Inspects the run the smoke profile has just made (the suite module runs before this one in the reactor):
 * every point of every scenario has its figures, nothing failed, JMeter's own dashboard of each
 * measurement window counts exactly the samples the analysis counted, and every file a run promises (charts,
 * latency distributions, run.json, the results index) exists. With {@code .ci/run} on a fresh clone this is
 * the smoke profile run from a clean checkout.
 */
class SmokeRunOutputsIT {
    private static final Path ROOT = Path.of(System.getProperty("esbbench.root", "..")).toAbsolutePath().normalize();
    private static Path runDir;

    @BeforeAll
    static void findTheRun() throws IOException {
        // esb-bench:check points the build's later goals at the run folder it made, through this one file.
        Path pointer = ROOT.resolve("suite/target/esb-bench/current-run");
        assertThat(pointer).as("the suite's pointer to this build's run").exists();
        runDir = Path.of(Files.readString(pointer).strip());
        assertThat(runDir).isDirectory();
        assertThat(runDir.resolve(RunLayout.RUN_PARAMETERS)).as("the run parameters check wrote").isRegularFile();
    }

    private static JsonNode runJson() throws IOException {
        return new ObjectMapper().readTree(runDir.resolve("run.json").toFile());
    }

    /** The plan ids of the run: every scenario, then the plans of one's own. */
    private static List<String> planIds() throws IOException {
        List<String> ids = new java.util.ArrayList<>();
        runJson().path("parameters").path("plans").forEach(p -> ids.add(p.path("id").asText()));
        return ids;
    }

    /** Points per plan: one per users value (closed model) and one per rate (open model). */
    private static int pointsPerPlan() throws IOException {
        JsonNode parameters = runJson().path("parameters");
        return parameters.path("users").size() * (parameters.path("models").toString().contains("closed") ? 1 : 0)
                + parameters.path("rates").size() * (parameters.path("models").toString().contains("open") ? 1 : 0);
    }

    /** direct_u2_s1024_d0_r1, or direct_r40_s1024_d0_r1 for an open-model point. */
    private static String runName(CSVRecord r) {
        String load = Integer.parseInt(r.get("rate")) > 0 ? "_r" + r.get("rate") : "_u" + r.get("users");
        return r.get("scenario") + load + "_s" + r.get("size_bytes") + "_d" + r.get("delay_ms") + "_r" + r.get("repeat");
    }

    @Test
    void everyPointHasCleanFiguresWithServerAndMachineFigures() throws IOException {
        JsonNode parameters = runJson().path("parameters");
        int repeats = parameters.path("repeats").asInt();
        // Two points per plan, one of each load model; a sweep over several concurrencies is run and checked point
        // by point by smoke-resume (users 1,2, ResumeRunIT) and smoke-drills (users 1,2,3).
        assertThat(parameters.path("users").size() + parameters.path("rates").size()).as("the smoke run's points per plan")
                .isGreaterThan(1);
        // One repeat: the figures of several are held on smoke-resume's run (ResumeRunIT, RepeatFigures).
        assertThat(repeats).as("the smoke run's repeats").isEqualTo(1);
        assertThat(parameters.path("models").toString()).as("both load models").contains("closed", "open");

        List<CSVRecord> rows = csv(runDir.resolve("points.csv"));

        assertThat(rows).hasSize(planIds().size() * pointsPerPlan() * repeats);
        assertThat(rows.stream().map(r -> r.get("scenario")).collect(Collectors.toSet()))
                .containsExactlyInAnyOrderElementsOf(planIds())
                // Plans of one's own ran beside the catalogue: the GUI-edited copy and the examples.
                .containsAll(Scenario.ids()).contains("direct-edited").hasSizeGreaterThan(Scenario.values().length + 1);
        assertThat(rows).as("open-model points").anyMatch(r -> Integer.parseInt(r.get("rate")) > 0);
        for (CSVRecord r : rows) {
            String name = runName(r);
            assertThat(Long.parseLong(r.get("samples"))).as(name + " samples").isPositive();
            assertThat(Long.parseLong(r.get("errors"))).as(name + " errors").isZero();
            assertThat(Long.parseLong(r.get("incorrect"))).as(name + " incorrect replies").isZero();
            for (String figure : List.of("stddev_ms", "p99_9_ms", "cpu_us_per_msg", "server_cpu_pct", "generator_cpu_pct",
                    "backend_cpu_pct", "backend_cpu_us_per_msg", "generator_cpu_us_per_sample", "machine_cpu_pct",
                    "gc_throughput_pct", "heap_after_full_gc_mb")) {
                assertThat(r.get(figure)).as(name + " " + figure).isNotEmpty();
            }
            assertThat(Double.parseDouble(r.get("generator_cpu_us_per_sample"))).as(name + " JMeter's CPU per sample")
                    .isPositive();
            assertThat(Double.parseDouble(r.get("gc_throughput_pct"))).as(name + " GC throughput").isBetween(0.0, 100.0);
            assertThat(Double.parseDouble(r.get("heap_after_full_gc_mb"))).as(name + " heap after full GC").isPositive();
        }
    }

    /**
     * Latency to the microsecond: every point was timed by the plans' microsecond element, and every closed-model
     * point's p50 is given with three decimals and is not 0 (JMeter's whole milliseconds gave {@code 0} for most
     * of them); the summary leads with a headline of at most 12 columns, and no file of the run prints
     * six-decimal zeros.
     */
    @Test
    void latencyIsGivenToTheMicrosecondAndTheSummaryLeadsWithAHeadline() throws IOException {
        for (CSVRecord r : csv(runDir.resolve("points.csv"))) {
            assertThat(r.get("latency_timing")).as(runName(r) + " timed in microseconds").isEqualTo("us");
        }
        for (CSVRecord s : csv(runDir.resolve("summary.csv"))) {
            if (Integer.parseInt(s.get("rate")) == 0) {
                String point = s.get("scenario") + " at " + s.get("users") + " users";
                assertThat(Double.parseDouble(s.get("p50_ms"))).as(point + " p50").isPositive();
            }
        }
        String md = Files.readString(runDir.resolve(RunLayout.SUMMARY_MD));
        String header = md.lines().filter(l -> l.startsWith("| scenario |")).findFirst().orElseThrow();
        assertThat(header.split("\\|", -1).length - 2).as("columns of summary.md's first table: " + header)
                .isBetween(8, 12);
        assertThat(md).contains("Latency timed in microseconds");
        for (CSVRecord s : csv(runDir.resolve("summary.csv"))) {
            if (Integer.parseInt(s.get("rate")) == 0) {
                String p50 = md.lines().filter(l -> l.startsWith("| " + s.get("scenario") + " | " + s.get("users") + " |"))
                        .findFirst().orElseThrow().split("\\|")[6].strip();
                assertThat(p50).as(s.get("scenario") + " p50 in summary.md").matches("\\d+\\.\\d{3}( .*)?")
                        .isNotEqualTo("0.000");
            }
        }
        try (var files = Files.walk(runDir)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> f.toString().matches(".*\\.(csv|md|json|html)$"))
                    .toList()) {
                assertThat(Files.readString(f)).as(runDir.relativize(f) + " prints no six-decimal zeros")
                        .doesNotContain("0.000000");
            }
        }
    }

    @Test
    void everyResultsFileHasNoFailedSample() throws IOException {
        try (var files = Files.list(runDir.resolve("jtl"))) {
            List<Path> jtls = files.toList();
            assertThat(jtls).hasSize(csv(runDir.resolve("points.csv")).size());
            for (Path jtl : jtls) {
                assertThat(csv(jtl)).as(jtl.getFileName() + " failed samples")
                        .isNotEmpty()
                        .allSatisfy(r -> assertThat(r.get("success")).as(r.get("failureMessage")).isEqualTo("true"));
            }
        }
    }

    @Test
    void jmeterDashboardOfEachWindowCountsExactlyWhatTheAnalysisCounted() throws IOException {
        JsonNode parameters = runJson().path("parameters");
        long warmupMs = parameters.path("warmupSeconds").asLong() * 1000;
        long measurementMs = parameters.path("measurementSeconds").asLong() * 1000;
        for (CSVRecord r : csv(runDir.resolve("points.csv"))) {
            Path dashboard = runDir.resolve(r.get("dashboard"));
            assertThat(dashboard).as("dashboard of " + r.get("scenario")).isNotEmptyFile();
            JsonNode total = new ObjectMapper().readTree(dashboard.resolveSibling("statistics.json").toFile()).path("Total");
            String name = runName(r);
            RunLayout layout = new RunLayout(runDir);
            Window window = WindowedResults.read(layout.results(name), warmupMs, measurementMs,
                    LoadStart.of(layout, name)).window();
            // JMeter's dashboard is of its whole-ms elapsed, whether or not the file has elapsed_us.
            Statistics ours = WindowedResults.readWholeMillis(layout.results(name), window).measurement();

            assertThat(total.path("sampleCount").asLong()).as(name + " count").isEqualTo(ours.samples());
            assertThat(total.path("errorCount").asLong()).as(name + " errors").isEqualTo(ours.errors() + ours.incorrect());
            assertThat(total.path("minResTime").asDouble()).as(name + " min").isEqualTo(ours.minMillis());
            assertThat(total.path("maxResTime").asDouble()).as(name + " max").isEqualTo(ours.maxMillis());
            assertThat(total.path("meanResTime").asDouble()).as(name + " mean").isCloseTo(ours.meanMillis(), within(1e-9));
        }
    }

    @Test
    void chartsLatencyDistributionsAndTheResultsIndexAreWritten() throws IOException {
        for (String scenario : planIds()) {
            // One chart of each figure per load model: against users, and against arrivals per second.
            for (String model : List.of("-users", "-arrivals")) {
                for (String chart : List.of("-throughput_per_s.png", "-throughput_per_s.svg", "-p99_ms.png", "-p99_ms.svg",
                        "-p99_9_ms.png", "-stddev_ms.png", "-mean_ms.png", "-p50_ms.png", "-p90_ms.png", "-p95_ms.png",
                        "-error_pct.png", "-incorrect_pct.png", "-cpu_us_per_msg.png", "-gc_throughput_pct.png",
                        "-heap_after_full_gc_mb.png")) {
                    assertThat(runDir.resolve("charts").resolve(scenario + model + chart)).as(scenario + model + chart)
                            .isNotEmptyFile();
                }
            }
            assertThat(runDir.resolve("charts").resolve(scenario + "-throughput_per_s.png"))
                    .as("no chart of both models on one axis").doesNotExist();
            // The drawn axes: users on one, arrivals per second on the other, never both.
            String users = Files.readString(runDir.resolve("charts").resolve(scenario + "-users-throughput_per_s.svg"));
            String arrivals = Files.readString(runDir.resolve("charts").resolve(scenario + "-arrivals-throughput_per_s.svg"));
            assertThat(users).as(scenario + " users chart").contains("Concurrent users").doesNotContain("arrivals/s");
            assertThat(arrivals).as(scenario + " arrivals chart").contains("Arrival rate (arrivals/s")
                    .doesNotContain("Concurrent users");
        }
        for (CSVRecord r : csv(runDir.resolve("points.csv"))) {
            String name = runName(r);
            assertThat(csv(runDir.resolve("latency").resolve(name + ".csv"))).as(name + " latency distribution").isNotEmpty();
        }
        String index = Files.readString(ROOT.resolve("results/index.html"));
        assertThat(index).contains(runDir.getFileName().toString()).contains("<table").contains("<img");
    }

    @Test
    void runJsonHoldsWhatIsNeededToReproduceTheRun() throws IOException {
        JsonNode json = runJson();

        assertThat(json.path("outcome").asText()).isEqualTo("passed");
        assertThat(json.path("git").path("commit").asText()).isNotBlank();
        assertThat(json.path("versions").path("jmeter").asText()).isEqualTo("5.6.3");
        assertThat(json.path("machine").path("cores").asInt()).isPositive();
        // The suite's own management connector, on loopback only (not the JDK's agent, whose local connector
        // listens on every interface).
        assertThat(json.path("processes").path("server").path("command").asText()).contains("-Xmx").contains("-Xlog:gc")
                .contains("-javaagent:").contains("management-agent.jar=127.0.0.1:").doesNotContain("jmxremote");
        assertThat(json.path("processes").path("backend").path("command").asText()).contains("backend-netty.jar");
        assertThat(json.path("times").path("startedAt").asText()).isNotBlank();
        assertThat(json.path("times").path("endedAt").asText()).isNotBlank();
        assertThat(json.path("points").get(0).path("figures").path("p99_9_ms").isNumber()).isTrue();
        assertThat(json.path("points")).hasSize(planIds().size() * pointsPerPlan());
        for (String parameter : List.of("rampupSeconds", "reuse", "connectTimeoutMs", "responseTimeoutMs", "wsSuite",
                "wsMode", "wsPool", "models", "rates")) {
            assertThat(json.path("parameters").has(parameter)).as("run.json records " + parameter).isTrue();
        }
        assertThat(json.path("failures")).isEmpty();
    }

    /**
     * Every measurement window, of both load models, had load from its first to its last second: computed here
     * from the raw files alone (the load's start JMeter's hook printed, the samples' start times), not
     * from the analysis. The window starts on the first whole second at or after load start + warm-up and lasts
     * the measurement; its first and last samples must start within a second of its bounds, and load must go on
     * past its end (the tail the analysis drops).
     */
    @Test
    void everyMeasurementWindowIsCoveredByLoadFromItsFirstToItsLastSecond() throws IOException {
        JsonNode parameters = runJson().path("parameters");
        long warmupMs = parameters.path("warmupSeconds").asLong() * 1000;
        long measurementMs = parameters.path("measurementSeconds").asLong() * 1000;
        java.util.regex.Pattern loadStart = java.util.regex.Pattern.compile("esb-bench: load started at (\\d+)");
        Set<String> models = new java.util.TreeSet<>();
        for (CSVRecord r : csv(runDir.resolve("points.csv"))) {
            String name = runName(r);
            String out = Files.readString(runDir.resolve("logs").resolve("jmeter-" + name + ".out"));
            java.util.regex.Matcher m = loadStart.matcher(out);
            assertThat(m.find()).as(name + ": the load timer's line in its JMeter output").isTrue();
            long start = (Long.parseLong(m.group(1)) + warmupMs + 999) / 1000 * 1000;
            long end = start + measurementMs;
            List<Long> starts = csv(new RunLayout(runDir).results(name)).stream()
                    .map(s -> Long.parseLong(s.get("timeStamp"))).toList();
            List<Long> inWindow = starts.stream().filter(t -> t >= start && t <= end).toList();

            assertThat(inWindow).as(name + " samples in the window").isNotEmpty();
            assertThat(java.util.Collections.min(inWindow) - start).as(name + ": first sample after the window's start, ms")
                    .isBetween(0L, 1000L);
            assertThat(end - java.util.Collections.max(inWindow)).as(name + ": last sample before the window's end, ms")
                    .isBetween(0L, 1000L);
            assertThat(starts).as(name + ": load went on past the window's end").anyMatch(t -> t > end);
            boolean open = Integer.parseInt(r.get("rate")) > 0;
            models.add(open ? "open" : "closed");
            if (open) {
                assertThat(out).as(name + ": its arrivals ended by the timer, its drain cut short")
                        .contains("esb-bench: open model arrivals ended", "esb-bench: every reply of the open model was in");
            }
            assertThat(r.get("flags")).as(name).doesNotContain("window-not-covered");
        }
        assertThat(models).containsExactly("closed", "open");
    }

    @Test
    void theStandardPlanEditedAsInTheGuiRanWithItsEdits() throws IOException {
        try (var files = Files.list(runDir.resolve("jtl"))) {
            List<Path> edited = files.filter(f -> f.getFileName().toString().startsWith("direct-edited_")).toList();
            assertThat(edited).isNotEmpty();
            for (Path jtl : edited) {
                assertThat(csv(jtl)).as(jtl.getFileName().toString())
                        .allSatisfy(r -> assertThat(r.get("label")).isEqualTo("direct, renamed in the GUI"));
            }
        }
    }

    @Test
    void logsOfStartedProcessesAndTheServerGcRecordsAreKept() throws IOException {
        for (String file : List.of("backend.log", "server.log", "server-gc.log", "cpu.csv", "gc.csv")) {
            assertThat(runDir.resolve(file)).as(file).isNotEmptyFile();
        }
        assertThat(Files.readString(runDir.resolve("server-gc.log"))).contains("gc");
        Path latest = ROOT.resolve("results/latest");
        assertThat(latest).exists();
        assertThat(latest.toRealPath()).isEqualTo(runDir.toRealPath());
    }

    /** A CSV file's records; a results file may be gzip-compressed (-DkeepResults=compressed, the default). */
    private static List<CSVRecord> csv(Path file) throws IOException {
        try (Reader in = file.getFileName().toString().endsWith(".gz")
                ? new java.io.InputStreamReader(new java.util.zip.GZIPInputStream(Files.newInputStream(file), 1 << 16),
                java.nio.charset.StandardCharsets.UTF_8)
                : Files.newBufferedReader(file)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
    }
}
