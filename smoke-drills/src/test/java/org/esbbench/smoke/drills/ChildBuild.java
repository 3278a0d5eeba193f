package org.esbbench.smoke.drills;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.ScenarioRunJournal;
import org.esbbench.maven.processes.IgnoredStopSignals;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One child Maven build of {@code smoke-drills/run.xml}: the suite's lifecycle, started as Maven's own JVM (no shell
 * between, so the child's pid is Maven's), resolving the reactor's artifacts from the module's it-repo and everything
 * else from this build's local repository (settings written once, shared by every drill). Waits for the run's
 * milestones and checks afterwards that no process of the run is left.
 */
final class ChildBuild {
    static final Path ROOT = Path.of(System.getProperty("esbbench.root", "..")).toAbsolutePath().normalize();
    static final Path MODULE = ROOT.resolve("smoke-drills");
    static final Path WORK = MODULE.resolve("target");
    /** How long a child build may take, unless its drill gives its own limit. */
    private static final long LIMIT_S = 300;

    final Process process;
    final Path log;
    private final long limitSeconds;
    private final long startedNanos = System.nanoTime();

    private ChildBuild(Process process, Path log, long limitSeconds) {
        this.process = process;
        this.log = log;
        this.limitSeconds = limitSeconds;
    }

    /** Starts {@code mvn -f smoke-drills/run.xml verify ARGS}, its output in target/NAME.log. */
    static ChildBuild start(String name, List<String> args) throws IOException {
        return start(name, "verify", args, LIMIT_S);
    }

    /**
     * As {@link #start(String, List)}, within {@code limitSeconds} rather than the drills' usual limit: a drill whose
     * child runs a sequence of JMeter runs (a capacity search's probes) needs more than a handful of windows.
     */
    static ChildBuild start(String name, List<String> args, long limitSeconds) throws IOException {
        return start(name, "verify", args, limitSeconds);
    }

    /** Starts {@code mvn -f smoke-drills/run.xml GOAL ARGS} (a phase or a goal), its output in target/NAME.log. */
    static ChildBuild start(String name, String goal, List<String> args) throws IOException {
        return start(name, goal, args, LIMIT_S);
    }

