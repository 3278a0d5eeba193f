package org.esbbench.smoke.generators;

import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.ResultsCompression;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Inspects the run this module's build has just made with {@code -Dgenerators=local:2}: direct and jms, closed
 * model, 3 users, against the reference server. Two JMeter engines the suite started and stopped shared the users
 * 2+1; one JMeter client per scenario run merged their samples into one results file; the jms replies came back on
 * each engine's own reply queue (a shared one would show as timeouts and incorrect replies). The target profile
 * (reference-perfmon) starts a PerfMon agent: the plans' collector, which JMeter keeps in the client of a distributed
 * run, recorded the server host's CPU and memory into the run folder, and nothing was written anywhere else.
 */
class GeneratorsRunIT {
    private static final List<String> SCENARIOS = List.of("direct", "jms");
    private static Path runDir;

    @BeforeAll
    static void findTheRun() throws IOException {
        Path pointer = Path.of(System.getProperty("esbbench.generators.currentRun", "target/esb-bench/current-run"));
        assertThat(pointer).as("this module's pointer to its run").exists();
        runDir = Path.of(Files.readString(pointer).strip());
        assertThat(runDir).isDirectory();
    }

    @Test
    void exactlyTwoEnginesRanAndAllProcessesAreGone() throws IOException {
        List<CSVRecord> processes = csv(runDir.resolve("processes.csv"));
        List<CSVRecord> engines = processes.stream().filter(p -> p.get("name").startsWith("engine-")).toList();

        assertThat(engines.stream().map(p -> p.get("name"))).containsExactly("engine-1", "engine-2");
        for (CSVRecord e : engines) {
            assertThat(e.get("stoppedAtMs")).as(e.get("name") + " stopped").isNotEmpty();
            assertThat(e.get("command")).contains("-Desbbench.engine=" + e.get("name"), " -s ",
                    "-JreplyQueue=perf.reply." + e.get("name"))
                    .as("no keystore password on a command line").doesNotContain("keystore.password");
        }
        for (CSVRecord p : processes) {
            assertThat(ProcessesFile.stillRunning(Long.parseLong(p.get("pid")), Long.parseLong(p.get("startedAtMs"))))
                    .as(p.get("name") + " has ended").isEmpty();
        }
        String runId = runDir.getFileName().toString();
        List<String> left = ProcessHandle.allProcesses()
                .filter(h -> h.info().commandLine().map(c -> c.contains("-Desbbench.run=" + runId)).orElse(false))
                .map(h -> h.pid() + " " + h.info().commandLine().orElse("")).toList();
        assertThat(left).as("processes of the run still alive").isEmpty();
    }

    @Test
    void eachScenarioRunHasOneMergedResultWithoutErrorsOrIncorrectReplies() throws IOException {
        List<Path> jtls;
        try (Stream<Path> files = Files.list(runDir.resolve("jtl"))) {
            // compressed once its JMeter ended (-DkeepResults=compressed, the default)
            jtls = files.filter(f -> f.getFileName().toString().endsWith(".csv.gz")).sorted().toList();
        }
        assertThat(jtls).hasSize(SCENARIOS.size());
        for (Path jtl : jtls) {
            List<CSVRecord> rows = csv(jtl);
            assertThat(rows).as(jtl + " samples").isNotEmpty();
            for (CSVRecord r : rows) {
                assertThat(r.get("success")).as(jtl + " sample at " + r.get("timeStamp") + ": " + r.get("failureMessage")
                        + r.get("responseMessage")).isEqualTo("true");
                // Threads are counted per engine: no engine ran all three users.
                assertThat(Integer.parseInt(r.get("allThreads"))).as(jtl + " allThreads").isLessThanOrEqualTo(2);
            }
        }
        for (CSVRecord r : csv(runDir.resolve("summary.csv"))) {
            String point = r.get("scenario");
            assertThat(Long.parseLong(r.get("samples"))).as(point + " samples").isPositive();
            assertThat(Long.parseLong(r.get("errors"))).as(point + " errors").isZero();
            assertThat(Long.parseLong(r.get("incorrect"))).as(point + " incorrect replies").isZero();
        }
    }

