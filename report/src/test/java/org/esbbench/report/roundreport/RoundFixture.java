package org.esbbench.report.roundreport;

import org.esbbench.report.round.RoundRecord;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A results folder holding a round: small synthetic summary.csv files under the header of a real run's summary.csv
 * ({@code summary-header.csv}, copied from results/), and the round's round.json written by {@link RoundRecord}.
 */
final class RoundFixture {
    static final String ID = "20261128-090000";
    /** The columns of a real summary.csv, as the analysis wrote them. */
    static final List<String> HEADER = realHeader();

    private RoundFixture() {
    }

    /** One point of a synthetic summary.csv: 10 users, 1 KiB, no delay, one repeat. */
    static Map<String, String> row(String scenario, double throughput, double p99, double cpu, String flags) {
        Map<String, String> row = new HashMap<>();
        row.put("scenario", scenario);
        row.put("users", "10");
        row.put("rate", "0");
        row.put("size_bytes", "1024");
        row.put("delay_ms", "0");
        row.put("repeats", "1");
        row.put("samples", "10000");
        row.put("errors", "0");
        row.put("incorrect", "0");
        row.put("throughput_per_s", Double.toString(throughput));
        row.put("throughput_per_s_min", Double.toString(throughput));
        row.put("throughput_per_s_max", Double.toString(throughput));
        row.put("p99_ms", Double.toString(p99));
        row.put("cpu_us_per_msg", Double.toString(cpu));
        row.put("flags", flags);
        return row;
    }

    static Map<String, String> with(Map<String, String> row, String column, String value) {
        Map<String, String> copy = new HashMap<>(row);
        copy.put(column, value);
        return copy;
    }

    /** Writes {@code results/<runId>/summary.csv} with these rows under the real header. */
    static void run(Path results, String runId, List<Map<String, String>> rows) throws IOException {
        Path dir = Files.createDirectories(results.resolve(runId));
        try (Writer out = Files.newBufferedWriter(dir.resolve("summary.csv"), StandardCharsets.UTF_8);
             CSVPrinter printer = CSVFormat.DEFAULT.builder().setHeader(HEADER.toArray(String[]::new)).build().print(out)) {
            for (Map<String, String> row : rows) {
                for (String column : row.keySet()) {
                    if (!HEADER.contains(column)) {
                        throw new IllegalArgumentException("not a summary.csv column: " + column);
                    }
                }
                List<String> values = new ArrayList<>();
                HEADER.forEach(c -> values.add(row.getOrDefault(c, "")));
                printer.printRecord(values);
            }
        }
    }

    static RoundRecord.TargetRun done(int iteration, int position, String target, List<String> scenarios,
                                      String runId) {
        return new RoundRecord.TargetRun(iteration, position, target, scenarios, runId, RoundRecord.State.DONE, null);
    }

    /** Writes round.json in {@code results/round-<ID>/}; returns that folder. */
    static Path round(Path results, List<String> targets, int iterations, List<String> scenarios,
                      Map<String, List<String>> notServed, List<RoundRecord.TargetRun> runs) throws IOException {
        return round(results, targets, iterations, scenarios, notServed, runs,
                Map.of("users", "10", "size", "1024", "warmup", "60", "measurement", "120"));
    }

    /** As {@link #round}, with the round's parameters as given. */
    static Path round(Path results, List<String> targets, int iterations, List<String> scenarios,
                      Map<String, List<String>> notServed, List<RoundRecord.TargetRun> runs,
                      Map<String, String> parameters) throws IOException {
        Map<String, List<String>> served = new HashMap<>();
        for (String t : targets) {
            served.put(t, scenarios.stream().filter(s -> !notServed.getOrDefault(t, List.of()).contains(s)).toList());
        }
        RoundRecord record = new RoundRecord(ID, "2026-11-28T09:00:00Z", targets, iterations, scenarios,
                parameters, served, notServed, runs);
        Path dir = RoundRecord.dir(results, ID);
        record.write(dir);
        return dir;
    }

    /**
     * A wide round, as large as a real one gets: five targets (long names), three iterations, every catalogue
     * scenario, long flags, one target not serving three scenarios and one failed target run. Returns its folder.
     */
    static Path wide(Path results) throws IOException {
        List<String> targets = List.of("reference", "synapse-server", "reference-activemq", "camel-platform-http",
                "nginx");
        List<String> scenarios = org.esbbench.core.Scenario.ids();
        Map<String, List<String>> notServed = Map.of("nginx", List.of("ws-security", "jms", "xslt"));
        List<RoundRecord.TargetRun> runs = new ArrayList<>();
        for (int iteration = 1; iteration <= 3; iteration++) {
            for (int i = 0; i < targets.size(); i++) {
                String target = targets.get((i + iteration - 1) % targets.size());
                String runId = String.format("20261128-1%d%02d00-%s", iteration, i, target);
                List<String> served = scenarios.stream()
                        .filter(s -> !notServed.getOrDefault(target, List.of()).contains(s)).toList();
                if (iteration == 2 && target.equals("synapse-server")) {
                    runs.add(new RoundRecord.TargetRun(iteration, i + 1, target, served, runId,
                            RoundRecord.State.FAILED, "the server did not start within 120 s"));
                    continue;
                }
                List<Map<String, String>> rows = new ArrayList<>();
                for (int s = 0; s < served.size(); s++) {
                    double throughput = 12345.67 * (1 + 0.1 * s) * (1 + 0.07 * iteration) / (1 + i);
                    rows.add(row(served.get(s), throughput, 12.345 + s, 1234.5 - 10 * s, "server-bound in 3 of 3 "
                            + "repeats; machine-saturated in 3 of 3 repeats; generator-saturated in 2 of 3 repeats; "
                            + "drift in 1 of 3 repeats"));
                }
                run(results, runId, rows);
                runs.add(done(iteration, i + 1, target, served, runId));
            }
        }
        return round(results, targets, 3, scenarios, notServed, runs);
    }

    private static List<String> realHeader() {
        try (InputStream in = RoundFixture.class.getResourceAsStream("summary-header.csv");
             Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8);
             CSVParser parser = CSVFormat.DEFAULT.builder().setHeader().build().parse(reader)) {
            return List.copyOf(parser.getHeaderNames());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
