package org.esbbench.report.index;

import org.esbbench.report.compare.LatestComparison;
import org.esbbench.report.figures.Figures;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds the runs and the rounds under a results folder and writes {@code results/index.html} listing them, newest
 * first. Symbolic links (such as {@code latest}) are skipped since they name a run already listed, and so is every
 * entry that is not a finished run (README, a run without points.csv); a {@code round-<id>} folder is a round,
 * never a run.
 */
public final class ResultsIndex {
    public static final String FILE_NAME = "index.html";

    /** Newest first: by start time (runs without one last), then by folder name, which starts with a timestamp. */
    static final Comparator<RunFolder> NEWEST_FIRST = Comparator
            .comparing((RunFolder r) -> r.startedAt().orElse(Instant.MIN)).reversed()
            .thenComparing(r -> r.folder().getFileName().toString(), Comparator.reverseOrder());

    /**
     * @param runs       the readable runs, newest first
     * @param unreadable "folder: problem" for each run or round folder that could not be read, so the page says so
     * @param rounds     the rounds ({@code round-<id>/} folders with a round.json), newest first
     */
    public record Listing(List<RunFolder> runs, List<String> unreadable, List<RoundFolder> rounds) {
        public Listing {
            runs = List.copyOf(runs);
            unreadable = List.copyOf(unreadable);
            rounds = List.copyOf(rounds);
        }

        /** Runs without rounds. */
        public Listing(List<RunFolder> runs, List<String> unreadable) {
            this(runs, unreadable, List.of());
        }
    }

    private ResultsIndex() {
    }

    public static Listing list(Path results) throws IOException {
        return list(results, Figures.standard());
    }

    /** Lists the runs, reading their points with the figures of {@code figures}. */
    public static Listing list(Path results, Figures figures) throws IOException {
        if (!Files.isDirectory(results)) {
            throw new IOException(results + ": no such results folder");
        }
        List<RunFolder> runs = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        List<RoundFolder> rounds = new ArrayList<>();
        try (Stream<Path> entries = Files.list(results)) {
            for (Path dir : entries.sorted().toList()) {
                if (Files.isSymbolicLink(dir)) {
                    continue;
                }
                if (RoundFolder.isRoundName(dir)) {
                    // A round's folder holds its plan and report, never a run's files: its runs are folders of their own.
                    round(dir, rounds, unreadable);
                    continue;
                }
                if (!RunFolder.isRun(dir)) {
                    continue;
                }
                try {
                    RunFolder run = RunFolder.read(dir, figures);
                    // Combining the points reads the repeats' histograms: a damaged one is found here, not mid-page.
                    run.points();
                    runs.add(run);
                } catch (IOException | RuntimeException e) {
                    // One damaged run must not take the whole index down; the page lists it with the reason.
                    unreadable.add(dir.getFileName() + ": " + e.getMessage());
                }
            }
        }
        runs.sort(NEWEST_FIRST);
        rounds.sort(RoundFolder.NEWEST_FIRST);
        return new Listing(runs, unreadable, rounds);
    }

    /** Adds the round in {@code dir} when it has a round.json (a folder without one is left alone). */
    private static void round(Path dir, List<RoundFolder> rounds, List<String> unreadable) {
        if (!Files.isDirectory(dir) || !Files.isRegularFile(dir.resolve(org.esbbench.report.round.RoundRecord.FILE))) {
            return;
        }
        try {
            rounds.add(RoundFolder.read(dir));
        } catch (IOException | RuntimeException e) {
            unreadable.add(dir.getFileName() + ": " + e.getMessage());
        }
    }

    /** Lists the runs and writes {@code results/index.html}; returns its path. */
    public static Path write(Path results) throws IOException {
        return write(results, list(results));
    }

    /** Writes {@code results/index.html} for runs already listed; returns its path. */
    public static Path write(Path results, Listing listing) throws IOException {
        return write(results, listing, Figures.standard());
    }

    /**
     * Writes {@code results/index.html} with the figures of {@code figures}, and beside it the comparison of the
     * latest run of each target ({@link LatestComparison}) that the page links to; returns the page's path.
     */
    public static Path write(Path results, Listing listing, Figures figures) throws IOException {
        LatestComparison.write(results, listing.runs(), figures);
        Path file = results.resolve(FILE_NAME);
        Files.writeString(file, IndexPage.render(listing, figures), StandardCharsets.UTF_8);
        return file;
    }
}