    @Test
    void theUsersWereSplitTwoAndOneAndRecorded() throws IOException {
        JsonNode generators = new ObjectMapper().readTree(runDir.resolve("generators.json").toFile());
        assertThat(generators.get("kind").asText()).isEqualTo("local");
        assertThat(generators.get("ssl").asBoolean()).isTrue();
        assertThat(generators.get("splitRule").asText()).contains("remainder");
        JsonNode engines = generators.get("engines");
        assertThat(engines).hasSize(2);
        for (int k = 0; k < 2; k++) {
            JsonNode e = engines.get(k);
            assertThat(e.get("id").asText()).isEqualTo("engine-" + (k + 1));
            assertThat(e.get("replyQueue").asText()).isEqualTo("perf.reply.engine-" + (k + 1));
            assertThat(e.get("jmeter").asText()).isEqualTo("5.6.3");
            int expected = k == 0 ? 2 : 1;
            String out = Files.readString(runDir.resolve("logs/engine-" + (k + 1) + ".out"));
            // One share line per test: the probe (no load) and one per scenario run with the engine's share.
            assertThat(count(out, "esb-bench engine share: .* users=" + expected + " rate=0 \\(total users=3"))
                    .as("engine-" + (k + 1) + " share lines").isEqualTo(SCENARIOS.size());
            // What each engine really ran: the end line after each share line counts its started threads.
            List<String> lines = out.lines().filter(l -> l.startsWith("esb-bench engine")).toList();
            long ran = 0;
            for (int i = 0; i + 1 < lines.size(); i++) {
                if (lines.get(i).contains(" users=" + expected + " rate=0 (total users=3")
                        && lines.get(i + 1).contains("startedThreads=" + expected + " ")) {
                    ran++;
                }
            }
            assertThat(ran).as("engine-" + (k + 1) + " ran its users in each scenario run").isEqualTo(SCENARIOS.size());
        }
        assertThat(runDir.resolve(org.esbbench.report.folder.RunLayout.RUN_PARAMETERS)).content().contains("\"generators\" : \"local:2\"");
    }

    @Test
    void theServerHostsCpuAndMemoryAreInTheSummaryOfEveryPoint() throws IOException {
        assertThat(runDir.resolve("perfmon.properties")).as("the agent the start goal started").exists();
        List<CSVRecord> points = csv(runDir.resolve("summary.csv"));
        assertThat(points).hasSize(SCENARIOS.size());
        for (CSVRecord r : points) {
            String point = r.get("scenario");
            assertThat(r.get("host_cpu_pct")).as(point + " host CPU %").isNotEmpty();
            assertThat(Double.parseDouble(r.get("host_cpu_pct"))).as(point + " host CPU %").isBetween(0.0, 100.0);
            assertThat(r.get("host_memory_pct")).as(point + " host memory %").isNotEmpty();
            assertThat(Double.parseDouble(r.get("host_memory_pct"))).as(point + " host memory %").isBetween(0.0, 100.0);
            assertThat(r.get("flags")).as(point + " flags").doesNotContain("host-figures-unknown");
        }
        try (Stream<Path> logs = Files.list(runDir.resolve("logs"))) {
            assertThat(logs.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("perfmon-")))
                    .as("one collector file per scenario run, under its real name").hasSize(SCENARIOS.size())
                    .allMatch(n -> n.endsWith("_r1.csv"));
        }
    }

    /**
     * The JMeter client of a distributed run works in config/rmi: a file a plan names relatively (or by a variable
     * the client leaves unresolved, issue 27's {@code ${__P(perfmonFile,perfmon.csv)}}) would land there. Nothing of
     * the run may be written outside its folder: only check's RMI keystore is in config/rmi, and no file of the
     * checkout outside results/ and the build folders changed since the run's first process started.
     */
    @Test
    void nothingWasWrittenOutsideTheRunFolder() throws IOException {
        Path root = Path.of(System.getProperty("esbbench.root", "..")).toRealPath();
        try (Stream<Path> rmi = Files.list(root.resolve("config/rmi"))) {
            assertThat(rmi.map(f -> f.getFileName().toString()))
                    .containsOnly("README.md", "rmi.properties", "rmi_keystore.p12");
        }
        // From the run's first process on (the engines, the server, ...): the build writes its payloads before.
        long runStartMs = csv(runDir.resolve("processes.csv")).stream()
                .mapToLong(p -> Long.parseLong(p.get("startedAtMs"))).min().orElseThrow();
        List<String> written = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                // the run folders, build output and git's own files are not the checkout's sources
                boolean skip = name.equals("target") || name.equals(".git") || dir.equals(root.resolve("results"));
                if (!skip && name.contains("${")) {
                    written.add(root.relativize(dir) + "/");
                }
                return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                String relative = root.relativize(file).toString();
                boolean keystore = relative.equals("config/rmi/rmi.properties")
                        || relative.equals("config/rmi/rmi_keystore.p12");
                if (file.getFileName().toString().contains("${")
                        || !keystore && attrs.lastModifiedTime().toMillis() >= runStartMs) {
                    written.add(relative);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE; // gone while walking: not a file the run left
            }
        });
        assertThat(written).as("files written in the checkout outside results/ since the run's first process started")
                .isEmpty();
    }

    private static long count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        long n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    private static List<CSVRecord> csv(Path file) throws IOException {
        try (Reader in = new java.io.InputStreamReader(ResultsCompression.open(file), java.nio.charset.StandardCharsets.UTF_8)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords()
                    .stream().collect(Collectors.toList());
        }
    }
}
