package org.esbbench.maven.run;

import org.esbbench.maven.parameters.RunParameters;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * {@code target/esb-bench/run-sizes}: the payload sizes of the run check validated, one comma-separated line. The
 * suite pom's payload generation (generate-resources, after check) reads it ({@code --sizes-file}), so sizes that
 * come from a matrix, not from the {@code ${size}} property the POM interpolates, get their SOAP and JSON payloads
 * and ws-security pools too.
 */
public final class RunSizesFile {
    public static final String NAME = "run-sizes";

    private RunSizesFile() {
    }

    public static Path write(Path workDir, RunParameters plan) throws IOException {
        Files.createDirectories(workDir);
        Path file = workDir.resolve(NAME);
        String line = plan.sizes().stream().map(String::valueOf).collect(Collectors.joining(","));
        return Files.writeString(file, line + "\n", StandardCharsets.US_ASCII);
    }

    /** A build that skips check must not generate the sizes of an earlier build's run. */
    public static void forget(Path workDir) throws IOException {
        Files.deleteIfExists(workDir.resolve(NAME));
    }
}
