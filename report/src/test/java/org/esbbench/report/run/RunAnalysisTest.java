package org.esbbench.report.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.esbbench.report.ReportCommand;
import org.esbbench.report.folder.PerfMonAgentFile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.folder.RunSessions;
import org.esbbench.report.points.HistogramLog;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.samples.LatencyHistogram;
import org.esbbench.report.samples.LatencyTiming;
import org.esbbench.report.samples.WindowedResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.report.figures.StandardFigures.P99;
import static org.esbbench.report.figures.StandardFigures.P99_9;
import static org.esbbench.report.figures.StandardFigures.SAMPLES;
import static org.esbbench.report.run.AnalysableRunFixture.DIRECT_5;

class RunAnalysisTest {
    @TempDir
    Path results;

    private final List<String> log = new ArrayList<>();

    @Test
    void analysesARunFolderFromItsOwnFiles() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "20261123-090000-reference").write();

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(result.failures()).isEmpty();
        assertThat(result.points()).extracting(PointSummary::point)
                .containsExactly(AnalysableRunFixture.DIRECT_5, AnalysableRunFixture.DIRECT_10);
        try (Stream<Path> files = Files.walk(results)) {
            List<Path> text = files.filter(f -> f.toString().matches(".*\\.(csv|md|json|html)$")).toList();
            assertThat(text).as("the run's text files").contains(layout.points(), layout.summaryCsv(), layout.summaryMd(),
                    layout.runJson(), layout.latency("direct_u5_s1024_d0_r2"), results.resolve("index.html"));
            assertThat(text).allSatisfy(f -> assertThat(f).content().as("%s", f).doesNotContain("0.000000"));
        }
        try (Stream<Path> hlogs = Files.list(layout.dir().resolve(RunLayout.HISTOGRAMS))) {
            assertThat(hlogs).hasSize(4);
        }
        assertThat(Files.readAllLines(layout.points())).hasSize(1 + 4);
        assertThat(layout.latency("direct_u5_s1024_d0_r2")).isNotEmptyFile();
        assertThat(layout.latencyChart("direct_u5_s1024_d0_r2")).isNotEmptyFile();
        assertThat(layout.charts().resolve("direct-users-p99_9_ms.png")).isNotEmptyFile();
        assertThat(layout.charts().resolve("direct-users-stddev_ms.svg")).isNotEmptyFile();
        assertThat(layout.summaryCsv()).content().contains(",p99_9_ms,p99_9_ms_min,p99_9_ms_max,");
        assertThat(layout.summaryMd()).content()
                .startsWith("# Run 20261123-090000-reference\n\ndirect at 5 and 10 users, 1 KiB\n\n"
                        + "Latency in whole milliseconds: the plan lacks the microsecond timing element (the results"
                        + " files have no elapsed_us values; response times are JMeter's elapsed).\n\n| scenario |")
                .contains("| stddev ms |", "| p99.9 ms |", "merged HdrHistogram of its repeats",
                        "![direct: p99.9 against users](charts/direct-users-p99_9_ms.png)", "[chart](charts/direct_u10_s1024_d0_r2-latency.png)",
                        "A run is flagged machine-saturated when this machine's CPU was at least 90")
                .doesNotContain("## What failed");
        assertThat(results.resolve(RunLayout.LATEST).toRealPath()).isEqualTo(layout.dir().toRealPath());
        assertThat(results.resolve("index.html")).content().contains("20261123-090000-reference", "p99.9 ms");
        assertThat(log).anySatisfy(l -> assertThat(l).startsWith("direct_u5_s1024_d0_r1: "));
    }

    @Test
    void aPointsPercentilesAreThoseOfItsRepeatsMergedHistograms() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").write();

        PointSummary five = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add).points().get(0);

        List<Histogram> repeats = new ArrayList<>();
        long samples = 0;
        for (String name : List.of("direct_u5_s1024_d0_r1", "direct_u5_s1024_d0_r2")) {
            WindowedResults w = WindowedResults.read(layout.results(name), AnalysableRunFixture.WARMUP_SECONDS * 1000,
                    AnalysableRunFixture.MEASUREMENT_SECONDS * 1000);
            repeats.add(w.measurementHistogram());
            samples += w.measurement().samples();
            assertThat(HistogramLog.read(layout.histogram(name))).isEqualTo(w.measurementHistogram());
        }
        // Histograms of µs, timed in whole ms (the fixture's files have no elapsed_us): percentiles in whole ms.
        Histogram merged = LatencyHistogram.merged(repeats);
        assertThat(LatencyHistogram.timing(merged)).contains(LatencyTiming.WHOLE_MILLISECONDS);
        assertThat(five.value(P99).value()).isEqualTo(Math.floor(merged.getValueAtPercentile(99) / 1000.0));
        assertThat(five.value(P99_9).value()).isEqualTo(Math.floor(merged.getValueAtPercentile(99.9) / 1000.0));
        assertThat(five.value(SAMPLES).value()).isEqualTo((double) samples);
    }

    @Test
    void aRunOverTwoCountsOfServerCoresHasTheCountInItsFilesAndRunJson() throws IOException {
        List<org.esbbench.report.points.Point> points = List.of(DIRECT_5.withServerCores(1), DIRECT_5.withServerCores(2));
        RunLayout layout = new AnalysableRunFixture(results, "cores").points(points).repeats(1).write();
        new org.esbbench.report.cores.CpuLayout(org.esbbench.report.cores.CpuLayout.Mode.ISOLATED,
                org.esbbench.report.cores.CpuLayout.Method.CPUSET, org.esbbench.report.cores.CpuList.parse("0-3"),
                org.esbbench.report.cores.CpuList.parse("2-3"), org.esbbench.report.cores.CpuList.parse("0-1"), true, "",
                List.of(1, 2)).write(layout.dir());

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(result.failures()).isEmpty();
        assertThat(result.points()).extracting(PointSummary::point).containsExactlyElementsOf(points);
        assertThat(RunParametersFile.read(layout.runParametersFile()).points()).containsExactlyElementsOf(points);
        assertThat(layout.histogram("direct_u5_s1024_d0_c2_r1")).isNotEmptyFile();
        List<String> summary = Files.readAllLines(layout.summaryCsv());
        assertThat(summary.subList(1, summary.size())).hasSize(2)
                .satisfiesExactly(r -> assertThat(r).startsWith("direct,5,0,1024,0,,1,1,"),
                        r -> assertThat(r).startsWith("direct,5,0,1024,0,,2,1,"));
        assertThat(layout.summaryMd()).content().contains("| scenario | users or arrivals/s | size · delay · server cores |",
                "| direct | 5 | 1 KiB · 0 ms · 1 server core |", "| direct | 5 | 1 KiB · 0 ms · 2 server cores |");
        JsonNode json = new ObjectMapper().readTree(layout.runJson().toFile());
        assertThat(json.path("parameters").path("serverCores").toString()).isEqualTo("[1,2]");
        assertThat(json.path("points").get(1).path("serverCores").asInt()).isEqualTo(2);
    }

    @Test
    void aRunOverTwoHeapsHasTheHeapInItsFilesAndAnalysesAgainFromThem() throws IOException {
        List<org.esbbench.report.points.Point> points = List.of(DIRECT_5.withHeap("256m"), DIRECT_5.withHeap("512m"));
        RunLayout layout = new AnalysableRunFixture(results, "heaps").points(points).repeats(1).write();

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(result.failures()).isEmpty();
        assertThat(result.points()).extracting(PointSummary::point).containsExactlyElementsOf(points);
        assertThat(RunParametersFile.read(layout.runParametersFile()).points()).containsExactlyElementsOf(points);
        assertThat(layout.compressedJtl("direct_u5_s1024_d0_h512m_r1")).isNotEmptyFile();
        assertThat(layout.jtl("direct_u5_s1024_d0_h512m_r1")).doesNotExist();
        assertThat(layout.histogram("direct_u5_s1024_d0_h256m_r1")).isNotEmptyFile();
        List<String> summary = Files.readAllLines(layout.summaryCsv());
        assertThat(summary.get(0)).startsWith("scenario,users,rate,size_bytes,delay_ms,heap,server_cores,repeats,");
        assertThat(summary.subList(1, summary.size())).hasSize(2)
                .satisfiesExactly(r -> assertThat(r).startsWith("direct,5,0,1024,0,256m,,1,"),
                        r -> assertThat(r).startsWith("direct,5,0,1024,0,512m,,1,"));
        assertThat(layout.summaryMd()).content().contains("| scenario | users or arrivals/s | size · delay · heap |",
                "| direct | 5 | 1 KiB · 0 ms · 256m |", "| direct | 5 | 1 KiB · 0 ms · 512m | 1 |",
                "| direct_u5_s1024_d0_h512m_r1 |");
        JsonNode json = new ObjectMapper().readTree(layout.runJson().toFile());
        assertThat(json.path("parameters").path("heaps").toString()).isEqualTo("[\"256m\",\"512m\"]");
        assertThat(json.path("points").get(1).path("heap").asText()).isEqualTo("512m");

        // analysed again from the run folder's files: the same points, heaps included
        String firstSummary = Files.readString(layout.summaryCsv());
        Files.delete(layout.summaryCsv());
        RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);
        assertThat(layout.summaryCsv()).content().isEqualTo(firstSummary);
        assertThat(org.esbbench.report.points.PointsCsv.read(layout.points()))
                .extracting(org.esbbench.report.points.RepeatRow::point).containsExactlyElementsOf(points);
    }

    @Test
    void runJsonIsBuiltFromThePlanTheJournalAndTheProcesses() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").write();

        RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        JsonNode json = new ObjectMapper().readTree(layout.runJson().toFile());
        assertThat(json.path("runId").asText()).isEqualTo("run");
        assertThat(json.path("outcome").asText()).isEqualTo("passed");
        assertThat(json.path("versions").path("jmeter").asText()).isEqualTo("5.6.3");
        assertThat(json.path("git").path("commit").asText()).isEqualTo("0123abc");
        assertThat(json.path("parameters").path("users").toString()).isEqualTo("[5,10]");
        assertThat(json.path("parameters").path("models").toString()).isEqualTo("[\"closed\"]");
        assertThat(json.path("parameters").path("repeats").asInt()).isEqualTo(2);
        assertThat(json.path("parameters").path("esbbench.users").asText()).isEqualTo("5,10");
        assertThat(json.path("processes").path("server").path("command").asText()).contains("-Xmx512m");
        assertThat(json.path("processes").fieldNames()).toIterable().containsExactly("server");
        assertThat(json.path("times").path("checkedAt").asText()).isEqualTo("2027-01-15T07:59:00Z");
        assertThat(json.path("times").path("startedAt").asText()).isEqualTo("2027-01-15T08:00:00Z");
        assertThat(json.path("times").path("endedAt").asText()).isEqualTo("2027-01-15T08:01:56Z");
        assertThat(json.path("times").path("analyzedAt").asText()).isNotBlank();
        assertThat(json.path("points")).hasSize(2);
        assertThat(json.path("points").get(0).path("figures").path("p99_9_ms").isNumber()).isTrue();
        assertThat(json.path("points").get(0).path("figures").has("cpu_us_per_msg")).isTrue();
        assertThat(json.path("failures")).isEmpty();
        assertThat(json.path("sessions")).as("a folder without sessions.csv").isEmpty();
    }

    @Test
    void runJsonListsTheSessionsOfAResumedRun() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").write();
        RunSessions.append(layout.sessions(), new RunSessions.Session(1, 1_000, 0, 0, 4, "users=5,10"));
        RunSessions.append(layout.sessions(), new RunSessions.Session(2, 2_000, 1, 1, 3, ""));

        RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        JsonNode sessions = new ObjectMapper().readTree(layout.runJson().toFile()).path("sessions");
        assertThat(sessions).hasSize(2);
        assertThat(sessions.get(1).path("session").asInt()).isEqualTo(2);
        assertThat(sessions.get(1).path("interrupted").asInt()).isEqualTo(1);
        assertThat(sessions.get(0).path("explicit").asText()).isEqualTo("users=5,10");
    }

    @Test
    void everyKindOfFailureIsNamedWithItsScenarioRun() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run")
                .withoutResults("direct_u5_s1024_d0_r1")
                .failing("direct_u10_s1024_d0_r1", 0.05)
                .problem("direct_u5_s1024_d0_r2", "JMeter exited with 1")
                .write();
        // A results file whose samples all started before the measurement window.
        Files.writeString(layout.jtl("direct_u10_s1024_d0_r2"), Files.readAllLines(layout.jtl("direct_u10_s1024_d0_r1"))
                .stream().limit(5).reduce("", (a, b) -> a + b + "\n"));

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(result.passed()).isFalse();
        assertThat(result.failures()).anySatisfy(f -> assertThat(f).isEqualTo(
                        "direct_u5_s1024_d0_r1: no results file (jtl/direct_u5_s1024_d0_r1.csv)"))
                .anySatisfy(f -> assertThat(f).isEqualTo("direct_u5_s1024_d0_r2: JMeter exited with 1"))
                .anySatisfy(f -> assertThat(f).startsWith("direct_u10_s1024_d0_r1: ")
                        .contains(" errors and 0 incorrect replies of ", "(most frequent: ", "× `transport error: "))
                .anySatisfy(f -> assertThat(f).isEqualTo("direct_u10_s1024_d0_r2: no samples in the measurement window"))
                .hasSize(4);
        assertThat(layout.summaryMd()).content().contains("## What failed", "- direct_u5_s1024_d0_r2: JMeter exited with 1");
        JsonNode json = new ObjectMapper().readTree(layout.runJson().toFile());
        assertThat(json.path("outcome").asText()).isEqualTo("failed");
        assertThat(json.path("failures")).hasSize(4);
    }

    @Test
    void errorsUnderMaxErrorPercentLetTheRunPassWithItsFiguresAndAWarningNamingThePoint() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "tolerant").repeats(1)
                .parameter("maxErrorPercent", "1")
                .failing("direct_u5_s1024_d0_r1", 0.004)
                .write();

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(result.failures()).isEmpty();
        assertThat(result.points()).hasSize(2);
        assertThat(result.points().get(0).errors()).isPositive();
        assertThat(log).anySatisfy(l -> assertThat(l).startsWith("WARNING: direct_u5_s1024_d0_r1: ")
                .contains(" errors of ", "tolerated: at or under -DmaxErrorPercent=1"));
        assertThat(layout.summaryMd()).content()
                .contains("Errors were tolerated up to 1 % of a scenario run's samples", "## Warnings",
                        "- **warning**: direct_u5_s1024_d0_r1: ")
                .doesNotContain("## What failed", ErrorTolerance.FLAG + ":");
        assertThat(layout.summaryCsv()).content().contains("error_pct", "incorrect_pct");
    }

    @Test
    void errorsOverMaxErrorPercentFailTheRunNamingThePointAndFlaggingIt() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "over").repeats(1)
                .parameter("maxErrorPercent", "1")
                .failing("direct_u10_s1024_d0_r1", 0.03)
                .write();

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(result.failures()).singleElement().satisfies(f -> assertThat(f)
                .startsWith("direct_u10_s1024_d0_r1: ").contains(" % is over -DmaxErrorPercent=1"));
        // (its synthetic time-outs end its load early, so it is also flagged window-not-covered)
        assertThat(result.points().get(1).flags()).contains(ErrorTolerance.FLAG + " in 1 of 1 repeat");
        assertThat(Files.readString(layout.points())).contains(ErrorTolerance.FLAG + ": ");
        assertThat(layout.summaryMd()).content().contains("## What failed", "- direct_u10_s1024_d0_r1: ");

        // The same folder analysed again with a threshold above its error %: it passes (the CLI's override).
        AnalysisResult again = RunAnalysis.analyse(layout, AnalysisOptions.defaults()
                .withErrorTolerance(new ErrorTolerance(50)), log::add);
        assertThat(again.passed()).isTrue();
    }

    @Test
    void incorrectRepliesFailTheRunWhateverMaxErrorPercent() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "corrupt").repeats(1)
                .parameter("maxErrorPercent", "100")
                .incorrect("direct_u5_s1024_d0_r1", 0.002)
                .write();

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(result.failures()).singleElement().satisfies(f -> assertThat(f)
                .startsWith("direct_u5_s1024_d0_r1: 0 errors and ").contains(" incorrect replies of "));
    }

    @Test
    void theAnalyzeCommandTakesAnotherMaxErrorPercentAndRefusesANonNumber() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "cli").repeats(1)
                .failing("direct_u5_s1024_d0_r1", 0.004)
                .write();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new ReportCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err));

        assertThat(cli.execute("analyze", layout.dir().toString())).isEqualTo(1);
        assertThat(cli.execute("analyze", "--max-error-percent", "1", layout.dir().toString())).isZero();
        assertThat(cli.execute("analyze", "--max-error-percent", "lots", layout.dir().toString())).isEqualTo(2);
        assertThat(err.toString()).contains("analyze: --max-error-percent=lots: ");
    }

    @Test
    void theAnalyzeCommandAnalysesAnOldRunFolderAgain() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "old-run").repeats(1).write();
        RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);
        // An old run: analysed before histograms were kept, its summary out of date.
        Files.writeString(layout.summaryMd(), "# stale\n");
        Files.delete(layout.summaryCsv());
        try (Stream<Path> files = Files.walk(layout.dir().resolve(RunLayout.HISTOGRAMS))) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ReportCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("analyze", layout.dir().toString(), "--no-dashboards", "--saturation-threshold", "75");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString()).contains("passed: 2 points");
        assertThat(layout.summaryMd()).content().startsWith("# Run old-run").contains("at least 75");
        assertThat(layout.summaryCsv()).isNotEmptyFile();
        assertThat(layout.histogram("direct_u5_s1024_d0_r1")).isNotEmptyFile();
    }

    @Test
    void aRunFolderWrittenBeforeTheRenameHoldingOnlyRunPlanJsonIsAnalysedAndResumedAgain() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "before-rename").repeats(1).write();
        Files.move(layout.runParameters(), layout.dir().resolve("run-plan.json"));

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ReportCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("analyze", layout.dir().toString(), "--no-dashboards");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString()).contains("passed: 2 points");
        assertThat(layout.summaryMd()).content().startsWith("# Run before-rename");
        assertThat(layout.runParameters()).as("the analysis writes no run parameters").doesNotExist();
        RunParametersFile plan = RunParametersFile.read(layout.runParametersFile());
        assertThat(RunProgress.of(layout, plan).pending()).as("every scenario run complete").isEmpty();
    }

    @Test
    void theAnalyzeCommandExitsOneWhenTheRunFailedAndTwoWithoutARunPlan() throws IOException {
        RunLayout failed = new AnalysableRunFixture(results, "failed").repeats(1).failing("direct_u5_s1024_d0_r1", 0.1).write();
        Files.createDirectories(results.resolve("not-a-run"));
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new ReportCommand()).setOut(new PrintWriter(new StringWriter()))
                .setErr(new PrintWriter(err));

        assertThat(cli.execute("analyze", failed.dir().toString())).isEqualTo(1);
        assertThat(err.toString()).contains("FAILED: direct_u5_s1024_d0_r1: ");
        assertThat(cli.execute("analyze", results.resolve("not-a-run").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("analyze: ").contains("no run parameters file");
    }

    @Test
    void thePerfMonCollectorsFilesGiveHostFiguresChartsAndAHostLevelCpuPerMessage() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "20261123-100000-external").write();
        // The collector's file of each scenario run (30 s apart, 26 s long): host at 40 % CPU, 25 % memory.
        Files.createDirectories(layout.logs());
        long start = AnalysableRunFixture.START;
        for (String name : List.of("direct_u5_s1024_d0_r1", "direct_u10_s1024_d0_r1", "direct_u5_s1024_d0_r2",
                "direct_u10_s1024_d0_r2")) {
            StringBuilder csv = new StringBuilder("timeStamp,elapsed,label,responseCode,responseMessage,threadName,"
                    + "dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n");
            for (long t = start; t <= start + 26_000; t += 1000) {
                csv.append(t).append(",40000,db1 CPU,,,,,true,,0,0,0,0,null,0,0,0\n")
                        .append(t).append(",25000,db1 Memory,,,,,true,,0,0,0,0,null,0,0,0\n");
            }
            Files.writeString(layout.perfmon(name), csv);
            start += 30_000;
        }
        new PerfMonAgentFile("db1:4444", false, java.util.OptionalInt.of(4)).write(layout.dir());

        // Analysed again from the folder alone, as esb-bench:analyze -Drun=... does.
        RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add);

        assertThat(layout.hostChart("direct_u10_s1024_d0_r2")).isNotEmptyFile();
        assertThat(layout.summaryCsv()).content().contains(",host_cpu_pct,host_cpu_pct_min,host_cpu_pct_max,",
                ",40,", ",25,", "cpu-per-msg-host-level");
        assertThat(layout.summaryMd()).content().contains("| host CPU % |", "| host memory % |",
                "## Server host (PerfMon agent)",
                "![direct_u5_s1024_d0_r1: host CPU and memory](charts/direct_u5_s1024_d0_r1-host.png)",
                "[host chart](charts/direct_u10_s1024_d0_r2-host.png)");
        // 40 % of 4 cores over the 20 s window = 32 s of CPU over the window's samples.
        org.esbbench.report.points.RepeatRow first = RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add)
                .points().get(0).repeats().get(0);
        Double samples = first.value(SAMPLES);
        assertThat(first.value(org.esbbench.report.figures.StandardFigures.CPU_PER_MESSAGE))
                .isCloseTo(32_000_000 / samples, org.assertj.core.api.Assertions.within(1.0));
    }
}
