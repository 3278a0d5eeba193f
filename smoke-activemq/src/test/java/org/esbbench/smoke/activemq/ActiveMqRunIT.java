package org.esbbench.smoke.activemq;

import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.profiles.CollapsedStacks;
import org.esbbench.report.profiles.ProfileRecord;

import org.esbbench.report.folder.ProcessesFile;
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
 * Inspects the run this module's build has just made on target reference-activemq: the jms scenario went through
 * an ActiveMQ Classic broker (a broker this project did not write) that the suite started from the profile's
 * broker.command, reached with the profile's JNDI context factory; and the reference server ran at both heaps of
 * {@code -Dheap=256m,512m}, restarted between them, each with its own figures and GC log.
 */
class ActiveMqRunIT {
    private static final List<String> HEAPS = List.of("256m", "512m");
    private static final String CLASSIC_FACTORY = "org.apache.activemq.jndi.ActiveMQInitialContextFactory";
    private static Path runDir;

    @BeforeAll
    static void findTheRun() throws IOException {
        Path pointer = Path.of(System.getProperty("esbbench.activemq.currentRun", "target/esb-bench/current-run"));
        assertThat(pointer).as("this module's pointer to its run").exists();
        runDir = Path.of(Files.readString(pointer).strip());
        assertThat(runDir).isDirectory();
        assertThat(runDir.getFileName().toString()).endsWith("-reference-activemq");
    }

    @Test
    void jmsWasMeasuredAtEachHeapWithEveryReplyCorrect() throws IOException {
        List<CSVRecord> summary = csv(runDir.resolve("summary.csv"));

        assertThat(summary.stream().map(r -> r.get("scenario") + "@" + r.get("heap")).collect(Collectors.toList()))
                .containsExactly("jms@256m", "jms@512m");
        for (CSVRecord r : summary) {
            String point = "jms at " + r.get("heap");
            assertThat(Long.parseLong(r.get("samples"))).as(point + " samples").isPositive();
            assertThat(Long.parseLong(r.get("errors"))).as(point + " errors").isZero();
            assertThat(Long.parseLong(r.get("incorrect"))).as(point + " incorrect replies").isZero();
            assertThat(Double.parseDouble(r.get("throughput_per_s"))).as(point + " throughput").isPositive();
            assertThat(Double.parseDouble(r.get("cpu_us_per_msg"))).as(point + " server CPU per message").isPositive();
            // The monitor followed the restarted JVM over its management agent: GC figures at both heaps.
            assertThat(r.get("gc_throughput_pct")).as(point + " GC throughput").isNotEmpty();
        }
    }

    @Test
    void theServerWasRestartedPerHeapWithItsOwnGcLogAndTheBrokerOutlivedIt() throws IOException {
        List<CSVRecord> processes = csv(runDir.resolve("processes.csv"));
        List<CSVRecord> servers = processes.stream().filter(p -> p.get("name").equals("server")).collect(Collectors.toList());

        assertThat(servers).hasSize(2);
        for (int i = 0; i < HEAPS.size(); i++) {
            String command = servers.get(i).get("command");
            assertThat(command).contains("-Xmx" + HEAPS.get(i), "server-gc-" + HEAPS.get(i) + ".log",
                    // no embedded Artemis: the external broker through ActiveMQ Classic's JNDI context factory
                    "--no-broker", "--jms-jndi-factory " + CLASSIC_FACTORY, "--broker-url tcp://127.0.0.1:61626");
            assertThat(servers.get(i).get("stoppedAtMs")).as("server at " + HEAPS.get(i) + " stopped").isNotEmpty();
            assertThat(runDir.resolve("server-gc-" + HEAPS.get(i) + ".log")).isNotEmptyFile();
        }
        // The first server stopped before the second started: a restart, not two servers side by side.
        assertThat(Long.parseLong(servers.get(0).get("stoppedAtMs")))
                .isLessThanOrEqualTo(Long.parseLong(servers.get(1).get("startedAtMs")));

        CSVRecord broker = processes.stream().filter(p -> p.get("name").equals("broker")).findFirst().orElseThrow();
        assertThat(broker.get("command")).contains("activemq-classic-broker.jar", "tcp://127.0.0.1:61626");
        assertThat(Long.parseLong(broker.get("startedAtMs"))).isLessThanOrEqualTo(Long.parseLong(servers.get(0).get("startedAtMs")));
        assertThat(Long.parseLong(broker.get("stoppedAtMs"))).as("the broker stopped after the last server")
                .isGreaterThanOrEqualTo(Long.parseLong(servers.get(1).get("stoppedAtMs")));
        for (CSVRecord p : processes) {
            assertThat(ProcessesFile.stillRunning(Long.parseLong(p.get("pid")), Long.parseLong(p.get("startedAtMs"))))
                    .as(p.get("name") + " has ended").isEmpty();
        }
    }

    /**
     * -Dprofiler=jfr: each heap's server was profiled by JDK Flight Recorder (started and stopped by jcmd in the
     * server restarted for it), each window's flame graph has the server's Java frames, the summary names the
     * profiler, and Flight Recorder's repository was in the run folder and is gone.
     */
    @Test
    void eachHeapsServerWasProfiledByFlightRecorder() throws IOException {
        RunLayout layout = new RunLayout(runDir);
        java.util.Set<Long> pids = new java.util.HashSet<>();
        for (RunParametersFile.ScenarioRun run : RunParametersFile.read(layout.runParametersFile()).scenarioRuns()) {
            ProfileRecord record = ProfileRecord.read(layout.profileRecord(run.name())).orElseThrow();
            assertThat(record.profiler()).as(run.name() + ": " + record).isEqualTo(ProfileRecord.Profiler.JFR);
            assertThat(record.taken()).as(run.name() + ": " + record).isTrue();
            assertThat(record.note()).startsWith("-Dprofiler=jfr; JDK Flight Recorder's own sampling instead");
            assertThat(CollapsedStacks.read(layout.collapsedStacks(run.name())).inclusiveShare(
                    f -> f.startsWith("org.apache.camel."))).as(run.name() + ": Camel's frames").isPositive();
            pids.add(record.pid());
        }
        assertThat(pids).as("one server per heap, each profiled").hasSize(HEAPS.size());
        assertThat(layout.summaryMd()).content().contains("| JDK Flight Recorder (-Dprofiler=jfr;");
        assertThat(layout.profilerAgent()).as("Flight Recorder's settings and repository, removed").doesNotExist();
    }

    @Test
    void jmeterReachedTheBrokerWithTheProfilesJndiSettings() throws IOException {
        try (var logs = Files.list(runDir.resolve("logs"))) {
            List<Path> jmeterLogs = logs.filter(f -> f.getFileName().toString().startsWith("jmeter-jms"))
                    .filter(f -> f.getFileName().toString().endsWith(".log")).collect(Collectors.toList());
            assertThat(jmeterLogs).hasSize(HEAPS.size());
            for (Path log : jmeterLogs) {
                // JMeter logs its properties: the context factory the plan's JMS sampler was given
                assertThat(Files.readString(log)).as(log.toString()).contains(CLASSIC_FACTORY);
            }
        }
    }

    private static List<CSVRecord> csv(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
    }
}
