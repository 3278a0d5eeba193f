package org.esbbench.maven;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The JMeter that jmeter-maven-plugin's configure goal laid out (with the suite's extensions in lib/ext and the
 * run's properties in bin/jmeter.properties and bin/user.properties), found through the plugin's
 * {@code target/config.json}.
 *
 * @param home         JMeter's home folder
 * @param launcherJar  bin/ApacheJMeter-x.y.z.jar
 */
record JMeterInstall(Path home, Path launcherJar) {

    static JMeterInstall fromConfig(Path configJson) throws InvalidRunException {
        if (!Files.isRegularFile(configJson)) {
            throw new InvalidRunException(configJson + " is missing: jmeter-maven-plugin's configure goal lays JMeter out"
                    + " before the run (pre-integration-test)");
        }
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(configJson.toFile());
        } catch (IOException e) {
            throw new InvalidRunException("cannot read " + configJson + ": " + e.getMessage());
        }
        for (JsonNode c : root.path("configurations")) {
            String dir = c.path("jmeterDirectoryPath").asText("");
            if (!dir.isEmpty() && Files.isDirectory(Path.of(dir, "bin"))) {
                return at(Path.of(dir));
            }
        }
        throw new InvalidRunException(configJson + " names no existing JMeter folder: run jmeter:configure again");
    }

    static JMeterInstall at(Path home) throws InvalidRunException {
        try (Stream<Path> bin = Files.list(home.resolve("bin"))) {
            Path jar = bin.filter(f -> f.getFileName().toString().matches("ApacheJMeter.*\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new InvalidRunException("no ApacheJMeter*.jar in " + home.resolve("bin")));
            return new JMeterInstall(home, jar);
        } catch (IOException e) {
            throw new InvalidRunException("cannot list " + home.resolve("bin") + ": " + e.getMessage());
        }
    }

    Path bin() {
        return home.resolve("bin");
    }
}
