package org.esbbench.report.roundreport;

import org.esbbench.report.round.RoundCell;
import org.esbbench.report.round.RoundRecord;

import org.esbbench.report.points.Spread;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.report.roundreport.RoundFixture.done;
import static org.esbbench.report.roundreport.RoundFixture.row;
import static org.esbbench.report.roundreport.RoundReportTest.cell;
import static org.esbbench.report.roundreport.RoundReportTest.table;

/**
 * A round of three iterations where one target run failed and another left no summary.csv: their iterations are
 * missing from the cells, which say how many they have and flag the failed iteration; a round stopped part way
 * says which runs have not run.
 */
class RoundMissingIterationsTest {
    private static final List<String> SCENARIOS = List.of("direct", "cbr-body");
    private static final String SERVER_BOUND = "server-bound in 1 of 1 repeat";

    @TempDir
    Path tmp;

    @Test
    void aFailedRunAndARunWithoutSummaryAreMissingIterationsOfTheirCells() throws IOException {
        Path results = tmp.resolve("results");
        List<RoundRecord.TargetRun> runs = new ArrayList<>();
        double[] reference = {1000, 1300, 1100};
        double[] synapse = {2000, 0, 2200};
        for (int i = 1; i <= 3; i++) {
            String ref = "2026112" + i + "-100000-reference";
            String syn = "2026112" + i + "-110000-synapse";
            if (i == 3) {
                Files.createDirectories(results.resolve(ref)); // its analysis never finished: no summary.csv
            } else {
                RoundFixture.run(results, ref, List.of(row("direct", reference[i - 1], 10, 100, SERVER_BOUND),
                        row("cbr-body", reference[i - 1] / 2, 20, 200, SERVER_BOUND)));
            }
            runs.add(done(i, 1, "reference", SCENARIOS, ref));
            if (i == 2) {
                runs.add(new RoundRecord.TargetRun(i, 2, "synapse", SCENARIOS, syn, RoundRecord.State.FAILED,
                        "the server did not start"));
            } else {
                RoundFixture.run(results, syn, List.of(row("direct", synapse[i - 1], 5, 50, SERVER_BOUND),
                        row("cbr-body", synapse[i - 1] / 2, 6, 60, SERVER_BOUND)));
                runs.add(done(i, 2, "synapse", SCENARIOS, syn));
            }
        }
        Path roundDir = RoundFixture.round(results, List.of("reference", "synapse"), 3, SCENARIOS, Map.of(), runs);
        List<String> log = new ArrayList<>();

        RoundReport.Result result = RoundReport.write(roundDir, log::add);

        RoundCell ref = cell(result, "direct", "reference");
        assertThat(ref.iterations()).containsExactly(1, 2);
        assertThat(ref.throughput()).as("the median of 1000 and 1300").isEqualTo(new Spread(1150, 1000, 1300, 2));
        assertThat(ref.iterationsText()).isEqualTo("2 of 3");
        assertThat(ref.flagsText()).isEqualTo("server-bound 2/2; unstable; failed iteration 1/3");
        RoundCell syn = cell(result, "cbr-body", "synapse");
        assertThat(syn.iterations()).containsExactly(1, 3);
        assertThat(syn.throughput()).isEqualTo(new Spread(1050, 1000, 1100, 2));
        assertThat(syn.flagsText()).isEqualTo("server-bound 2/2; failed iteration 1/3");
        assertThat(log).anyMatch(l -> l.contains("iteration 2, synapse") && l.contains("failed: the server did not start"))
                .anyMatch(l -> l.contains("iteration 3, reference") && l.contains("no summary.csv"));

        String md = Files.readString(roundDir.resolve("round.md"));
        assertThat(table(md, "### Throughput (req/s)")).contains(
                "| direct | 1150.0 (1000.0–1300.0, 2 of 3) | 2100.0 (2000.0–2200.0, 2 of 3) |");
        assertThat(md).contains("## Target runs without figures",
                "- iteration 2, synapse (20261122-110000-synapse): failed: the server did not start",
                "(failed: the server did not start)");
    }

    @Test
    void aRoundStoppedPartWayShowsWhatHasNotRun() throws IOException {
        Path results = tmp.resolve("results");
        RoundFixture.run(results, "20261121-100000-reference", List.of(row("direct", 1000, 10, 100, SERVER_BOUND)));
        Path roundDir = RoundFixture.round(results, List.of("reference"), 2, List.of("direct"), Map.of(), List.of(
                done(1, 1, "reference", List.of("direct"), "20261121-100000-reference"),
                new RoundRecord.TargetRun(2, 1, "reference", List.of("direct"), null, RoundRecord.State.PENDING, null)));

        RoundReport.Result result = RoundReport.write(roundDir, line -> { });

        RoundCell direct = cell(result, "direct", "reference");
        assertThat(direct.iterationsText()).isEqualTo("1 of 2");
        assertThat(direct.flagsText()).isEqualTo("server-bound 1/1; not run 1/2");
        assertThat(direct.unstable()).as("one iteration has no spread").isFalse();
        assertThat(table(Files.readString(roundDir.resolve("round.md")), "### Throughput (req/s)"))
                .contains("| direct | 1000.0 (1 of 2) |");
    }

    @Test
    void aTargetWhoseEveryRunFailedStillHasItsCellsSayingSo() throws IOException {
        Path results = tmp.resolve("results");
        RoundFixture.run(results, "20261121-100000-reference", List.of(row("direct", 1000, 10, 100, SERVER_BOUND)));
        Path roundDir = RoundFixture.round(results, List.of("reference", "camel"), 1, List.of("direct"), Map.of(), List.of(
                done(1, 1, "reference", List.of("direct"), "20261121-100000-reference"),
                new RoundRecord.TargetRun(1, 2, "camel", List.of("direct"), "20261121-110000-camel",
                        RoundRecord.State.FAILED, "health check failed")));

        RoundReport.Result result = RoundReport.write(roundDir, line -> { });

        RoundCell camel = cell(result, "direct", "camel");
        assertThat(camel.measured()).isZero();
        assertThat(camel.throughput()).isNull();
        assertThat(camel.flagsText()).isEqualTo("failed iteration 1/1");
        assertThat(table(Files.readString(roundDir.resolve("round.md")), "### Throughput (req/s)"))
                .contains("| direct | 1000.0 | no figures (0 of 1) |");
    }
}
