package org.esbbench.report.run;

import org.esbbench.report.folder.LatestRun;
import org.esbbench.report.folder.ResultsCompression;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.folder.RunSessions;
import org.esbbench.report.folder.ScenarioRunJournal;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class RunProgressTest {
    @TempDir
    Path dir;

    /** Two points, two repeats, windows of 3 + 4 s: four scenario runs. */
    private RunParametersFile plan() {
        return new RunParametersFile("r", "reference", Instant.parse("2026-11-23T10:00:00Z"), Map.of("users", "1,2"),
                List.of(), List.of(new Point("direct", 1, 1024, 0), new Point("direct", 2, 1024, 0)), 2, 3, 4, "", Map.of());
    }

    private RunLayout layout() {
        return new RunLayout(dir);
    }

    private void measured(String name, long startedAt, long endedAt, Integer exit, String problem) throws IOException {
        Files.createDirectories(layout().jtl(name).getParent());
        Files.writeString(layout().jtl(name), "timeStamp,elapsed\n" + (startedAt + 100) + ",5\n");
        ScenarioRunJournal.append(layout().scenarioRuns(),
                new ScenarioRunJournal.Entry(name, startedAt, endedAt, Optional.ofNullable(exit), problem));
    }

    @Test
    void aNewFolderHasEveryRunMissingInPlanOrder() throws IOException {
        RunProgress progress = RunProgress.of(layout(), plan());

        assertThat(progress.count(RunProgress.State.MISSING)).isEqualTo(4);
        assertThat(progress.pending()).extracting(RunParametersFile.ScenarioRun::name).containsExactly(
                "direct_u1_s1024_d0_r1", "direct_u2_s1024_d0_r1", "direct_u1_s1024_d0_r2", "direct_u2_s1024_d0_r2");
        assertThat(progress.pendingSeconds(9)).isEqualTo(36);
    }

    @Test
    void completeNeedsASuccessRowAResultsFileAndBothWindows() throws IOException {
        measured("direct_u1_s1024_d0_r1", 1_000, 9_000, 0, "");                  // complete
        measured("direct_u2_s1024_d0_r1", 10_000, 12_000, 0, "");                // too short for 3 + 4 s
        measured("direct_u1_s1024_d0_r2", 20_000, 29_000, 1, "JMeter exited with 1");
        // The 4th: killed mid-JMeter, a results file and a log but no journal row.
        Files.writeString(layout().jtl("direct_u2_s1024_d0_r2"), "timeStamp,elapsed\n");
        Files.createDirectories(layout().logs());
        Files.writeString(layout().jmeterLog("direct_u2_s1024_d0_r2"), "log");

        RunProgress progress = RunProgress.of(layout(), plan());

        assertThat(progress.items()).extracting(RunProgress.Item::state).containsExactly(RunProgress.State.COMPLETE,
                RunProgress.State.INTERRUPTED, RunProgress.State.INTERRUPTED, RunProgress.State.INTERRUPTED);
        assertThat(progress.firstPending()).map(RunParametersFile.ScenarioRun::name).contains("direct_u2_s1024_d0_r1");
        assertThat(progress.describe()).isEqualTo("4 scenario runs planned, 1 complete, 3 interrupted, 0 missing");
    }

    @Test
    void aSuccessRowWithoutItsResultsFileIsNotComplete() throws IOException {
        measured("direct_u1_s1024_d0_r1", 1_000, 9_000, 0, "");
        Files.delete(layout().jtl("direct_u1_s1024_d0_r1"));

        assertThat(RunProgress.of(layout(), plan()).items().get(0).state()).isEqualTo(RunProgress.State.INTERRUPTED);
    }

    @Test
    void theLastRowWinsSoARunMeasuredAgainIsComplete() throws IOException {
        measured("direct_u1_s1024_d0_r1", 1_000, 2_000, null, "stopped");
        measured("direct_u1_s1024_d0_r1", 3_000, 11_000, 0, "");

        assertThat(RunProgress.of(layout(), plan()).items().get(0).state()).isEqualTo(RunProgress.State.COMPLETE);
    }

    @Test
    void moveAsideKeepsEveryFileOfAnInterruptedRunUnderPartialAndTouchesNoCompleteOne() throws IOException {
        measured("direct_u1_s1024_d0_r1", 1_000, 9_000, 0, "");
        String half = "direct_u2_s1024_d0_r1";
        Files.writeString(layout().jtl(half), "timeStamp,elapsed\n123,4\n");
        Files.createDirectories(layout().logs());
        Files.writeString(layout().jmeterOutput(half), "out");
        Files.createDirectories(layout().charts());
        Files.writeString(layout().latencyChart(half), "png");

        List<Path> moved = RunProgress.of(layout(), plan()).moveAside(2);

        assertThat(moved).containsExactlyInAnyOrder(layout().jtl(half), layout().jmeterOutput(half), layout().latencyChart(half));
        assertThat(layout().partial(2).resolve("jtl/" + half + ".csv")).hasContent("timeStamp,elapsed\n123,4\n");
        assertThat(layout().partial(2).resolve("logs/jmeter-" + half + ".out")).hasContent("out");
        assertThat(layout().partial(2).resolve("charts/" + half + "-latency.png")).exists();
        assertThat(layout().jtl(half)).doesNotExist();
        assertThat(layout().jtl("direct_u1_s1024_d0_r1")).exists();
        // Moved aside, the run counts as missing: nothing of the attempt is left in the folder's own places.
        assertThat(RunProgress.of(layout(), plan()).items().get(1).state()).isEqualTo(RunProgress.State.MISSING);
    }

    @Test
    void aTornLastJournalLineIsCutBackAndReturned() throws IOException {
        measured("direct_u1_s1024_d0_r1", 1_000, 9_000, 0, "");
        Files.writeString(layout().scenarioRuns(), "direct_u2_s1024_d0_r1,10000,1", java.nio.file.StandardOpenOption.APPEND);

        assertThat(ScenarioRunJournal.repairTail(layout().scenarioRuns())).contains("direct_u2_s1024_d0_r1,10000,1");
        assertThat(ScenarioRunJournal.repairTail(layout().scenarioRuns())).isEmpty();
        assertThat(ScenarioRunJournal.read(layout().scenarioRuns())).containsOnlyKeys("direct_u1_s1024_d0_r1");
        ScenarioRunJournal.append(layout().scenarioRuns(),
                new ScenarioRunJournal.Entry("direct_u2_s1024_d0_r1", 10_000, 18_000, Optional.of(0), ""));
        assertThat(ScenarioRunJournal.readAll(layout().scenarioRuns())).hasSize(2);
    }

    @Test
    void sessionsCountFromOneAndAFolderPlannedBeforeThemIsSessionOne() throws IOException {
        assertThat(RunSessions.next(layout())).isEqualTo(1);
        plan().write(layout().runParameters());
        assertThat(RunSessions.next(layout())).isEqualTo(2);
        RunSessions.append(layout().sessions(), new RunSessions.Session(1, 5, 0, 0, 4, "users=1,2"));
        RunSessions.append(layout().sessions(), new RunSessions.Session(2, 6, 1, 1, 3, ""));

        assertThat(RunSessions.next(layout())).isEqualTo(3);
        assertThat(RunSessions.current(layout())).isEqualTo(2);
        assertThat(RunSessions.read(layout().sessions()).get(0).explicit()).isEqualTo("users=1,2");
        assertThat(layout().serverGcLog("", 2).getFileName()).hasToString("server-gc-s2.log");
        assertThat(layout().serverGcLog("512m", 1).getFileName()).hasToString("server-gc-512m.log");
    }

    @Test
    void newestPlannedIsTheLatestCheckedAtNotTheAnalysedLink() throws IOException {
        Path results = Files.createDirectories(dir.resolve("results"));
        Path a = Files.createDirectories(results.resolve("a"));
        Path b = Files.createDirectories(results.resolve("b"));
        Files.createDirectories(results.resolve("c-no-plan"));
        RunParametersFile p = plan();
        new RunParametersFile("a", "reference", Instant.parse("2026-11-23T12:00:00Z"), p.parameters(), p.plans(), p.points(),
                2, 3, 4, "", Map.of()).write(new RunLayout(a).runParameters());
        new RunParametersFile("b", "reference", Instant.parse("2026-11-23T11:00:00Z"), p.parameters(), p.plans(), p.points(),
                2, 3, 4, "", Map.of()).write(new RunLayout(b).runParameters());
        LatestRun.point(results, b);

        assertThat(LatestRun.newestPlanned(results)).isEqualTo(a.toAbsolutePath().normalize());
    }

    @Test
    void compressedResultsCountAsThereAndAreMovedAsideWithTheRest() throws IOException {
        measured("direct_u1_s1024_d0_r1", 1_000, 9_000, 0, "");
        ResultsCompression.compress(layout().jtl("direct_u1_s1024_d0_r1"));
        String half = "direct_u2_s1024_d0_r1";
        measured(half, 10_000, 12_000, null, "stopped");
        ResultsCompression.compress(layout().jtl(half));

        RunProgress progress = RunProgress.of(layout(), plan());

        assertThat(progress.items().get(0).state()).isEqualTo(RunProgress.State.COMPLETE);
        assertThat(progress.items().get(1).state()).isEqualTo(RunProgress.State.INTERRUPTED);
        assertThat(progress.moveAside(2)).containsExactly(layout().compressedJtl(half));
        assertThat(layout().partial(2).resolve("jtl/" + half + ".csv.gz")).exists();
    }

    @Test
    void anEmptyCompressedFileIsNoResults() throws IOException {
        measured("direct_u1_s1024_d0_r1", 1_000, 9_000, 0, "");
        Files.delete(layout().jtl("direct_u1_s1024_d0_r1"));
        Files.createFile(layout().compressedJtl("direct_u1_s1024_d0_r1"));

        assertThat(RunProgress.of(layout(), plan()).items().get(0).state()).isEqualTo(RunProgress.State.INTERRUPTED);
    }
}
