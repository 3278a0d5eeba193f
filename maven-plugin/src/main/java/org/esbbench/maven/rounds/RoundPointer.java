package org.esbbench.maven.rounds;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * {@code target/esb-bench/current-round}: the round folder check made or resumed, which the round goal then runs; the
 * round's counterpart of the current-run pointer (each target run still has its own).
 */
public final class RoundPointer {
    static final String FILE = "current-round";

    private final Path file;

    public RoundPointer(Path workDir) {
        this.file = workDir.resolve(FILE);
    }

    public void point(Path roundDir) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(FILE + ".tmp");
        Files.writeString(tmp, roundDir.toAbsolutePath() + System.lineSeparator(), StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A build that checks no round leaves none for the round goal to find. */
    public void forget() throws IOException {
        Files.deleteIfExists(file);
    }

    public Optional<Path> current() throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        String path = Files.readString(file, StandardCharsets.UTF_8).strip();
        return path.isEmpty() ? Optional.empty() : Optional.of(Path.of(path));
    }
}
