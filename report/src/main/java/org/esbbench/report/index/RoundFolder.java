package org.esbbench.report.index;

import org.esbbench.report.round.RoundRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/**
 * A round's folder under {@code results/} ({@code round-<id>/}): its round.json, and whether its report page has
 * been written. The results index links each round's page; a round's target runs are run folders of their own,
 * listed with the other runs.
 *
 * @param folder the round's folder
 * @param record its round.json
 */
public record RoundFolder(Path folder, RoundRecord record) {
    /** The round's page, relative to its folder (the round report's round.html). */
    public static final String PAGE = "round.html";

    /** Newest first: by when the round was checked (ISO-8601 sorts as text), then by folder name. */
    static final Comparator<RoundFolder> NEWEST_FIRST = Comparator
            .comparing((RoundFolder r) -> r.record().created() == null ? "" : r.record().created())
            .thenComparing(r -> r.folder().getFileName().toString()).reversed();

    /** Whether {@code dir} is named as a round's folder is ({@code round-...}); such a folder is never a run. */
    public static boolean isRoundName(Path dir) {
        Path name = dir.getFileName();
        return name != null && name.toString().startsWith(RoundRecord.PREFIX);
    }

    static RoundFolder read(Path folder) throws IOException {
        return new RoundFolder(folder, RoundRecord.read(folder));
    }

    /** Whether the round's report page is there to link to. */
    public boolean hasPage() {
        return Files.isRegularFile(folder.resolve(PAGE));
    }

    /** How many of its target runs have ended (done or failed), of how many. */
    String progress() {
        long finished = record.runs().stream().filter(RoundRecord.TargetRun::finished).count();
        return finished + " of " + record.runs().size() + " target runs finished";
    }
}
