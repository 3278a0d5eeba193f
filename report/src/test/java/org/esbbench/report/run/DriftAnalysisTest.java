package org.esbbench.report.run;

import org.esbbench.report.ReportCommand;
import org.esbbench.report.chart.ThroughputChart;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.folder.ScenarioRunJournal;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The drift flag through the whole analysis: points.csv, summary.md, the chart, the recorded and given thresholds. */
class DriftAnalysisTest {
    private static final Point POINT = new Point("direct", 2, 1024, 0);
    private static final String NAME = "direct_u2_s1024_d0_r1";
    private static final long START = 1_800_000_000_000L;

    @TempDir
    Path results;

    private final List<String> log = new ArrayList<>();

    /**
     * A run of 2 users, 2 s warm-up and 60 s window: every request takes 2 ms until 40 s into the window, then
     * 20 ms (the backend slowed down in the last third).
     */
    private RunLayout slowedDownRun(Map<String, String> parameters) throws IOException {
        RunLayout layout = new RunLayout(results.resolve("drift-run"));
        new RunParametersFile(layout.runId(), "reference", Instant.ofEpochMilli(START - 60_000), parameters,
                List.of(new RunParametersFile.PlanEntry("direct", "jmx/direct.jmx", "direct", true)), List.of(POINT), 1, 2, 60,
                "direct at 2 users", Map.of()).write(layout.runParameters());
        StringBuilder jtl = new StringBuilder("timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
                + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n");
        long slowFrom = START + 2_000 + 40_000;
        for (int user = 0; user < 2; user++) {
            for (long t = START + user; t < START + 62_500; ) {
                long elapsed = t < slowFrom ? 2 : 20;
                jtl.append(t).append(',').append(elapsed).append(",direct,200,OK,Users 1-").append(user + 1)
                        .append(",text,true,,1300,1200,2,2,http://127.0.0.1:8280/x,").append(elapsed).append(",0,1\n");
                t += elapsed + 1;
            }
        }
        Files.createDirectories(layout.dir().resolve(RunLayout.JTL));
        Files.writeString(layout.jtl(NAME), jtl);
        ScenarioRunJournal.append(layout.scenarioRuns(), new ScenarioRunJournal.Entry(NAME, START, START + 63_000,
                Optional.of(0), ""));
        return layout;
    }

    @Test
    void aWindowThatSlowedDownIsFlaggedWithBothThirdsFiguresTheRunStillPassesAndItsChartIsWritten() throws IOException {
        RunLayout layout = slowedDownRun(Map.of());

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(result.failures()).as("a flag does not fail the run").isEmpty();
        assertThat(result.points().get(0).flags()).containsExactly(WindowDrift.FLAG + " in 1 of 1 repeat");
        assertThat(Files.readString(layout.points())).containsPattern(
                "drift: throughput \\d+\\.\\d/s → \\d+\\.\\d/s \\(-\\d+\\.\\d%\\), p99 2\\.000 → 20\\.000 ms \\(\\+900\\.0%\\)");
        assertThat(layout.summaryCsv()).content().contains(WindowDrift.FLAG + " in 1 of 1 repeat");
        Path chart = layout.charts().resolve(ThroughputChart.fileName(NAME));
        assertThat(chart).isNotEmptyFile();
        assertThat(layout.summaryMd()).content()
                .contains("A row flagged drift had the first and last thirds of its measurement window differ by more"
                        + " than 10 % (-DdriftThreshold)", "## Throughput over the window",
                        "- " + NAME + ": **drift**, first to last third: throughput ", "; threshold 10 %",
                        "[throughput chart](charts/" + NAME + "-over-window.png)",
                        "![" + NAME + ": throughput over the window](charts/" + NAME + "-over-window.png)");
        assertThat(log).anySatisfy(l -> assertThat(l).startsWith(NAME + ": ").contains("; drift: throughput "));
    }

    @Test
    void theAnalyzeCommandReadsTheRecordedThresholdOrTakesAnotherAndRefusesABadOne() throws IOException {
        RunLayout layout = slowedDownRun(Map.of(DriftThreshold.PARAMETER, "1000"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new ReportCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err));

        assertThat(cli.execute("analyze", layout.dir().toString())).isZero();
        assertThat(Files.readString(layout.points())).as("recorded -DdriftThreshold=1000").doesNotContain("drift:");
        assertThat(layout.summaryMd()).content().contains(NAME + ": steady, first to last third: ", "threshold 1000 %");

        assertThat(cli.execute("analyze", "--drift-threshold", "10", layout.dir().toString())).isZero();
        assertThat(Files.readString(layout.points())).contains("drift: throughput ");

        assertThat(cli.execute("analyze", "--drift-threshold", "0", layout.dir().toString())).isEqualTo(2);
        assertThat(err.toString()).contains("analyze: --drift-threshold=0: ", "above 0 and at most 1000");
    }

    @Test
    void aSmokeWindowIsNotJudgedAndTheSummarySaysSo() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "smoke").repeats(1).points(List.of(AnalysableRunFixture.DIRECT_5))
                .write();

        RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(Files.readString(layout.points())).doesNotContain("drift");
        assertThat(layout.summaryMd()).content().contains("- direct_u5_s1024_d0_r1: drift not judged: window too short"
                + " (thirds of 6.7 s with ");
    }
}
