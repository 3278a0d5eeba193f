package org.esbbench.smoke.drills;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.folder.ScenarioRunJournal;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fault drills of issue 14: a run of three points (direct at 1, 2 and 3 users, windows of 2 + 4 s) broken during
 * its 2nd point, four ways. Each must end with the points already measured analysed and in the summary, the broken
 * point named with its cause, a non-zero exit and no process of the run left (the child's process tree and
 * processes.csv, taken just before the fault, each checked gone).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultDrillsIT {
    /** Profiled (-Dprofile=cpu): a broken run leaves no agent library nor the killed server's attach socket. */
    private static final List<String> PLAN = List.of("-Dscenarios=direct", "-Dusers=1,2,3", "-Dwarmup=2",
            "-Dmeasurement=4", "-Ddashboards=false", "-Dprofile=cpu");

    @Test
    @Order(1)
    void theServerKilledDuringThe2ndPointStopsTheRunNamingItAndTheRestIsNotMeasured() throws Exception {
        killedTarget("server");
    }

    @Test
    @Order(2)
    void theBackendKilledDuringThe2ndPointStopsTheRunNamingIt() throws Exception {
        killedTarget("backend");
    }

    @Test
    @Order(3)
    void theJMeterKilledDuringThe2ndPointFailsThatPointAndTheRunGoesOn() throws Exception {
        ChildBuild child = ChildBuild.start("drill-jmeter", PLAN);
        Broken broken = breakThe2ndPoint(child, layout -> ChildBuild.running(layout, "jmeter-" + second(layout)).pid());
        int exit = child.awaitEnd();

        ScenarioRunJournal.Entry row = row(broken.layout, broken.name);
        assertThat(row.problem()).contains("JMeter exited with 137 (signal 9)");
        // The server is fine: the 3rd point is measured.
        String third = RunParametersFile.read(broken.layout.runParametersFile()).scenarioRuns().get(2).name();
        assertThat(row(broken.layout, third).problem()).isEmpty();
        assertThat(pointsCsvRows(broken.layout)).contains(first(broken.layout), third);
        common(child, broken, exit, "JMeter exited with 137 (signal 9)", row);
    }

    @Test
    @Order(4)
    void theBuildInterruptedWithSigintStopsEverythingAndItsHookAnalysesTheMeasuredPoints() throws Exception {
        ChildBuild child = ChildBuild.start("drill-sigint", PLAN);
        Broken broken = breakThe2ndPoint(child, layout -> child.process.pid(), "INT");
        int exit = child.awaitEnd();
        long ended = System.currentTimeMillis();
        assertThat(exit).as("the interrupted build's exit (log " + child.log + ")").isNotZero();
        ChildBuild.requireNoSurvivor(broken.snapshot, broken.layout);
        requireNoProfilerLeftovers(broken.layout);
        // The hook stops the point's JMeter; the run goal records that point's end, naming the interruption, then
        // starts nothing more. (A build killed outright leaves no row: the analysis then says "interrupted".)
        assertThat(ScenarioRunJournal.readAll(broken.layout.scenarioRuns())).extracting(ScenarioRunJournal.Entry::name)
                .containsExactly(first(broken.layout), broken.name);
        assertThat(row(broken.layout, broken.name).problem())
                .contains("the build was interrupted and its shutdown hook stopped it");

        // The run goal's hook analysed what was measured before the build ended (no dashboards): the summary names
        // the stopped point, and the measured one is in it.
        assertThat(child.output()).contains("summary of the stopped run: ");
        assertThat(pointsCsvRows(broken.layout)).contains(first(broken.layout));
        assertThat(broken.layout.summaryMd()).content().contains("## What failed", broken.name,
                "the build was interrupted");
        ChildBuild.say("sigint: exit " + exit + " " + (ended - broken.atMs) + " ms after SIGINT; every process gone;"
                + " analysed by the hook: " + ChildBuild.line(child.output(), "summary of the stopped run: "));
    }

    private void killedTarget(String target) throws Exception {
        ChildBuild child = ChildBuild.start("drill-" + target, PLAN);
        Broken broken = breakThe2ndPoint(child, layout -> ChildBuild.running(layout, target).pid());
        int exit = child.awaitEnd();

        ScenarioRunJournal.Entry row = row(broken.layout, broken.name);
        String cause = target + " process (pid " + broken.pid + ") exited (signal 9) during " + broken.name;
        assertThat(row.problem()).startsWith(cause);
        String third = RunParametersFile.read(broken.layout.runParametersFile()).scenarioRuns().get(2).name();
        assertThat(row(broken.layout, third).problem()).startsWith("not measured: " + target + " process (pid ");
        assertThat(Files.exists(broken.layout.results(third))).as("no JMeter started against the dead " + target).isFalse();
        common(child, broken, exit, cause, row);
    }

    /** What every drill must show: exit, the first point analysed, the cause in the summary, nothing left. */
    private static void common(ChildBuild child, Broken broken, int exit, String cause, ScenarioRunJournal.Entry row)
            throws Exception {
        assertThat(exit).as("the broken build's exit (log " + child.log + ")").isNotZero();
        assertThat(pointsCsvRows(broken.layout)).contains(first(broken.layout));
        assertThat(broken.layout.summaryMd()).content().contains("## What failed", cause);
        ChildBuild.requireNoSurvivor(broken.snapshot, broken.layout);
        requireNoProfilerLeftovers(broken.layout);
        ChildBuild.say(child.log.getFileName() + ": detected " + (row.endedAtMs() - broken.atMs) + " ms after the kill;"
                + " exit " + exit + "; scenario-runs.csv: " + row.problem() + "; build: "
                + ChildBuild.line(child.output(), "the run failed:"));
    }

    private record Broken(RunLayout layout, String name, long pid, long atMs, List<ProcessHandle> snapshot) {
    }

    /**
     * The first point was profiled, and nothing of the profiler is left: its library and files in the run folder
     * removed, no attach socket of a profiled JVM (the killed server cannot remove its own) in the temporary folder.
     */
    private static void requireNoProfilerLeftovers(RunLayout layout) throws IOException {
        assertThat(org.esbbench.report.profiles.ProfileRecord.read(layout.profileRecord(first(layout))).orElseThrow()
                .taken()).as("the first point profiled").isTrue();
        assertThat(layout.profilerAgent()).as("the profiler's library and files").doesNotExist();
        try (java.util.stream.Stream<java.nio.file.Path> records = Files.list(layout.profiles())) {
            for (java.nio.file.Path f : records.filter(f -> f.toString().endsWith("_r1.properties")).toList()) {
                long pid = org.esbbench.report.profiles.ProfileRecord.read(f).orElseThrow().pid();
                if (pid > 0) {
                    assertThat(java.nio.file.Path.of("/tmp/.java_pid" + pid)).as("attach socket of profiled JVM " + pid)
                            .doesNotExist();
                }
            }
        }
    }

    private interface PidOf {
        long of(RunLayout layout) throws IOException;
    }

    private static Broken breakThe2ndPoint(ChildBuild child, PidOf victim) throws Exception {
        return breakThe2ndPoint(child, victim, "KILL");
    }

    /** Waits for the 1st point's end and the 2nd's samples, takes the snapshot, then sends the signal. */
    private static Broken breakThe2ndPoint(ChildBuild child, PidOf victim, String signal) throws Exception {
        RunLayout layout = child.awaitRun();
        child.awaitRow(layout, first(layout));
        String name = second(layout);
        child.awaitSamples(layout.jtl(name));
        // While everything runs: nothing the run started (the reference server with its management connector, the
        // backend, the monitor, JMeter) listens beyond loopback.
        RunListeners.requireLoopbackOnly(layout);
        List<ProcessHandle> snapshot = child.snapshot(layout);
        long pid = victim.of(layout);
        long at = System.currentTimeMillis();
        ChildBuild.signal(signal, pid);
        ChildBuild.say(child.log.getFileName() + ": SIG" + signal + " to pid " + pid + " during " + name + "; "
                + (snapshot.size() - 1) + " process(es) under the child build");
        return new Broken(layout, name, pid, at, snapshot);
    }

    private static String first(RunLayout layout) throws IOException {
        return RunParametersFile.read(layout.runParametersFile()).scenarioRuns().get(0).name();
    }

    private static String second(RunLayout layout) throws IOException {
        return RunParametersFile.read(layout.runParametersFile()).scenarioRuns().get(1).name();
    }

    private static ScenarioRunJournal.Entry row(RunLayout layout, String name) throws IOException {
        Optional<ScenarioRunJournal.Entry> row = ScenarioRunJournal.readAll(layout.scenarioRuns()).stream()
                .filter(r -> r.name().equals(name)).reduce((a, b) -> b);
        assertThat(row).as("the row of " + name + " in scenario-runs.csv").isPresent();
        return row.get();
    }

    /** points.csv's scenario runs, as names. */
    static List<String> pointsCsvRows(RunLayout layout) throws IOException {
        List<String> names = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(layout.points())) {
            for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                names.add(r.get("scenario") + "_u" + r.get("users") + "_s" + r.get("size_bytes") + "_d" + r.get("delay_ms")
                        + "_r" + r.get("repeat"));
            }
        }
        return names;
    }
}
