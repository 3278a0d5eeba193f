package org.esbbench.smoke.resume;

import org.esbbench.report.folder.ResultsCompression;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.folder.RunSessions;
import org.esbbench.report.folder.ScenarioRunJournal;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A run killed after a few points and restarted with {@code -Dresume} finishes with every point measured exactly
 * once. The run is the suite's own lifecycle in a child Maven build ({@code run.xml}): direct and cbr-body at 1 and 2
 * users, 2 repeats, windows of 3 + 4 s, so 8 scenario runs. The child is stopped with SIGTERM (as Ctrl-C or a CI
 * timeout would) half-way through its 4th scenario run, then resumed; then a resume that asks for other users is
 * refused and leaves the folder as it was. The resumed run's summary gives each point the figures of its repeats
 * from both sessions ({@link RepeatFigures}).
 */
class ResumeRunIT {
    private static final Path ROOT = Path.of(System.getProperty("esbbench.root", "..")).toAbsolutePath().normalize();
    private static final Path MODULE = ROOT.resolve("smoke-resume");
    private static final Path WORK = MODULE.resolve("target");
    /** JMeter's dashboards are the suite's smoke run's to test; here they would only cost a JMeter per scenario run. */
    private static final String NO_DASHBOARDS = "-Ddashboards=false";
    private static final List<String> PLAN = List.of("-Dscenarios=direct,cbr-body", "-Dusers=1,2", "-Drepeats=2",
            "-Dwarmup=3", "-Dmeasurement=4", NO_DASHBOARDS);
    private static final int SCENARIO_RUNS = 8;
    private static final long FIRST_SESSION_LIMIT_S = 420;
    private static final long SESSION_LIMIT_S = 480;

    @Test
    void aRunKilledAfterAFewPointsAndResumedMeasuresEveryPointExactlyOnce() throws Exception {
        Path settings = settings();

        // Session 1: until three scenario runs are complete and the 4th is under way, then SIGTERM.
        Path log1 = WORK.resolve("resume-session-1.log");
        List<String> first = new ArrayList<>(List.of("verify"));
        first.addAll(PLAN);
        Process child = child(settings, first, log1);
        RunLayout layout = awaitRun(child, log1);
        RunParametersFile plan = RunParametersFile.read(layout.runParametersFile());
        assertThat(plan.scenarioRuns()).hasSize(SCENARIO_RUNS);
        String fourth = plan.scenarioRuns().get(3).name();
        awaitSuccessRows(child, layout, 3, log1);
        awaitSamples(child, layout.jtl(fourth), log1);

        List<ProcessHandle> snapshot = Stream.concat(Stream.of(child.toHandle()), child.toHandle().descendants()).toList();
        say("session 1: stopping the child build (pid " + child.pid() + ") with SIGTERM during " + fourth + "; "
                + (snapshot.size() - 1) + " descendant process(es): " + snapshot.stream().skip(1)
                .map(h -> h.pid() + " " + h.info().command().map(c -> Path.of(c).getFileName().toString()).orElse("?"))
                .collect(Collectors.joining(", ")));
        child.toHandle().destroy();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("the child build ends within 60 s of SIGTERM").isTrue();
        requireNoSurvivor(snapshot);
        assertThat(ProcessesFile.read(layout.processes())).as("processes.csv after SIGTERM")
                .isNotEmpty().noneMatch(ProcessesFile.Entry::running);
        say("session 1: exit " + child.exitValue() + "; every process of the snapshot ended, processes.csv all stopped");

        // Session 2: the same run, resumed by its id alone.
        Path log2 = WORK.resolve("resume-session-2.log");
        Process second = child(settings, List.of("verify", "-Dresume=" + layout.runId(), NO_DASHBOARDS), log2);
        boolean ended = second.waitFor(SESSION_LIMIT_S, TimeUnit.SECONDS);
        if (!ended) {
            stop(second);
            fail("the resumed build did not end within " + SESSION_LIMIT_S + " s; log " + log2);
        }
        String out2 = Files.readString(log2);
        assertThat(second.exitValue()).as("the resumed build's exit (log " + log2 + ")").isZero();
        String resuming = "resuming run " + layout.runId() + " (session 2): 8 scenario runs planned, 3 complete,"
                + " 1 interrupted, 4 missing: 5 to measure";
        assertThat(out2).contains(resuming).contains("of 5 this session)");
        say("session 2: " + line(out2, "resuming run"));
        say("session 2: " + line(out2, "of 5 this session)"));
        assertEveryPointMeasuredExactlyOnce(layout, plan, fourth);
        RepeatFigures.assertSummaryIsTheMedianOfRepeats(layout);
        RepeatFigures.assertPercentilesAreThoseOfMergedHistograms(layout);
        say("summary: the median of each point's repeats, from both sessions; percentiles of their merged histograms");
        assertThat(RunSessions.read(layout.sessions())).extracting(s -> List.of(s.session(), s.complete(),
                s.interrupted(), s.pending())).containsExactly(List.of(1, 0, 0, 8), List.of(2, 3, 1, 5));
        // The restarted server's GC log is the session's own: session 1's is still there.
        assertThat(layout.serverGcLog("")).isNotEmptyFile();
        assertThat(layout.serverGcLog("", 2)).isNotEmptyFile();

        // Session 3: a resume that asks for another plan is refused and touches nothing.
        Map<String, String> before = listing(layout.dir());
        Path log3 = WORK.resolve("resume-session-3.log");
        Process third = child(settings, List.of("validate", "-Dresume=" + layout.runId(), "-Dusers=3"), log3);
        assertThat(third.waitFor(180, TimeUnit.SECONDS)).isTrue();
        String out3 = Files.readString(log3);
        assertThat(third.exitValue()).as("a resume with another -Dusers fails").isNotZero();
        assertThat(out3).contains("cannot resume " + layout.runId() + ": it was planned with users=1,2 and this build"
                + " gives -Dusers=3");
        assertThat(listing(layout.dir())).as("the run folder after the refused resume").isEqualTo(before);
        say("session 3: " + line(out3, "cannot resume"));
    }

