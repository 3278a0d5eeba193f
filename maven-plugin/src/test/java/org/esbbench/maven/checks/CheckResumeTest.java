package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.ProcessRegistry;
import org.esbbench.maven.run.RunFacts;
import org.esbbench.maven.run.RecordedRun;
import org.esbbench.maven.targets.TargetProfile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunSessions;
import org.esbbench.report.folder.ScenarioRunJournal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** check -Dresume: which folder, the same plan or a refusal that names each difference, no leftovers, what is left. */
class CheckResumeTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private final List<String> log = new ArrayList<>();

    /** A run folder under dir/results planned as check plans it: direct and cbr-body, users 1,2, 2 repeats. */
    private RunLayout planned(String id, Instant at) throws Exception {
        Map<String, String> parameters = new LinkedHashMap<>(RunParameters.DEFAULTS);
        parameters.putAll(Map.of("scenarios", "direct,cbr-body", "users", "1,2", "repeats", "2", "warmup", "3",
                "measurement", "4"));
        RunParameters plan = RunParameters.parse(parameters, ROOT, ROOT.resolve("jmx"));
        TargetProfile profile = TargetProfile.load(ROOT.resolve("config/targets"), "reference");
        RunLayout layout = new RunLayout(dir.resolve("results").resolve(id));
        RecordedRun.of(layout.runId(), at, parameters, plan, profile, List.of(), "test run",
                RunFacts.of(ROOT, plan, profile, new RunFacts.Versions("1", "5.6.3", "reference-esb 1")))
                .write(layout.runParameters());
        return layout;
    }

    /** The check as it runs from a checkout whose results/ is dir/results (jmx/ and config/ are the project's). */
    private ResumeCheck check() throws Exception {
        Path root = dir;
        if (!Files.exists(root.resolve("jmx"))) {
            Files.createSymbolicLink(root.resolve("jmx"), ROOT.resolve("jmx"));
            Files.createSymbolicLink(root.resolve("config"), ROOT.resolve("config"));
        }
        return new ResumeCheck(root, log::add);
    }

    @Test
    void aChangedParameterIsRefusedNamingWhatWasPlannedAndWhatTheBuildGives() throws Exception {
        planned("20261123-100000-reference", Instant.parse("2026-11-23T10:00:00Z"));

        assertThatThrownBy(() -> check().check("20261123-100000-reference",
                Map.of("users", "3", "measurement", "300", "repeats", "2")))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("cannot resume 20261123-100000-reference: it was planned with users=1,2 and this"
                        + " build gives -Dusers=3; measurement=4 and this build gives -Dmeasurement=300.")
                .hasMessageNotContaining("repeats")
                .hasMessageContaining("drop these options, or start a new run (no -Dresume)");
        assertThatThrownBy(() -> check().check("20261123-100000-reference", Map.of("target", "nginx")))
                .hasMessageContaining("target=reference and this build gives -Dtarget=nginx");
    }

    @Test
    void theSameValuesInAnotherOrderAreTheSamePlan() throws Exception {
        RunLayout layout = planned("20261123-100000-reference", Instant.parse("2026-11-23T10:00:00Z"));

        ResumeCheck.Resumed resumed = check().check("20261123-100000-reference",
                Map.of("users", "2,1", "scenarios", "cbr-body,direct", "target", "reference"));

        assertThat(resumed.layout()).isEqualTo(layout);
        assertThat(resumed.session()).isEqualTo(2);
        assertThat(ResumeCheck.describe(resumed, 9)).isEqualTo("resuming run 20261123-100000-reference (session 2): 8"
                + " scenario runs planned, 0 complete, 0 interrupted, 8 missing: 8 to measure, about 0:01:12 of load left");
    }

    @Test
    void criteriaGivenToAResumingBuildAreCheckedAgainstTheRunsScenariosBeforeItsLoad() throws Exception {
        planned("r", Instant.parse("2026-11-23T10:00:00Z"));
        check();
        org.esbbench.maven.run.BuildLog buildLog = new org.esbbench.maven.run.BuildLog(log::add, log::add);

        assertThatThrownBy(() -> ResumedRun.check(dir, "r", Map.of("criteria", "jms:p99_ms<5"), null, buildLog))
                .isInstanceOf(InvalidRunException.class).hasMessage("-Dcriteria: 'jms:p99_ms<5' names scenario jms,"
                        + " which this run does not measure; its scenarios: cbr-body, direct, or * for every one");
        ResumedRun.check(dir, "r", Map.of("criteria", "cbr-body:p99_ms<5"), null, buildLog);
        assertThat(log).contains("criteria judged on every point (-Dcriteria): cbr-body:p99_ms<5");
    }

    @Test
    void aRunWithNothingLeftSaysSo() throws Exception {
        RunLayout layout = planned("r", Instant.parse("2026-11-23T10:00:00Z"));
        ResumeCheck check = check();
        Files.createDirectories(layout.jtl("x").getParent());
        for (var run : org.esbbench.report.folder.RunParametersFile.read(layout.runParametersFile()).scenarioRuns()) {
            Files.writeString(layout.jtl(run.name()), "timeStamp,elapsed\n1,2\n");
            ScenarioRunJournal.append(layout.scenarioRuns(),
                    new ScenarioRunJournal.Entry(run.name(), 0, 7_000, Optional.of(0), ""));
        }

        ResumeCheck.Resumed resumed = check.check("r", Map.of());

        assertThat(resumed.progress().pending()).isEmpty();
        assertThat(ResumeCheck.describe(resumed, 9)).isEqualTo("resuming run r (session 2): all 8 complete: nothing to"
                + " measure; the analysis reads the whole run");
    }

    @Test
    void aProcessOfTheEarlierBuildStillRunningIsRefused() throws Exception {
        RunLayout layout = planned("20261123-100000-reference", Instant.parse("2026-11-23T10:00:00Z"));
        // What a SIGKILLed build leaves: an entry still "running" whose process is alive.
        ManagedProcess sleeper = ManagedProcess.start("server", List.of("sleep", "60"), dir, dir.resolve("sleeper.log"));
        try {
            new ProcessRegistry(layout.processes()).register(sleeper);

            assertThatThrownBy(() -> check().check("20261123-100000-reference", Map.of()))
                    .hasMessageContaining("run 20261123-100000-reference still has processes from its earlier build: server"
                            + " (pid " + sleeper.pid() + ")")
                    .hasMessageContaining("mvn -pl suite esb-bench:stop -Drun=20261123-100000-reference");
        } finally {
            sleeper.stop(Duration.ofSeconds(5));
        }
        assertThat(check().check("20261123-100000-reference", Map.of()).progress().total()).isEqualTo(8);
    }

    @Test
    void aProcessTheEarlierBuildLeftMarkedRunningButThatHasEndedIsMarkedStoppedForTheNewSession() throws Exception {
        RunLayout layout = planned("20261123-100000-reference", Instant.parse("2026-11-23T10:00:00Z"));
        // What Ctrl-C leaves: the backend, in the build's process group, ended by the signal before any hook saw it.
        ManagedProcess backend = ManagedProcess.start("backend", List.of("sleep", "60"), dir, dir.resolve("backend.log"));
        new ProcessRegistry(layout.processes()).register(backend);
        backend.stop(Duration.ofSeconds(5));
        ResumeCheck check = check();
        ResumeCheck.Resumed resumed = check.check("20261123-100000-reference", Map.of());

        check.prepare(resumed, "");

        assertThat(org.esbbench.report.folder.ProcessesFile.read(layout.processes()))
                .noneMatch(org.esbbench.report.folder.ProcessesFile.Entry::running);
    }

    @Test
    void latestIsTheNewestPlannedRunAndAFolderWithoutAPlanIsNoRunToResume() throws Exception {
        planned("a", Instant.parse("2026-11-23T10:00:00Z"));
        planned("b", Instant.parse("2026-11-23T09:00:00Z"));
        Files.createDirectories(dir.resolve("results/c"));

        assertThat(check().check("latest", Map.of()).layout().runId()).isEqualTo("a");
        assertThat(log).anyMatch(l -> l.startsWith("resume latest = a (planned 2026-11-23T10:00:00Z)"));
        assertThatThrownBy(() -> check().check("c", Map.of())).hasMessageContaining("is not a run check finished (no"
                + " run-parameters.json): start a new run");
        assertThatThrownBy(() -> check().check("nope", Map.of())).hasMessageContaining("-Dresume=nope: no run folder nope");
    }

    @Test
    void prepareMovesInterruptedFilesAsideCutsATornLineAndAddsTheSession() throws Exception {
        RunLayout layout = planned("r", Instant.parse("2026-11-23T10:00:00Z"));
        String first = "direct_u1_s1024_d0_r1";
        Files.createDirectories(layout.jtl(first).getParent());
        Files.writeString(layout.jtl(first), "timeStamp,elapsed\n1,2\n");
        ScenarioRunJournal.append(layout.scenarioRuns(),
                new ScenarioRunJournal.Entry(first, 0, 8_000, Optional.of(0), ""));
        String second = "cbr-body_u1_s1024_d0_r1";
        Files.writeString(layout.jtl(second), "timeStamp,elapsed\n1,2\n");
        Files.writeString(layout.scenarioRuns(), second + ",9000", java.nio.file.StandardOpenOption.APPEND);

        ResumeCheck check = check();
        ResumeCheck.Resumed resumed = check.check("r", Map.of());
        assertThat(ResumeCheck.describe(resumed, 9)).contains("8 scenario runs planned, 1 complete, 1 interrupted,"
                + " 6 missing: 7 to measure");
        check.prepare(resumed, "");

        assertThat(layout.partial(2).resolve("jtl/" + second + ".csv")).exists();
        assertThat(layout.partial(2).resolve("scenario-runs.tail")).hasContent(second + ",9000");
        assertThat(layout.jtl(second)).doesNotExist();
        assertThat(layout.jtl(first)).exists();
        assertThat(RunSessions.read(layout.sessions())).singleElement()
                .satisfies(s -> assertThat(List.of(s.session(), s.complete(), s.interrupted(), s.pending()))
                        .containsExactly(2, 1, 1, 7));
    }
}
