package org.esbbench.report;

import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.index.ResultsFolderFixture;
import org.esbbench.report.index.RunFolderFixture;
import org.esbbench.report.points.Point;
import org.esbbench.report.samples.JtlFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ReportCommandTest {
    @TempDir
    Path dir;

    @Test
    void writesTheSummaryAndExitsZeroForACleanRun() throws IOException {
        JtlFixture jtl = new JtlFixture();
        for (int i = 0; i < 20; i++) {
            jtl.ok(1_000_000 + i * 100, 3);
        }
        Path file = jtl.write(dir.resolve("cbr-body.csv"));

        int exit = new CommandLine(new ReportCommand()).execute("--warmup", "1", "--measurement", "1",
                "--users", "10", "--size", "1024", "--out", dir.resolve("out").toString(), file.toString());

        assertThat(exit).isZero();
        // The same schema as a run's summary: point, repeats, every figure of the catalogue with its spread.
        assertThat(dir.resolve("out/summary.csv")).content()
                .startsWith("scenario,users,rate,size_bytes,delay_ms,heap,server_cores,repeats,samples,errors,error_pct,error_pct_min,")
                .contains(",stddev_ms,stddev_ms_min,stddev_ms_max,", ",p99_9_ms,p99_9_ms_min,p99_9_ms_max,")
                .contains("cbr-body,10,0,1024,0,,,1,10,0,0,0,0,0,0,0,0,").doesNotContain("0.000000");
        assertThat(dir.resolve("out/" + RunLayout.SUMMARY_MD)).content().contains("| cbr-body | 10 | 1 KiB · 0 ms |", "| cbr-body | 10 | 1 KiB · 0 ms | 1 | 10 |")
                .contains("## Per scenario run", "[percentiles](latency/cbr-body_u10_s1024_d0_r1.csv)",
                        "![cbr-body: p99 against users](charts/cbr-body-users-p99_ms.png)")
                .doesNotContain("## What failed");
        assertThat(dir.resolve("out/histograms/cbr-body_u10_s1024_d0_r1.hlog")).isNotEmptyFile();
        assertThat(dir.resolve("out/points.csv")).isNotEmptyFile();
    }

    @Test
    void exitsOneWhenTheMeasurementHasFailures() throws IOException {
        Path file = new JtlFixture().ok(1_000, 3).row(1_001, 3, "200", false, "byte 7 differs").write(dir.resolve("rest.csv"));
        Result r = run("--warmup", "0", "--measurement", "10", file.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("rest_u0_s0_d0_r1: 1 errors and 0 incorrect replies of 2 samples (most frequent: 1 × `byte 7 differs`)");
    }

    @Test
    void aFileWithoutTheFailureMessageColumnIsSummarisedWithAWarningAndItsFailuresAsErrors() throws IOException {
        Path file = dir.resolve("rest.csv");
        Files.writeString(file, "timeStamp,elapsed,label,responseCode,success\n1000,3,rest,200,true\n1001,3,rest,200,false\n");

        Result r = run("--warmup", "0", "--measurement", "10", "--out", dir.resolve("out").toString(), file.toString());

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("WARNING: " + file + " has no failureMessage column")
                .contains("every failed sample counts as an error");
        assertThat(dir.resolve("out/summary.csv")).content()
                .contains("rest,0,0,0,0,,,1,2,1,50,50,50,0,0,");
        assertThat(dir.resolve("out/" + RunLayout.SUMMARY_MD)).content().contains("**warning**: " + file + " has no failureMessage column")
                .contains("## What failed", "rest_u0_s0_d0_r1: 1 errors and 0 incorrect replies of 2 samples (most frequent: 1 × `200 (no failureMessage column");
    }

    @Test
    void aZeroMeasurementIsAUsageError() {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ReportCommand()).setErr(new PrintWriter(err))
                .execute("--warmup", "0", "--measurement", "0", "x.csv");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("--measurement more than 0");
    }

    @Test
    void withoutWindowsOrFilesTheSummaryIsAUsageError() {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ReportCommand()).setErr(new PrintWriter(err)).execute("x.csv");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("Missing --warmup, --measurement or JTL files");
    }

    private final Point direct = new Point("direct", 10, 1024, 0);

    private Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ReportCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args);
        return new Result(exit, out.toString(), err.toString());
    }

    private record Result(int exit, String out, String err) {
    }

    @Test
    void compareWritesTheTablesWithTheGivenLabels() throws IOException {
        Path a = new RunFolderFixture(dir.resolve("a"), "run-a").point(direct, 10, 1000, 1010).write();
        Path b = new RunFolderFixture(dir.resolve("b"), "run-b").point(direct, 10, 500, 510).write();

        Result r = run("compare", a.toString(), b.toString(), "--out", dir.resolve("cmp").toString(),
                "--label", "camel", "--label", "mi");

        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("| 10 | 1 KiB | 0 | throughput msgs/s (higher is better) | 1005.0 [1000.0–1010.0] | 505.0 [500.0–510.0] | 0.502 (-49.8%) | significant |");
        assertThat(dir.resolve("cmp/comparison.md")).content().contains("| camel | run-a |", "| mi | run-b |");
        assertThat(dir.resolve("cmp/comparison.csv")).content().contains("direct,10,0,1024,0,,,throughput_per_s,mi,run-b,2,505.000");
    }

    @Test
    void compareWithAMissingRunOrWrongLabelsExitsTwo() throws IOException {
        Path a = new RunFolderFixture(dir.resolve("a"), "run-a").point(direct, 10, 1000).write();

        Result missing = run("compare", a.toString(), dir.resolve("nope").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err().strip()).isEqualTo("compare: " + dir.resolve("nope") + ": no such run folder");

        Result labels = run("compare", a.toString(), a.toString(), "--label", "x");
        assertThat(labels.exit()).isEqualTo(2);
        assertThat(labels.err()).contains("--label given 1 times for 2 runs");

        Result sameName = run("compare", a.toString(), a.toString(), "--out", dir.resolve("o").toString());
        assertThat(sameName.exit()).isEqualTo(2);
        assertThat(sameName.err()).contains("two runs are both named 'run-a'");
    }

    @Test
    void regressExitsZeroWithinLimitsAndOneWithAFailLinePerPoint() throws IOException {
        Path base = new RunFolderFixture(dir.resolve("base"), "base").point(direct, 100, 1000).write();
        Path same = new RunFolderFixture(dir.resolve("same"), "same").point(direct, 105, 960).write();
        Path slower = new RunFolderFixture(dir.resolve("slower"), "slower").point(direct, 100, 960).write();

        Result ok = run("regress", "--baseline", base.toString(), "--candidate", same.toString());
        assertThat(ok.exit()).isZero();
        assertThat(ok.out()).startsWith("OK: candidate same against baseline base, 1 points within limits "
                + "(throughput drop <= 10%, p99 growth <= 20%)");

        Result failed = run("regress", "--baseline", base.toString(), "--candidate", slower.toString(),
                "--max-throughput-drop", "3");
        assertThat(failed.exit()).isEqualTo(1);
        assertThat(failed.out()).contains("FAIL direct_u10_s1024_d0: throughput dropped 4.0% (1000.0 msgs/s -> 960.0 msgs/s), "
                + "more than the allowed 3%");
    }

    @Test
    void regressOnAFolderWithoutPointsCsvExitsTwoWithOneLine() throws IOException {
        Path base = new RunFolderFixture(dir.resolve("base"), "base").point(direct, 100, 1000).write();
        Files.createDirectories(dir.resolve("empty"));

        Result r = run("regress", "--baseline", base.toString(), "--candidate", dir.resolve("empty").toString());

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("regress: " + dir.resolve("empty")
                + ": no points.csv (not a run folder, or the run's analysis did not finish)");
        assertThat(run("regress", "--baseline", base.toString(), "--candidate", base.toString(),
                "--max-p99-growth", "-5").exit()).isEqualTo(2);
    }

    @Test
    void indexWritesTheResultsPage() throws IOException {
        ResultsFolderFixture.build(dir);

        Result r = run("index", "--results", dir.toString());

        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("index.html (2 runs)");
        assertThat(dir.resolve("index.html")).content().contains(ResultsFolderFixture.NEWER_ID, ResultsFolderFixture.OLDER);
        assertThat(run("index", "--results", dir.resolve("nope").toString()).exit()).isEqualTo(2);
    }
}
