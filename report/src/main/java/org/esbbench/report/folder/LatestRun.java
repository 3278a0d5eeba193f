package org.esbbench.report.folder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code results/latest}: a symbolic link to the newest run's folder, or a text file naming it where links fail. */
public final class LatestRun {
    private LatestRun() {
    }

    public static void point(Path resultsDir, Path runDir) throws IOException {
        Path latest = resultsDir.resolve(RunLayout.LATEST);
        Files.deleteIfExists(latest);
        try {
            Files.createSymbolicLink(latest, resultsDir.relativize(runDir));
        } catch (UnsupportedOperationException | IOException e) {
            Files.writeString(latest, runDir.getFileName().toString() + System.lineSeparator());
        }
    }

    /**
     * The newest run that check planned under {@code resultsDir}: the folder whose run parameters
     * ({@link RunLayout#runParametersFile()}) have the latest {@code checkedAt}. Unlike {@code results/latest}, which only the analysis writes, it names a run whose
     * build was killed, which is what a resume needs.
     *
     * @throws IOException when no folder under {@code resultsDir} holds a readable run parameters file
     */
    public static Path newestPlanned(Path resultsDir) throws IOException {
        Path newest = null;
        java.time.Instant newestAt = null;
        if (Files.isDirectory(resultsDir)) {
            try (java.util.stream.Stream<Path> dirs = Files.list(resultsDir)) {
                for (Path dir : dirs.filter(d -> !Files.isSymbolicLink(d) && Files.isDirectory(d)).toList()) {
                    Path plan = new RunLayout(dir).runParametersFile();
                    if (!Files.isRegularFile(plan)) {
                        continue;
                    }
                    java.time.Instant at;
                    try {
                        at = RunParametersFile.read(plan).checkedAt();
                    } catch (IOException e) {
                        continue; // not a run parameters file this version reads: not a run to resume
                    }
                    if (newestAt == null || at.isAfter(newestAt)) {
                        newest = dir;
                        newestAt = at;
                    }
                }
            }
        }
        if (newest == null) {
            throw new IOException("no planned run in " + resultsDir + " (no folder with a " + RunLayout.RUN_PARAMETERS + ")");
        }
        return newest.toAbsolutePath().normalize();
    }

    /**
     * The run folder {@code run} names under {@code resultsDir}: a run id (the folder's name), {@code latest}, or a
     * path to a run folder.
     *
     * @throws IOException naming what was looked for when there is no such run folder
     */
    public static Path resolve(Path resultsDir, String run) throws IOException {
        Path dir;
        if (run.equals(RunLayout.LATEST)) {
            Path latest = resultsDir.resolve(RunLayout.LATEST);
            if (Files.isDirectory(latest)) {
                dir = latest.toRealPath();
            } else if (Files.isRegularFile(latest)) {
                dir = resultsDir.resolve(Files.readString(latest).strip());
            } else {
                throw new IOException(latest + ": no latest run (no run has been analysed in " + resultsDir + ")");
            }
        } else {
            Path named = resultsDir.resolve(run);
            dir = Files.isDirectory(named) ? named : Path.of(run);
        }
        if (!Files.isDirectory(dir)) {
            throw new IOException("no run folder " + run + " in " + resultsDir);
        }
        return dir.toAbsolutePath().normalize();
    }
}
