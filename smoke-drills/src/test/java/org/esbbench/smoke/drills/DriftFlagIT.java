package org.esbbench.smoke.drills;

import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.chart.ThroughputChart;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.run.WindowDrift;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The drift flag against an injected slowdown: a user plan (a copy of jmx/soap-http.jmx, direct scenario) whose
 * header {@code X-Echo-Delay-Ms} is 0 until the last third of the measurement window and 30 ms from then on (the
 * reference server forwards it to the echo backend on the direct route), closed model, 2 users, a 10 s warm-up and a
 * 30 s window (thirds of 10 s, the throughput series' bucket). The window must be flagged drift with both thirds' figures, the run must still pass (a
 * flag does not fail it), and the throughput chart must be in the run's charts. The control (a constant delay is
 * not flagged) is a unit test on synthetic samples (report's WindowDriftTest), not a second run.
 */
class DriftFlagIT {
    private static final Path PLAN = ChildBuild.MODULE.resolve("src/test/resources/drift/drift-direct.jmx");

    @Test
    void aBackendSlowedDownInTheLastThirdIsFlaggedDriftWithBothThirdsFigures() throws Exception {
        ChildBuild child = ChildBuild.start("drift", List.of("-Dplans=" + PLAN, "-Dmodel=closed", "-Dusers=2",
                "-Dwarmup=10", "-Dmeasurement=30", "-Ddashboards=false"));
        RunLayout layout = child.awaitRun();
        int exit = child.awaitEnd();
        String out = child.output();

        assertThat(exit).as("exit (log " + child.log + "): a drift flag does not fail the run").isZero();
        CSVRecord point = ChildBuild.onlyPoint(layout);
        String name = RunLayout.scenarioRunName(org.esbbench.report.points.PointColumns.read(point),
                Integer.parseInt(point.get("repeat")));
        assertThat(point.get("flags")).as("flags of " + name).contains(WindowDrift.FLAG + ": throughput ");
        String flag = point.get("flags").substring(point.get("flags").indexOf(WindowDrift.FLAG + ": "));
        // 30 ms per request for 2 users caps the last third near 65/s: far below the first third's rate.
        assertThat(flag).matches("(?s).*throughput [0-9.]+/s → [0-9.]+/s \\(-[0-9.]+%\\), p99 \\d+\\.\\d{3} → \\d+\\.\\d{3} ms \\(\\+[0-9.]+%\\).*");

        String summary = Files.readString(layout.summaryMd());
        assertThat(summary).contains("## Throughput over the window", "- " + name + ": **" + WindowDrift.FLAG
                + "**, first to last third: throughput ", "A row flagged " + WindowDrift.FLAG);
        Path chart = layout.charts().resolve(ThroughputChart.fileName(name));
        assertThat(chart).isRegularFile();
        assertThat(ImageIO.read(chart.toFile())).as("decodable PNG " + chart).isNotNull();
        assertThat(summary).contains("](" + layout.relative(chart) + ")");
        ChildBuild.say("drift: exit " + exit + ", " + point.get("samples") + " samples; " + flag + "; "
                + ChildBuild.line(out, name + ": "));

        // Bounded disk: the raw results are kept compressed (-DkeepResults=compressed, the default), nothing plain.
        try (var files = Files.list(layout.dir().resolve(RunLayout.JTL))) {
            assertThat(files.map(f -> f.getFileName().toString()).toList()).containsExactly(name + ".csv.gz");
        }
        // Re-analysed from the compressed results alone, as a user does later: the very same figures and summary.
        List<Path> outputs = List.of(layout.summaryCsv(), layout.points(), layout.summaryMd());
        List<byte[]> first = new java.util.ArrayList<>();
        for (Path f : outputs) {
            first.add(Files.readAllBytes(f));
        }
        ChildBuild again = ChildBuild.start("drift-reanalysis", "esb-bench:analyze",
                List.of("-Drun=" + layout.runId(), "-Ddashboards=false"));
        assertThat(again.awaitEnd()).as("exit of analyze -Drun (log " + again.log + ")").isZero();
        for (int i = 0; i < outputs.size(); i++) {
            assertThat(Files.readAllBytes(outputs.get(i))).as(outputs.get(i) + " analysed again from "
                    + name + ".csv.gz").isEqualTo(first.get(i));
        }
        ChildBuild.say("drift: analysed again from " + name + ".csv.gz ("
                + Files.size(layout.results(name)) + " bytes): summary.csv, points.csv and summary.md identical");
    }
}
