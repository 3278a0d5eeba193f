package org.esbbench.report.profiles;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.Properties;

/**
 * The properties files of {@code profiles/}: the run's profiler plan and each scenario run's record. A file is written
 * whole or not at all (a stopped build leaves the previous one, never half of one), and one that is not there reads
 * as empty: a run that did not profile.
 */
public final class ProfileFiles {
    private ProfileFiles() {
    }

    /** The file's properties; empty when there is no such file. */
    public static Optional<Properties> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return Optional.of(p);
    }

    /** Writes {@code p} to {@code file} through a file beside it, moved into place, making the folder if needed. */
    public static void write(Path file, Properties p, String comment) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            p.store(out, comment);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
