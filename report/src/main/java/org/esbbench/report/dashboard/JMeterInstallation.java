package org.esbbench.report.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

/**
 * A JMeter on disk: its home and the launcher jar in {@code bin/} ({@code ApacheJMeter-5.6.3.jar} as
 * jmeter-maven-plugin lays it out, {@code ApacheJMeter.jar} in a binary distribution).
 */
public record JMeterInstallation(Path home, Path launcherJar) {

    /** The execution id under which the suite's pom runs {@code jmeter:configure}. */
    private static final String SUITE_EXECUTION_ID = "configuration";

    /** The JMeter installed in {@code home}; fails clearly if there is none. */
    public static JMeterInstallation of(Path home) throws IOException {
        Path bin = home.resolve("bin");
        if (!Files.isDirectory(bin)) {
            throw new IOException(home + " is not a JMeter home: it has no bin/ folder");
        }
        try (Stream<Path> files = Files.list(bin)) {
            List<Path> launchers = files
                .filter(f -> f.getFileName().toString().matches("ApacheJMeter.*\\.jar"))
                .sorted()
                .toList();
            if (launchers.isEmpty()) {
                throw new IOException(home + " is not a JMeter home: bin/ holds no ApacheJMeter*.jar launcher");
            }
            // A plain distribution has exactly one; should there be more, the name sorting last is the newest.
            return new JMeterInstallation(home, launchers.get(launchers.size() - 1));
        }
    }

    /**
     * The JMeter that jmeter-maven-plugin laid out, from the {@code config.json} its configure goal writes
     * ({@code configurations[].jmeterDirectoryPath}). The file lists every layout the plugin made; the suite's own
     * execution ({@code configuration}) is preferred, and only layouts still on disk count.
     */
    public static JMeterInstallation fromPluginConfig(Path configJson) throws IOException {
        if (!Files.isRegularFile(configJson)) {
            throw new IOException(configJson + " is missing: lay JMeter out first (mvn -B -pl suite -DskipTests"
                + " -Desbbench.skip jmeter:configure@configuration)");
        }
        JsonNode root = new ObjectMapper().readTree(configJson.toFile());
        List<Path> preferred = new ArrayList<>();
        List<Path> others = new ArrayList<>();
        for (JsonNode configuration : root.path("configurations")) {
            String directory = configuration.path("jmeterDirectoryPath").asText("");
            if (!directory.isEmpty()) {
                (SUITE_EXECUTION_ID.equals(configuration.path("executionID").asText()) ? preferred : others)
                    .add(Path.of(directory));
            }
        }
        // Later entries are newer layouts.
        Collections.reverse(preferred);
        Collections.reverse(others);
        List<Path> candidates = new ArrayList<>(preferred);
        candidates.addAll(others);
        for (Path home : candidates) {
            if (Files.isDirectory(home.resolve("bin"))) {
                return of(home);
            }
        }
        throw new IOException(configJson + " names no JMeter layout that is still on disk (checked " + candidates
            + "): lay JMeter out again (mvn -B -pl suite -DskipTests -Desbbench.skip jmeter:configure@configuration)");
    }
}
