package org.esbbench.maven.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import org.esbbench.report.folder.RunLayout;

/**
 * {@code target/esb-bench/current-run}: the one thing the goals of a build pass on through the build's work dir,
 * the path of the run folder check made. Everything else about the run is in that folder.
 */
public final class CurrentRunPointer {
    static final String FILE = "current-run";

    private final Path file;

    public CurrentRunPointer(Path workDir) {
        this.file = workDir.resolve(FILE);
    }

    public Path file() {
        return file;
    }

    /** Points at {@code layout}'s folder (replacing the file whole, so a reader never sees half a path). */
    public void point(RunLayout layout) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(FILE + ".tmp");
        Files.writeString(tmp, layout.dir() + System.lineSeparator(), StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The current run's folder, or empty when no check of this build's work dir made one. */
    public Optional<RunLayout> current() throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        String path = Files.readString(file, StandardCharsets.UTF_8).strip();
        return path.isEmpty() ? Optional.empty() : Optional.of(new RunLayout(Path.of(path)));
    }
}
