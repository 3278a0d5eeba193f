package org.esbbench.smoke.round;

import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.profiles.ProfileRecord;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Reader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Inspects the round this module's build has just made (nginx and Apache Camel, two iterations, both started by the
 * suite from their profiles): the order rotated from one iteration to the next and was recorded, each target run
 * measured its scenarios in the recorded order, the round's medians are those of the runs' own figures, its pages are
 * written, and nothing of any target is left running or listening.
 */
class RoundIT {
    private static final List<String> SCENARIOS = List.of("direct", "cbr-transport-header", "rest");
    private static RoundFolder round;

    @BeforeAll
    static void findTheRound() throws IOException {
        round = RoundFolder.current();
    }

    @Test
    void theTargetsAndTheirScenariosRanInRotatedOrderAndEveryTargetRunEnded() throws IOException {
        List<String> order = new ArrayList<>();
        for (JsonNode run : round.json().get("runs")) {
            List<String> scenarios = new ArrayList<>();
            run.get("scenarios").forEach(s -> scenarios.add(s.asText()));
            order.add(run.get("iteration").asInt() + ":" + run.get("target").asText() + ":" + String.join(",", scenarios));
            assertThat(run.get("state").asText()).as(order.get(order.size() - 1)).isEqualTo("DONE");
            // The run measured its scenarios in the order recorded: its journal's rows come in that order.
            Path dir = round.dir().resolveSibling(run.get("runId").asText());
            List<String> measured = csv(dir.resolve("scenario-runs.csv")).stream()
                    .map(r -> r.get("name").substring(0, r.get("name").indexOf("_u"))).toList();
            assertThat(measured).as(dir + " measured in its recorded order").isEqualTo(scenarios);
        }
        assertThat(order).containsExactly(
                "1:nginx:direct,cbr-transport-header,rest",
                "1:camel:direct,cbr-transport-header,rest",
                "2:camel:cbr-transport-header,rest,direct",
                "2:nginx:cbr-transport-header,rest,direct");
    }

    @Test
    void theRoundsMediansAreThoseOfTheRunsOwnFigures() throws IOException {
        List<CSVRecord> rows = csv(round.dir().resolve("round.csv"));
        for (String target : List.of("nginx", "camel")) {
            List<Path> runs = round.runs(target);
            assertThat(runs).hasSize(2);
            for (String scenario : SCENARIOS) {
                List<Double> throughput = new ArrayList<>();
                for (Path run : runs) {
                    CSVRecord r = csv(run.resolve("summary.csv")).stream().filter(s -> s.get("scenario").equals(scenario))
                            .findFirst().orElseThrow();
                    assertThat(Long.parseLong(r.get("incorrect"))).as(run + " " + scenario + " incorrect").isZero();
                    throughput.add(Double.parseDouble(r.get("throughput_per_s")));
                }
                CSVRecord row = rows.stream().filter(r -> r.get("target").equals(target) && r.get("scenario").equals(scenario))
                        .findFirst().orElseThrow(() -> new AssertionError("no row " + target + " " + scenario));
                double median = (throughput.get(0) + throughput.get(1)) / 2;
                assertThat(Double.parseDouble(row.get("throughput_per_s"))).as(target + " " + scenario + " median")
                        .isCloseTo(median, within(median * 0.001 + 0.01));
                assertThat(Double.parseDouble(row.get("throughput_per_s_low"))).as(target + " " + scenario + " lowest")
                        .isCloseTo(Math.min(throughput.get(0), throughput.get(1)), within(0.01));
                assertThat(Double.parseDouble(row.get("throughput_per_s_high"))).as(target + " " + scenario + " highest")
                        .isCloseTo(Math.max(throughput.get(0), throughput.get(1)), within(0.01));
            }
        }
        // Scenarios in the catalogue's order, direct first, as the published rounds list them.
        String md = Files.readString(round.dir().resolve("round.md"));
        assertThat(md.indexOf("| direct")).isPositive().isLessThan(md.indexOf("| cbr-transport-header"));
        assertThat(md.indexOf("| cbr-transport-header")).isLessThan(md.indexOf("| rest"));
        assertThat(round.dir().resolve("round.html")).isRegularFile();
    }

    /**
     * The round profiles its servers (-Dprofile=cpu): Camel, a JVM its profile's command starts with the suite's
     * ${jvm.flags}, by async-profiler as an agent from its start; nginx, which is no JVM, not at all, each of its
     * points saying why; the round's report says that it sets profiled points beside unprofiled ones.
     */
    @Test
    void camelIsProfiledNginxSaysWhyNotAndTheRoundSaysItMixesThem() throws IOException {
        for (Path run : round.runs("camel")) {
            RunLayout layout = new RunLayout(run);
            for (RunParametersFile.ScenarioRun r : RunParametersFile.read(layout.runParametersFile()).scenarioRuns()) {
                ProfileRecord record = ProfileRecord.read(layout.profileRecord(r.name())).orElseThrow();
                assertThat(record.profiler()).as(run + " " + r.name() + ": " + record)
                        .isEqualTo(ProfileRecord.Profiler.ASYNC_PROFILER);
                assertThat(layout.flameGraph(r.name())).isRegularFile();
            }
            assertThat(layout.summaryMd()).content().contains("## Where the server's time went", "org.apache.camel");
        }
        for (Path run : round.runs("nginx")) {
            RunLayout layout = new RunLayout(run);
            for (RunParametersFile.ScenarioRun r : RunParametersFile.read(layout.runParametersFile()).scenarioRuns()) {
                ProfileRecord record = ProfileRecord.read(layout.profileRecord(r.name())).orElseThrow();
                assertThat(record.taken()).isFalse();
                assertThat(record.note()).as(run + " " + r.name()).contains("nginx) is not a JVM");
                assertThat(layout.flameGraph(r.name())).doesNotExist();
            }
            assertThat(layout.summaryMd()).content().contains("| none |  | no profile: the server (pid ");
        }
        assertThat(round.dir().resolve("round.md")).content().contains("Profiled and unprofiled side by side: ");
    }

    @Test
    void nothingOfAnyTargetIsLeftRunningOrListening() throws IOException {
        for (String target : List.of("nginx", "camel")) {
            for (Path run : round.runs(target)) {
                for (CSVRecord p : csv(run.resolve("processes.csv"))) {
                    assertThat(p.get("stoppedAtMs")).as(run + ": " + p.get("name") + " stopped").isNotEmpty();
                    assertThat(ProcessesFile.stillRunning(Long.parseLong(p.get("pid")), Long.parseLong(p.get("startedAtMs"))))
                            .as(run + ": " + p.get("name") + " has ended").isEmpty();
                }
            }
        }
        // nginx, Camel, Camel's broker and the echo backend: none listens any more.
        for (int port : new int[] {8380, 8280, 61616, 8688}) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 500);
                throw new AssertionError("something still listens on 127.0.0.1:" + port);
            } catch (java.net.ConnectException expected) {
                // refused: nothing listens
            }
        }
    }

    private static List<CSVRecord> csv(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
    }
}
