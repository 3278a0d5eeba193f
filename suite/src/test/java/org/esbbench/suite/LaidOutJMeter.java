package org.esbbench.suite;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The JMeter that {@code jmeter:configure} laid out for this build (pre-integration-test), as recorded in
 * the plugin's {@code target/config.json}: its home, its launcher jar and the classpath JMeter itself uses.
 */
record LaidOutJMeter(Path home, String launcherJar) {

    /** The plugin's execution id; the jmeter and gui goals look the layout up under this name too. */
    private static final String EXECUTION_ID = "configuration";

    static LaidOutJMeter fromBuild() throws IOException {
        Path config = Path.of(SuiteLayout.required("esbbench.suite.jmeterConfig"));
        if (!Files.isRegularFile(config)) {
            throw new IllegalStateException(config + " is missing: run the ITs through Maven (mvn -pl suite verify), "
                + "which lays JMeter out with jmeter:configure first");
        }
        JsonNode chosen = null;
        for (JsonNode configuration : new ObjectMapper().readTree(config.toFile()).path("configurations")) {
            if (chosen == null || EXECUTION_ID.equals(configuration.path("executionID").asText())) {
                chosen = configuration;
            }
        }
        if (chosen == null) {
            throw new IllegalStateException(config + " names no JMeter layout");
        }
        return new LaidOutJMeter(Path.of(chosen.path("jmeterDirectoryPath").asText()),
            chosen.path("runtimeJarName").asText());
    }

    Path launcher() {
        return home.resolve("bin").resolve(launcherJar);
    }

    /** lib and lib/ext, as JMeter's launcher puts them on its class path. */
    String classPath(Path... more) {
        List<String> entries = new ArrayList<>();
        entries.add(home.resolve("lib") + File.separator + "*");
        entries.add(home.resolve("lib").resolve("ext") + File.separator + "*");
        for (Path path : more) {
            entries.add(path.toString());
        }
        return String.join(File.pathSeparator, entries);
    }
}
