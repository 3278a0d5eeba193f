package org.esbbench.suite;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * One headless JMeter run of a plan ({@code jmeter -n -t plan -l results.csv -J...}) in the laid-out JMeter,
 * and what its CSV results say: samples, and the failure messages of the failed ones.
 */
final class JMeterRun {

    record Results(int samples, List<String> failures) {
    }

    private JMeterRun() {
    }

    static Results run(LaidOutJMeter jmeter, Path plan, Path resultsDir, Map<String, String> properties,
                       long timeoutSeconds) throws IOException, InterruptedException {
        String name = plan.getFileName().toString().replace(".jmx", "");
        Path csv = resultsDir.resolve(name + ".csv");
        Files.deleteIfExists(csv);
        List<String> command = new ArrayList<>(List.of(SuiteLayout.javaExecutable().toString(), "-Xms256m",
            "-Xmx512m", "-jar", jmeter.launcher().toString(), "-n", "-t", plan.toString(), "-l", csv.toString(),
            "-j", resultsDir.resolve(name + ".log").toString()));
        properties.forEach((key, value) -> command.add("-J" + key + "=" + value));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(resultsDir.resolve(name + ".out").toFile()).start();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IllegalStateException("JMeter did not finish " + plan.getFileName() + " within " + timeoutSeconds
                + " s (see " + resultsDir.resolve(name + ".log") + ")");
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException("JMeter exited with " + process.exitValue() + " on " + plan.getFileName());
        }
        return Files.exists(csv) ? read(csv) : new Results(0, List.of());
    }

    /** Reads the results file by its header, as the analysis does: 'success' and 'failureMessage'. */
    static Results read(Path csv) throws IOException {
        int samples = 0;
        Map<String, Integer> failures = new LinkedHashMap<>();
        try (Reader reader = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            for (CSVRecord sample : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                .parse(reader)) {
                samples++;
                if (!Boolean.parseBoolean(sample.get("success"))) {
                    failures.merge(sample.get("responseCode") + " " + sample.get("failureMessage"), 1, Integer::sum);
                }
            }
        }
        List<String> messages = new ArrayList<>();
        failures.forEach((message, count) -> messages.add(count + " x " + message));
        return new Results(samples, messages);
    }
}
