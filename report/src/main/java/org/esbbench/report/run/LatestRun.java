package org.esbbench.report.run;

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
