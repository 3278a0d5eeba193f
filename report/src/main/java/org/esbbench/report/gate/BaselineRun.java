package org.esbbench.report.gate;

import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.index.RunFolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code -Dbaseline}: which earlier run a run's points are compared with. A run id (a folder of the results folder),
 * the path of a run folder (relative to the checkout's root, else as given), {@code latest} (the newest passed run
 * begun before this one) or {@code latest:TARGET} (the same, of that target profile). "Before this one" keeps the
 * choice the same when the run is analysed again later, and a run is never its own baseline.
 */
public final class BaselineRun {
    /** The run parameter (-D and run-parameters.json). */
    public static final String PARAMETER = "baseline";
    private static final String LATEST = RunLayout.LATEST;
    private static final String PASSED = "passed";

    private BaselineRun() {
    }

    /**
     * The baseline's run folder.
     *
     * @param results the results folder (its parent is the checkout's root)
     * @param value   the parameter's value, not blank
     * @param self    the run being judged, never its own baseline; null at check, before the run has a folder
     * @param before  runs begun at or after this are not a {@code latest} baseline
     * @throws IOException naming what was looked for when there is no such run, or it has no points.csv
     */
    public static Path resolve(Path results, String value, Path self, Instant before) throws IOException {
        String v = value.strip();
        Path folder;
        if (v.equals(LATEST) || v.startsWith(LATEST + ":")) {
            String target = v.equals(LATEST) ? "" : v.substring(LATEST.length() + 1).strip();
            folder = newestPassed(results, target, self, before).orElseThrow(() -> new IOException("-D" + PARAMETER
                    + "=" + value + ": no passed run" + (target.isEmpty() ? "" : " of target " + target) + " in "
                    + results + " before this one; name a run id or a run folder, or leave -D" + PARAMETER + " empty"));
        } else {
            Path byId = results.resolve(v);
            Path fromRoot = results.toAbsolutePath().getParent().resolve(v);
            folder = Files.isDirectory(byId) ? byId : Files.isDirectory(fromRoot) ? fromRoot : Path.of(v);
            if (!Files.isDirectory(folder)) {
                throw new IOException("-D" + PARAMETER + "=" + value + ": no run " + v + " in " + results
                        + " and no such folder; give a run id, a run folder's path, latest or latest:TARGET");
            }
        }
        folder = folder.toAbsolutePath().normalize();
        if (!Files.isRegularFile(folder.resolve(RunLayout.POINTS))) {
            throw new IOException("-D" + PARAMETER + "=" + value + ": " + folder + " has no " + RunLayout.POINTS
                    + " (not a run folder, or its analysis did not finish)");
        }
        if (self != null && folder.equals(self.toAbsolutePath().normalize())) {
            throw new IOException("-D" + PARAMETER + "=" + value + ": that is this run itself");
        }
        return folder;
    }

    private static Optional<Path> newestPassed(Path results, String target, Path self, Instant before)
            throws IOException {
        if (!Files.isDirectory(results)) {
            return Optional.empty();
        }
        Path me = self == null ? null : self.toAbsolutePath().normalize();
        List<Path> dirs;
        try (Stream<Path> list = Files.list(results)) {
            dirs = list.filter(d -> !Files.isSymbolicLink(d) && RunFolder.isRun(d))
                    .filter(d -> me == null || !d.toAbsolutePath().normalize().equals(me)).toList();
        }
        record Candidate(Path dir, Instant at) {
        }
        return dirs.stream().flatMap(d -> {
            try {
                RunFolder run = RunFolder.read(d);
                Instant at = run.startedAt().orElse(Instant.EPOCH);
                boolean fits = run.outcome().equals(PASSED) && at.isBefore(before)
                        && (target.isEmpty() || run.target().equals(target));
                return fits ? Stream.of(new Candidate(d, at)) : Stream.<Candidate>empty();
            } catch (IOException e) {
                return Stream.<Candidate>empty(); // an unreadable folder is no baseline
            }
        }).max(Comparator.comparing(Candidate::at)).map(Candidate::dir);
    }
}
