package org.esbbench.report.run;

import org.esbbench.report.capacity.CapacityFiles;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.ScenarioRunJournal;
import org.esbbench.report.gate.JUnitReport;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.synthetic.SyntheticJtl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** A run that searched for capacities: its points are the searches' confirmation windows, its summary leads with them. */
class CapacityAnalysisTest {
    /** The plan's point of the search: a placeholder at 1/s, never measured as such. */
    private static final Point PLACEHOLDER = Point.open("direct", 1, 1024, 0);
    private static final long CONFIRMATION_START = AnalysableRunFixture.START + 600_000;

    @TempDir
    Path results;

    private final List<String> log = new ArrayList<>();

    /** A run of one search found at 1,840/s, its confirmation window's results and journal row written. */
    private RunLayout capacityRun(String runId, String confirmationProblem) throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, runId).points(List.of(PLACEHOLDER)).repeats(1)
                .parameter("capacity", CapacityFiles.OBJECTIVE)
                // the placeholder's own scenario run: no results, as in a capacity run (not measured)
                .withoutResults("direct_r1_s1024_d0_r1").write();
        SyntheticJtl.write(new SyntheticJtl.Spec(4_000, CONFIRMATION_START, 25, 5, 0, 0, "direct", 11),
                layout.jtl(CapacityFiles.CONFIRMATION_RUN));
        ScenarioRunJournal.append(layout.scenarioRuns(), new ScenarioRunJournal.Entry(CapacityFiles.CONFIRMATION_RUN,
                CONFIRMATION_START, CONFIRMATION_START + 26_000, Optional.of(0), confirmationProblem));
        CapacityFiles.writeFound(layout);
        return layout;
    }

    @Test
    void theConfirmationWindowsAreThePointsAndTheSummaryLeadsWithTheCapacities() throws Exception {
        RunLayout layout = capacityRun("capacity", "");

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(result.failures()).isEmpty();
        assertThat(result.points()).extracting(PointSummary::point)
                .containsExactly(Point.open("direct", 1840, 1024, 0));
        assertThat(result.points().get(0).repeats()).hasSize(1);
        assertThat(layout.capacity().resolve("direct_s1024_d0.svg")).isNotEmptyFile();
        assertThat(layout.capacity().resolve("direct_s1024_d0.png")).isNotEmptyFile();
        assertThat(layout.latency(CapacityFiles.CONFIRMATION_RUN)).isNotEmptyFile();
        assertThat(layout.summaryMd()).content()
                .startsWith("# Run capacity\n\ndirect at 5 and 10 users, 1 KiB\n\n")
                .contains("\n## Capacity\n\nUnder the objective `p99<=20ms` (p99<=20ms, errors<=0% (implied),"
                                + " incorrect<=0% (implied)).\n\n| scenario | size | delay | capacity |",
                        "| direct | 1 KiB | 0 ms | 1,840/s, bracket [1,840, 1,880) | 2.2 % | server cores | 9 | 5 min 13 s"
                                + " | held | [chart](capacity/direct_s1024_d0.svg) |",
                        "### direct_s1024_d0: probes", "## Confirmation windows\n\n| scenario |")
                .doesNotContain("## What failed", "direct_r1_s1024_d0_r1");
        String md = java.nio.file.Files.readString(layout.summaryMd());
        assertThat(md.indexOf("## Capacity")).as("the capacity first").isLessThan(md.indexOf("## Confirmation windows"))
                .isLessThan(md.indexOf("## Per scenario run"));
        assertThat(layout.junit()).content().contains("name=\"" + CapacityFiles.CONFIRMATION_RUN
                + ": errors and replies\"", "classname=\"" + JUnitReport.SCENARIO_RUNS + "\"")
                .doesNotContain("direct_r1_s1024_d0_r1");
        assertThat(log).anySatisfy(l -> assertThat(l).startsWith(CapacityFiles.CONFIRMATION_RUN + ": "));
    }

    @Test
    void aConfirmationTheJournalSaysFailedFailsTheRunUnderItsName() throws Exception {
        RunLayout layout = capacityRun("capacity-failed", "JMeter exited with 1");

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(result.failures()).containsExactly(CapacityFiles.CONFIRMATION_RUN + ": JMeter exited with 1");
        assertThat(layout.summaryMd()).content().startsWith("# Run capacity-failed\n\n").contains("## Capacity",
                "## What failed\n\n- " + CapacityFiles.CONFIRMATION_RUN + ": JMeter exited with 1");
    }

    @Test
    void aCapacityCriterionIsJudgedOnEachSearchAndFailsTheRunBelowIt() throws Exception {
        RunLayout layout = capacityRun("capacity-gated", "");

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptionsBuilder.build(
                java.util.Map.of("criteria", "capacity>=2000"), layout, AnalysisOptionsBuilder.MAVEN_PROPERTY), log::add);

        assertThat(result.failures()).containsExactly("criterion capacity>=2000 failed: direct_s1024_d0: capacity"
                + " 1,840/s, bracket [1,840, 1,880) (found), bound >= 2,000/s");
        assertThat(result.verdict()).isEqualTo("failed: 1 criterion");
        assertThat(layout.junit()).content().containsPattern("name=\"direct_s1024_d0: capacity(>|&gt;)=2000\"");
        assertThat(layout.summaryMd()).content().contains("| direct_s1024_d0 | `capacity>=2000` | 1,840/s, bracket"
                + " [1,840, 1,880) | **failed** |");
    }

    @Test
    void aSearchThatDidNotEndFailsTheRunNamingItAndHowToGoOn() throws Exception {
        RunLayout layout = new AnalysableRunFixture(results, "stopped").points(List.of(PLACEHOLDER)).repeats(1)
                .parameter("capacity", CapacityFiles.OBJECTIVE).withoutResults("direct_r1_s1024_d0_r1").write();

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(result.points()).isEmpty();
        assertThat(result.failures()).containsExactly("direct_s1024_d0: its capacity search did not end (its probes so"
                + " far are in capacity/probes.csv; go on with -Dresume=stopped)");
    }

    @Test
    void aRunWithoutCapacityCsvIsAnalysedFromItsPlanAsBefore() throws Exception {
        RunLayout layout = new AnalysableRunFixture(results, "plain").repeats(1).write();

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(result.points()).extracting(PointSummary::point)
                .containsExactly(AnalysableRunFixture.DIRECT_5, AnalysableRunFixture.DIRECT_10);
        assertThat(layout.summaryMd()).content().doesNotContain("## Capacity", "## Confirmation windows");
    }
}
