package org.esbbench.report.round;

import org.esbbench.report.index.ResultsIndex;
import org.esbbench.report.index.RoundFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The results index lists rounds newest first, apart from runs, and never takes a round folder for a run. */
class RoundIndexTest {
    @TempDir
    Path tmp;

    private static void round(Path results, String id, String created) throws Exception {
        new RoundRecord(id, created, List.of("reference"), 1, List.of("direct"), Map.of(), Map.of(), Map.of(), List.of())
                .write(RoundRecord.dir(results, id));
    }

    @Test
    void roundsAreListedNewestFirstAndARoundFolderIsNeverARun() throws Exception {
        Path results = Files.createDirectories(tmp.resolve("results"));
        round(results, "20261120-080000", "2026-11-20T08:00:00Z");
        round(results, "20261125-080000", "2026-11-25T08:00:00Z");
        // A round folder that also holds a run's files is still a round, never listed as a run.
        Path odd = RoundRecord.dir(results, "20261122-080000");
        round(results, "20261122-080000", "2026-11-22T08:00:00Z");
        Files.writeString(odd.resolve("run.json"), "{}");
        Files.writeString(odd.resolve("points.csv"), "scenario\n");
        Files.createDirectories(results.resolve("round-without-json"));

        ResultsIndex.Listing listing = ResultsIndex.list(results);

        assertThat(listing.rounds()).extracting(r -> r.record().id())
                .containsExactly("20261125-080000", "20261122-080000", "20261120-080000");
        assertThat(listing.runs()).isEmpty();
        assertThat(listing.unreadable()).isEmpty();
        assertThat(listing.rounds()).noneMatch(RoundFolder::hasPage);
        String page = Files.readString(ResultsIndex.write(results, listing));
        assertThat(page).contains("Rounds", "(no report yet)", "0 runs, 3 rounds, newest first.");
    }
}
