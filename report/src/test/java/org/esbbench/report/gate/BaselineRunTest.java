package org.esbbench.report.gate;

import org.esbbench.report.index.RunFolderFixture;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BaselineRunTest {
    private static final Point DIRECT = new Point("direct", 10, 1024, 0);
    /** The run being judged began here: a latest baseline began before. */
    private static final Instant BEFORE = Instant.parse("2026-11-22T00:00:00Z");

    @TempDir
    Path root;

    private Path results;
    private Path self;

    private Path run(String id, String target, String outcome, String startedAt) throws IOException {
        return new RunFolderFixture(results.resolve(id), id).parameter("target", target).set("outcome", outcome)
                .startedAt(startedAt).point(DIRECT, 10, 1000).write();
    }

    /** A results folder of several targets and outcomes around {@link #BEFORE}. */
    @BeforeEach
    void results() throws IOException {
        results = root.resolve("results");
        run("ref-old", "reference", "passed", "2026-11-20T10:00:00Z");
        run("ref-good", "reference", "passed", "2026-11-21T10:00:00Z");
        run("ref-failed", "reference", "failed", "2026-11-21T12:00:00Z");
        run("nginx", "nginx", "passed", "2026-11-21T18:00:00Z");
        run("ref-after", "reference", "passed", "2026-11-23T10:00:00Z");
        // the run judged: of the same target, passed (analysed before), and newer than every other candidate
        self = run("self", "reference", "passed", "2026-11-21T20:00:00Z");
        // results/latest points at the newest run, but a link is never a candidate of its own
        Files.createSymbolicLink(results.resolve("latest"), results.resolve("ref-after"));
    }

    private Path resolve(String value) throws IOException {
        return BaselineRun.resolve(results, value, self, BEFORE);
    }

    private Path folder(String id) {
        return results.resolve(id).toAbsolutePath().normalize();
    }

    @Test
    void aRunIdIsTheFolderOfTheResultsFolder() throws IOException {
        assertThat(resolve("ref-failed")).isEqualTo(folder("ref-failed"));
        assertThat(resolve("  ref-old ")).isEqualTo(folder("ref-old"));
    }

    @Test
    void aFolderIsTakenRelativeToTheCheckoutsRootOrAsGiven() throws IOException {
        Path kept = new RunFolderFixture(root.resolve("baselines").resolve("reference"), "kept").withoutRunJson()
                .point(DIRECT, 10, 1000).write();
        Path elsewhere = new RunFolderFixture(root.resolve("elsewhere").resolve("run"), "elsewhere")
                .point(DIRECT, 10, 1000).write();

        assertThat(resolve("baselines/reference")).isEqualTo(kept.toAbsolutePath().normalize());
        assertThat(resolve(elsewhere.toAbsolutePath().toString())).isEqualTo(elsewhere.toAbsolutePath().normalize());
        assertThat(resolve("results/ref-old")).isEqualTo(folder("ref-old"));
    }

    @Test
    void latestOfATargetIsItsNewestPassedRunBegunBeforeThisOneAndNeverThisOne() throws IOException {
        // self began later than ref-good, but is the run judged; ref-failed failed; ref-after began after
        assertThat(resolve("latest:reference")).isEqualTo(folder("ref-good"));
        assertThat(resolve("latest: reference ")).isEqualTo(folder("ref-good"));
        assertThat(resolve("latest:nginx")).isEqualTo(folder("nginx"));
    }

    @Test
    void latestWithoutATargetIsTheNewestPassedRunOfAnyTarget() throws IOException {
        assertThat(resolve("latest")).isEqualTo(folder("nginx"));
    }

    @Test
    void withoutARunYetEveryPassedRunBegunBeforeTheInstantIsACandidate() throws IOException {
        // at check the run has no folder: the newest passed run of the target before the instant, self included
        assertThat(BaselineRun.resolve(results, "latest:reference", null, BEFORE)).isEqualTo(folder("self"));
        assertThat(BaselineRun.resolve(results, "latest:reference", null, Instant.parse("2027-01-01T00:00:00Z")))
                .isEqualTo(folder("ref-after"));
        assertThat(BaselineRun.resolve(results, "latest:reference", null, Instant.parse("2026-11-21T10:00:00Z")))
                .as("a run begun at the instant is not before it").isEqualTo(folder("ref-old"));
    }

    @Test
    void theRunJudgedIsRefusedAsItsOwnBaselineWhenNamed() {
        assertThatThrownBy(() -> resolve("self")).isInstanceOf(IOException.class)
                .hasMessage("-Dbaseline=self: that is this run itself");
        assertThatThrownBy(() -> resolve(self.toAbsolutePath().toString()))
                .hasMessageEndingWith(": that is this run itself");
    }

    @Test
    void latestOfATargetWithoutAPassedRunIsRefusedNamingTheTarget() {
        assertThatThrownBy(() -> resolve("latest:synapse")).isInstanceOf(IOException.class)
                .hasMessageStartingWith("-Dbaseline=latest:synapse: no passed run of target synapse in " + results)
                .hasMessageContaining("before this one");
        assertThatThrownBy(() -> BaselineRun.resolve(results, "latest", self, Instant.parse("2026-01-01T00:00:00Z")))
                .isInstanceOf(IOException.class).hasMessageStartingWith("-Dbaseline=latest: no passed run in ");
        assertThatThrownBy(() -> BaselineRun.resolve(root.resolve("no-results"), "latest", null, BEFORE))
                .isInstanceOf(IOException.class).hasMessageContaining("no passed run");
    }

    @Test
    void aRunThatIsNotThereIsRefusedSayingWhatCanBeGiven() {
        assertThatThrownBy(() -> resolve("ref-gone")).isInstanceOf(IOException.class)
                .hasMessage("-Dbaseline=ref-gone: no run ref-gone in " + results + " and no such folder; give a run id,"
                        + " a run folder's path, latest or latest:TARGET");
    }

    @Test
    void aFolderWithoutPointsIsRefused() throws IOException {
        Files.createDirectories(results.resolve("unfinished"));
        Files.writeString(results.resolve("unfinished").resolve("run.json"), "{\"outcome\":\"passed\"}");

        assertThatThrownBy(() -> resolve("unfinished")).isInstanceOf(IOException.class)
                .hasMessage("-Dbaseline=unfinished: " + folder("unfinished") + " has no points.csv (not a run folder,"
                        + " or its analysis did not finish)");
    }

    @Test
    void aFolderWithoutPointsIsNoLatestCandidate() throws IOException {
        Path newer = results.resolve("unfinished");
        Files.createDirectories(newer);
        Files.writeString(newer.resolve("run.json"), "{\"outcome\":\"passed\",\"parameters\":{\"target\":\"reference\"},"
                + "\"times\":{\"startedAt\":\"2026-11-21T23:00:00Z\"}}");

        assertThat(resolve("latest:reference")).isEqualTo(folder("ref-good"));
    }
}
