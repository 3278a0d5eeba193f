package org.esbbench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.esbbench.core.Scenario;
import org.junit.jupiter.api.Test;

/** Every plan in jmx/ loads with JMeter's own loader against the JMeter this build laid out. */
class PlanLoadIT {

    @Test
    void everyPlanLoadsAndEveryElementClassResolves() throws Exception {
        LaidOutJMeter jmeter = LaidOutJMeter.fromBuild();
        List<String> command = new ArrayList<>(List.of(SuiteLayout.javaExecutable().toString(), "-Xmx256m",
            "-cp", jmeter.classPath(testClasses()), PlanLoader.class.getName(), jmeter.home().toString()));
        List<String> expected = new ArrayList<>();
        for (Scenario scenario : Scenario.values()) {
            command.add(SuiteLayout.plans().resolve(scenario.id() + ".jmx").toString());
            expected.add("OK " + scenario.id() + ".jmx");
        }
        Path output = Files.createDirectories(SuiteLayout.results()).resolve("plan-loader.out");

        Process loader = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        boolean ended = loader.waitFor(120, TimeUnit.SECONDS);
        if (!ended) {
            loader.destroyForcibly().waitFor();
        }

        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
        assertThat(ended).as("plan loader ended within 120 s").isTrue();
        assertThat(lines).as(String.join("\n", lines)).containsAll(expected).noneMatch(l -> l.startsWith("FAIL"));
        assertThat(loader.exitValue()).isZero();
    }

    /** This test tree's classes (PlanLoader), added to JMeter's own class path. */
    private static Path testClasses() throws IOException {
        try {
            return Path.of(PlanLoader.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
    }
}