    private static ChildBuild start(String name, String goal, List<String> args, long limitSeconds) throws IOException {
        Path settings = settings();
        Path mavenHome = Path.of(System.getProperty("esbbench.drills.mavenHome"));
        Path classworlds;
        try (Stream<Path> boot = Files.list(mavenHome.resolve("boot"))) {
            classworlds = boot.filter(p -> p.getFileName().toString().startsWith("plexus-classworlds-")).findFirst()
                    .orElseThrow(() -> new IOException("no plexus-classworlds jar in " + mavenHome.resolve("boot")));
        }
        // A test command run under nohup or in a script's background ignores INT: the SIGINT drill's build must not.
        List<String> command = new ArrayList<>(IgnoredStopSignals.ofThisBuild().resetPrefix());
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-classpath", classworlds.toString(),
                "-Dclassworlds.conf=" + mavenHome.resolve("bin/m2.conf"),
                "-Dmaven.home=" + mavenHome,
                "-Dmaven.multiModuleProjectDirectory=" + ROOT,
                "org.codehaus.plexus.classworlds.launcher.Launcher",
                "-B", "-s", settings.toString(),
                "-Dmaven.repo.local=" + System.getProperty("esbbench.drills.itRepo"),
                "-f", MODULE.resolve("run.xml").toString(), goal));
        if (goal.equals("verify")) {
            // The drills are about failures, not CPU placement or order (the suite's smoke run and its ServerCoresIT
            // are): on the test command's 2 CPUs every process shares both, since a JMeter that starts on one CPU
            // costs about 3 s more per scenario run (docs/benchmarks.md), and the chain is not warmed up before the
            // first point (its warm-up window more per build), nor is the idle server read for the CPU per message
            // net of idle (5 s more per build; the suite's smoke run reads it). A drill's own -D... comes after and
            // wins.
            command.add("-DserverCpus=shared");
            command.add("-DchainWarmup=0");
            command.add("-DidleProbe=0");
        }
        command.addAll(args);
        Path log = WORK.resolve(name + ".log");
        Files.deleteIfExists(MODULE.resolve("target/child/esb-bench/current-run"));
        say(name + ": mvn " + goal + " " + String.join(" ", args) + " (log " + ROOT.relativize(log) + ")");
        return new ChildBuild(new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start(), log, limitSeconds);
    }

    /** Settings that mirror every repository to this build's local repository: no network. */
    private static Path settings() throws IOException {
        Path userRepo = Path.of(System.getProperty("esbbench.drills.userRepo")).toAbsolutePath();
        Path settings = WORK.resolve("it-settings.xml");
        Files.writeString(settings, """
                <settings>
                  <mirrors>
                    <mirror>
                      <id>this-builds-repository</id>
                      <mirrorOf>*</mirrorOf>
                      <url>%s</url>
                    </mirror>
                  </mirrors>
                </settings>
                """.formatted(userRepo.toUri()));
        return settings;
    }

    /** The run folder the child's check made (its current-run pointer). */
    RunLayout awaitRun() throws Exception {
        Path pointer = MODULE.resolve("target/child/esb-bench/current-run");
        while (withinLimit()) {
            requireAlive();
            if (Files.isRegularFile(pointer)) {
                RunLayout layout = new RunLayout(Path.of(Files.readString(pointer).strip()));
                if (Files.isRegularFile(layout.runParametersFile())) {
                    return layout;
                }
            }
            Thread.sleep(200);
        }
        throw fail("made no run folder");
    }

    /** Until {@code name} has a row in scenario-runs.csv. */
    ScenarioRunJournal.Entry awaitRow(RunLayout layout, String name) throws Exception {
        while (withinLimit()) {
            requireAlive();
            Optional<ScenarioRunJournal.Entry> row = ScenarioRunJournal.readAll(layout.scenarioRuns()).stream()
                    .filter(r -> r.name().equals(name)).findFirst();
            if (row.isPresent()) {
                return row.get();
            }
            Thread.sleep(100);
        }
        throw fail("recorded no end of " + name);
    }

    /** Until the scenario run's results file holds samples (its JMeter is in its windows). */
    void awaitSamples(Path jtl) throws Exception {
        while (withinLimit()) {
            requireAlive();
            if (Files.isRegularFile(jtl)) {
                try (Stream<String> lines = Files.lines(jtl)) {
                    if (lines.limit(3).count() == 3) {
                        return;
                    }
                }
            }
            Thread.sleep(100);
        }
        throw fail(jtl + " got no samples");
    }

    /** The running process of that name in processes.csv. */
    static ProcessesFile.Entry running(RunLayout layout, String name) throws IOException {
        return ProcessesFile.read(layout.processes()).stream().filter(e -> e.running() && e.name().equals(name))
                .reduce((a, b) -> b).orElseThrow(() -> new AssertionError("no running " + name + " in processes.csv"));
    }

    /** The child and every process under it now, plus the run's processes.csv entries still alive. */
    List<ProcessHandle> snapshot(RunLayout layout) throws IOException {
        List<ProcessHandle> all = new ArrayList<>(Stream.concat(Stream.of(process.toHandle()),
                process.toHandle().descendants()).toList());
        for (ProcessesFile.Entry e : ProcessesFile.read(layout.processes())) {
            // By pid and start: an entry that ended may have left its pid to a later process or thread, which the
            // survivor check would otherwise destroy.
            e.stillRunning().filter(h -> !all.contains(h)).ifPresent(all::add);
        }
        return all;
    }

    /** Waits for the child's end; its exit code. */
    int awaitEnd() throws Exception {
        long left = limitSeconds - TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startedNanos);
        if (!process.waitFor(Math.max(left, 30), TimeUnit.SECONDS)) {
            stop();
            throw new AssertionError("the child build did not end in time; log " + log);
        }
        return process.exitValue();
    }

    String output() throws IOException {
        return Files.readString(log);
    }

    /**
     * Every process of the snapshot has ended (a ProcessHandle is the pid and its start time, so a reused pid is not
     * taken for one of them), and processes.csv lists none as running. A survivor is destroyed and the test fails.
     */
    static void requireNoSurvivor(List<ProcessHandle> snapshot, RunLayout layout) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline && snapshot.stream().anyMatch(ProcessHandle::isAlive)) {
            Thread.sleep(100);
        }
        List<ProcessHandle> alive = snapshot.stream().filter(ProcessHandle::isAlive).toList();
        alive.forEach(ProcessHandle::destroyForcibly);
        assertThat(alive.stream().map(h -> h.pid() + " " + h.info().commandLine().orElse("?")))
                .as("processes of the run still alive").isEmpty();
        assertThat(ProcessesFile.read(layout.processes())).as("processes.csv at the end")
                .isNotEmpty().noneMatch(ProcessesFile.Entry::running);
    }

    /** Ends the child and what it started (from its process tree only). */
    void stop() throws InterruptedException {
        List<ProcessHandle> all = Stream.concat(Stream.of(process.toHandle()), process.toHandle().descendants()).toList();
        process.toHandle().destroy();
        process.waitFor(60, TimeUnit.SECONDS);
        all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    private boolean withinLimit() {
        return System.nanoTime() - startedNanos < TimeUnit.SECONDS.toNanos(limitSeconds);
    }

    private void requireAlive() throws IOException {
        if (!process.isAlive()) {
            String out = output();
            throw new AssertionError("the child build ended (exit " + process.exitValue() + ") too early; log " + log
                    + ":\n" + out.substring(Math.max(0, out.length() - 4000)));
        }
    }

    private AssertionError fail(String what) throws IOException {
        try {
            stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new AssertionError("the child build " + what + " within " + limitSeconds + " s; log " + log);
    }

    static String line(String log, String containing) {
        return log.lines().filter(l -> l.contains(containing)).findFirst().orElse("(no line with " + containing + ")")
                .replaceFirst("^\\[(INFO|WARNING|ERROR)\\] ", "");
    }

    static void say(String line) {
        System.out.println("[drills] " + line);
    }

    /** The one row of points.csv of a run with one point and one repeat. */
    static CSVRecord onlyPoint(RunLayout layout) throws IOException {
        List<CSVRecord> rows = points(layout);
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    /** The one row of points.csv whose {@code column} is {@code value} (a repeat, a delay). */
    static CSVRecord point(RunLayout layout, String column, String value) throws IOException {
        List<CSVRecord> rows = points(layout).stream().filter(r -> r.get(column).equals(value)).toList();
        assertThat(rows).as("rows of " + column + " " + value + " in " + layout.points()).hasSize(1);
        return rows.get(0);
    }

    /** A figure of a points.csv row, as a number. */
    static double figure(CSVRecord row, String figure) {
        return Double.parseDouble(row.get(figure));
    }

    private static List<CSVRecord> points(RunLayout layout) throws IOException {
        try (Reader in = Files.newBufferedReader(layout.points())) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
    }

    /** Sends {@code signal} (STOP, CONT, KILL, ...) to {@code pid} with kill(1), which must succeed. */
    static void signal(String signal, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor()).as("kill -" + signal + " " + pid).isZero();
    }
}
