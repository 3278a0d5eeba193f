package org.esbbench.report.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code results/latest}: a symbolic link to the newest run's folder, or a text file naming it where links fail. */
public final class LatestRun {
    private LatestRun() {
    }

    public static void point(Path resultsDir, Path runDir) throws IOException {
        Path latest = resultsDir.resolve("latest");
        Files.deleteIfExists(latest);
        try {
            Files.createSymbolicLink(latest, resultsDir.relativize(runDir));
        } catch (UnsupportedOperationException | IOException e) {
            Files.writeString(latest, runDir.getFileName().toString() + System.lineSeparator());
        }
    }
}