    /** The five invariants of "every point measured exactly once", for the plan's set S of scenario run names. */
    private static void assertEveryPointMeasuredExactlyOnce(RunLayout layout, RunParametersFile plan, String interrupted)
            throws IOException {
        Set<String> names = plan.scenarioRuns().stream().map(RunParametersFile.ScenarioRun::name).collect(Collectors.toSet());
        // 1. One results file per scenario run, none missing, none extra.
        try (Stream<Path> jtl = Files.list(layout.dir().resolve(RunLayout.JTL))) {
            // compressed once their JMeter ended (-DkeepResults=compressed, the default)
            assertThat(jtl.map(p -> p.getFileName().toString().replaceFirst("\\.csv\\.gz$", "")))
                    .containsExactlyInAnyOrderElementsOf(names);
        }
        // 2. Exactly one success row per name, and no row for a name after its success row.
        List<ScenarioRunJournal.Entry> rows = ScenarioRunJournal.readAll(layout.scenarioRuns());
        for (String name : names) {
            List<ScenarioRunJournal.Entry> own = rows.stream().filter(r -> r.name().equals(name)).toList();
            List<ScenarioRunJournal.Entry> successes = own.stream().filter(ResumeRunIT::success).toList();
            assertThat(successes).as("success rows of " + name).hasSize(1);
            assertThat(own.get(own.size() - 1)).as("the last row of " + name).isEqualTo(successes.get(0));
            // 3. Every sample of its results file lies in that attempt's times: no file mixes two attempts.
            ScenarioRunJournal.Entry success = successes.get(0);
            List<Long> starts = sampleStarts(layout.results(name));
            assertThat(starts).as("samples of " + name).isNotEmpty()
                    .allSatisfy(t -> assertThat(t).isBetween(success.startedAtMs(), success.endedAtMs()));
        }
        // 4. The interrupted attempt is under partial/s2/ and nowhere else.
        Path partial = layout.partial(2);
        // compressed by the analysis of the stopped build, or plain when that analysis did not get to it
        assertThat(Files.exists(partial.resolve("jtl").resolve(interrupted + ".csv"))
                || Files.exists(partial.resolve("jtl").resolve(interrupted + ".csv.gz"))).as("interrupted results").isTrue();
        try (Stream<Path> files = Files.walk(layout.dir().resolve(RunLayout.PARTIAL))) {
            assertThat(files.filter(Files::isRegularFile).map(p -> layout.relative(p)))
                    .isNotEmpty().allMatch(p -> p.startsWith("partial/s2/") && p.contains(interrupted));
        }
        // 5. points.csv: one row per scenario run.
        List<String> points = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(layout.points())) {
            for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                points.add(r.get("scenario") + "_u" + r.get("users") + "_s" + r.get("size_bytes") + "_d" + r.get("delay_ms")
                        + "_r" + r.get("repeat"));
            }
        }
        assertThat(points).containsExactlyInAnyOrderElementsOf(names);
        say("every point measured exactly once: " + names.size() + " results files, " + rows.size()
                + " journal rows (" + (rows.size() - names.size()) + " of the interrupted attempt), "
                + points.size() + " rows in points.csv, the interrupted attempt in " + layout.relative(partial));
    }

    private static boolean success(ScenarioRunJournal.Entry e) {
        return e.exitCode().filter(c -> c == 0).isPresent() && e.problem().isBlank();
    }

    private static List<Long> sampleStarts(Path jtl) throws IOException {
        List<Long> starts = new ArrayList<>();
        try (Reader in = new java.io.InputStreamReader(ResultsCompression.open(jtl), java.nio.charset.StandardCharsets.UTF_8)) {
            for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                starts.add(Long.parseLong(r.get("timeStamp")));
            }
        }
        return starts;
    }

    /**
     * Settings for the child: every repository mirrored to this build's local repository, so the child resolves the
     * reactor's artifacts from its own repository (installed there by this module) and everything else from the
     * files this build already has, with no network.
     */
    private static Path settings() throws IOException {
        Path userRepo = Path.of(System.getProperty("esbbench.resume.userRepo")).toAbsolutePath();
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

    /** This same Maven, started as Maven's own JVM (no shell between, so the child's pid is Maven's). */
    private static Process child(Path settings, List<String> args, Path log) throws IOException {
        Path mavenHome = Path.of(System.getProperty("esbbench.resume.mavenHome"));
        Path classworlds;
        try (Stream<Path> boot = Files.list(mavenHome.resolve("boot"))) {
            classworlds = boot.filter(p -> p.getFileName().toString().startsWith("plexus-classworlds-")).findFirst()
                    .orElseThrow(() -> new IOException("no plexus-classworlds jar in " + mavenHome.resolve("boot")));
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-classpath", classworlds.toString(),
                "-Dclassworlds.conf=" + mavenHome.resolve("bin/m2.conf"),
                "-Dmaven.home=" + mavenHome,
                "-Dmaven.multiModuleProjectDirectory=" + ROOT,
                "org.codehaus.plexus.classworlds.launcher.Launcher",
                "-B", "-s", settings.toString(),
                "-Dmaven.repo.local=" + System.getProperty("esbbench.resume.itRepo"),
                "-f", MODULE.resolve("run.xml").toString()));
        command.addAll(args);
        say("child: mvn " + String.join(" ", args) + " (log " + ROOT.relativize(log) + ")");
        return new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }

    /** The run folder the child's check made (its current-run pointer). */
    private static RunLayout awaitRun(Process child, Path log) throws Exception {
        Path pointer = MODULE.resolve("target/child/esb-bench/current-run");
        Files.deleteIfExists(pointer);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(FIRST_SESSION_LIMIT_S);
        while (System.nanoTime() < deadline) {
            requireAlive(child, log);
            if (Files.isRegularFile(pointer)) {
                RunLayout layout = new RunLayout(Path.of(Files.readString(pointer).strip()));
                if (Files.isRegularFile(layout.runParametersFile())) {
                    return layout;
                }
            }
            Thread.sleep(200);
        }
        stop(child);
        throw new AssertionError("the child build made no run folder within " + FIRST_SESSION_LIMIT_S + " s; log " + log);
    }

    private static void awaitSuccessRows(Process child, RunLayout layout, int rows, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(FIRST_SESSION_LIMIT_S);
        while (System.nanoTime() < deadline) {
            requireAlive(child, log);
            if (ScenarioRunJournal.readAll(layout.scenarioRuns()).stream().filter(ResumeRunIT::success).count() >= rows) {
                return;
            }
            Thread.sleep(100);
        }
        stop(child);
        throw new AssertionError("the child build did not complete " + rows + " scenario runs; log " + log);
    }

    /** Half-way: the scenario run's results file holds samples (the child is in its windows). */
    private static void awaitSamples(Process child, Path jtl, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            requireAlive(child, log);
            if (Files.isRegularFile(jtl)) {
                try (Stream<String> lines = Files.lines(jtl)) {
                    if (lines.limit(2).count() == 2) {
                        return;
                    }
                }
            }
            Thread.sleep(100);
        }
        stop(child);
        throw new AssertionError(jtl + " got no sample within 60 s; log " + log);
    }

    private static void requireAlive(Process child, Path log) throws IOException {
        if (!child.isAlive()) {
            String out = Files.readString(log);
            throw new AssertionError("the child build ended (exit " + child.exitValue() + ") before it was stopped; log "
                    + log + ":\n" + out.substring(Math.max(0, out.length() - 4000)));
        }
    }

    /**
     * Every process of the snapshot has ended (a {@link ProcessHandle} is the pid and its start time, so a reused pid
     * is not taken for one of them). A survivor is destroyed, from the snapshot only, and the test fails.
     */
    private static void requireNoSurvivor(List<ProcessHandle> snapshot) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && snapshot.stream().anyMatch(ProcessHandle::isAlive)) {
            Thread.sleep(100);
        }
        List<ProcessHandle> alive = snapshot.stream().filter(ProcessHandle::isAlive).toList();
        alive.forEach(ProcessHandle::destroyForcibly);
        assertThat(alive.stream().map(h -> h.pid() + " " + h.info().commandLine().orElse("?")))
                .as("processes of the stopped build still alive").isEmpty();
    }

    private static void stop(Process child) throws InterruptedException {
        List<ProcessHandle> all = Stream.concat(Stream.of(child.toHandle()), child.toHandle().descendants()).toList();
        child.toHandle().destroy();
        child.waitFor(60, TimeUnit.SECONDS);
        all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    /** Every file under the folder with its size and modification time. */
    private static Map<String, String> listing(Path dir) throws IOException {
        Map<String, String> listing = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.toList()) {
                listing.put(dir.relativize(p).toString(), Files.isDirectory(p) ? "dir"
                        : Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis());
            }
        }
        return listing;
    }

    private static String line(String log, String containing) {
        return log.lines().filter(l -> l.contains(containing)).findFirst().orElse("(no line with " + containing + ")")
                .replaceFirst("^\\[INFO\\] ", "").replaceFirst("^\\[ERROR\\] ", "");
    }

    private static void say(String line) {
        System.out.println("[ResumeRunIT] " + line);
    }
}
