package org.esbbench.suite;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs one of this test tree's main classes in a child JVM on the laid-out JMeter's class path. */
final class ChildJvm {

    record Result(int exitCode, String output) {
    }

    private ChildJvm() {
    }

    static Result run(LaidOutJMeter jmeter, Class<?> main, Path output, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(SuiteLayout.javaExecutable().toString(), "-Xmx256m",
                "-Djava.awt.headless=true", "-cp", jmeter.classPath(testClasses()), main.getName()));
        command.addAll(List.of(args));
        Files.createDirectories(output.getParent());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            return new Result(-1, "did not end within 120 s: " + Files.readString(output, StandardCharsets.UTF_8));
        }
        return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }

    /** This test tree's classes, added to JMeter's own class path. */
    private static Path testClasses() throws IOException {
        try {
            return Path.of(ChildJvm.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
    }
}
