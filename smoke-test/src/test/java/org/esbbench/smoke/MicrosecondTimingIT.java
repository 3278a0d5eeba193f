package org.esbbench.smoke;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The smoke run's samples timed in microseconds (the plans' Microsecond Timing, saved as the results files' column
 * {@code elapsed_us}, followed by the open model's arrival columns) agree with JMeter's own {@code elapsed}: every
 * sample of every scenario run, each thread's first included, has a value and |elapsed_us / 1000 - elapsed| &lt;= 1
 * ms. Every open-model sample is timed from its arrival's due time as well, on kept-alive connections.
 */
class MicrosecondTimingIT {
    private static final Path ROOT = Path.of(System.getProperty("esbbench.root", "..")).toAbsolutePath().normalize();
    private static final String COLUMN = "elapsed_us";
    /** The columns the suite appends to every results file, in order. */
    private static final List<String> OURS = List.of(COLUMN, "intended_us", "taken_us", "blocked_us", "lateness_us",
            "response_us");
    private static List<Path> resultsFiles;
    private static Path runDir;

    @BeforeAll
    static void findTheRunsResultsFiles() throws IOException {
        Path pointer = ROOT.resolve("suite/target/esb-bench/current-run");
        assertThat(pointer).as("the suite's pointer to this build's run").exists();
        runDir = Path.of(Files.readString(pointer).strip());
        try (var files = Files.list(runDir.resolve("jtl"))) {
            resultsFiles = files.filter(f -> f.getFileName().toString().matches(".*\\.csv(\\.gz)?")).sorted().toList();
        }
        assertThat(resultsFiles).as("the run's results files").isNotEmpty();
    }

    @Test
    void everySampleHasItsMicrosecondsAndTheyAgreeWithJMetersMillisecondsWithinOne() throws IOException {
        for (Path file : resultsFiles) {
            try (Reader in = open(file);
                 CSVParser csv = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                List<String> header = csv.getHeaderNames();
                assertThat(header.subList(header.size() - OURS.size(), header.size())).as(file.getFileName()
                        + " header's last columns").isEqualTo(OURS);
                List<String> disagreeing = new ArrayList<>();
                long samples = 0;
                long subMillisecond = 0;
                for (CSVRecord r : csv) {
                    samples++;
                    String micros = r.get(COLUMN);
                    assertThat(micros).as(file.getFileName() + " line " + r.getRecordNumber() + " elapsed_us")
                            .matches("\\d+");
                    long us = Long.parseLong(micros);
                    long ms = Long.parseLong(r.get("elapsed"));
                    if (Math.abs(us / 1000.0 - ms) > 1.0) {
                        disagreeing.add(r.get("threadName") + " at " + r.get("timeStamp") + ": elapsed " + ms
                                + " ms, elapsed_us " + us);
                    }
                    if (us % 1000 != 0) {
                        subMillisecond++;
                    }
                }
                assertThat(samples).as(file.getFileName() + " samples").isPositive();
                assertThat(disagreeing).as(file.getFileName() + ": samples whose elapsed_us differs from elapsed"
                        + " by more than 1 ms").isEmpty();
                assertThat(subMillisecond).as(file.getFileName() + ": samples timed finer than a millisecond")
                        .isPositive();
            }
        }
    }

    /**
     * An open-model file (its point's name has the rate, {@code _r20_}) of a plan with the suite's Scheduled Arrivals
     * Thread Group: every sample is an arrival's first, timed from its due time, response = lateness + service (µs,
     * each rounded down once), and the pooled threads keep their connections (at most one connect per thread). The
     * example plan that keeps JMeter's Open Model Thread Group (jmx/examples/groovy-price-check.jmx, a plan of one's
     * own) has no arrival timing at all, and its point says so with its flags; so has every closed-model file.
     */
    @Test
    void openModelSamplesAreTimedFromTheirDueTimeOnKeptAliveConnections() throws IOException {
        List<String> timedFromDueTime = new ArrayList<>();
        List<String> timedFromSend = new ArrayList<>();
        for (Path file : resultsFiles) {
            boolean open = file.getFileName().toString().matches("[a-z-]+_r\\d+_.*");
            try (Reader in = open(file);
                 CSVParser csv = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                List<CSVRecord> rows = csv.getRecords();
                boolean arrivals = !rows.isEmpty() && !isEmpty(rows.get(0).get("lateness_us"));
                if (open) {
                    (arrivals ? timedFromDueTime : timedFromSend).add(file.getFileName().toString());
                }
                long connects = 0;
                java.util.Set<String> threads = new java.util.HashSet<>();
                for (CSVRecord r : rows) {
                    String where = file.getFileName() + " line " + r.getRecordNumber();
                    if (!arrivals) {
                        assertThat(List.of(r.get("intended_us"), r.get("taken_us"), r.get("blocked_us"),
                                r.get("lateness_us"), r.get("response_us")))
                                .as(where + ": a file without arrival timing has none in any row")
                                .allMatch(MicrosecondTimingIT::isEmpty);
                        continue;
                    }
                    long elapsed = Long.parseLong(r.get(COLUMN));
                    long lateness = Long.parseLong(r.get("lateness_us"));
                    long response = Long.parseLong(r.get("response_us"));
                    long blocked = Long.parseLong(r.get("blocked_us"));
                    long intended = Long.parseLong(r.get("intended_us"));
                    long intendedMs = intended / 1000;
                    assertThat(lateness).as(where + " lateness_us").isNotNegative();
                    assertThat(blocked).as(where + " blocked_us").isNotNegative();
                    assertThat(response - blocked - lateness - elapsed)
                            .as(where + ": response_us - blocked_us - lateness_us - elapsed_us").isBetween(-2L, 2L);
                    // taken by a thread after its due time, and before its send
                    assertThat(Long.parseLong(r.get("taken_us")) - intended).as(where + ": taken_us - intended_us")
                            .isBetween(-1L, blocked + lateness + 1);
                    // due before JMeter's start of the sample (its whole milliseconds), within its wait
                    assertThat(intendedMs).as(where + ": intended_us against timeStamp")
                            .isBetween(Long.parseLong(r.get("timeStamp")) - (blocked + lateness) / 1000 - 2,
                                    Long.parseLong(r.get("timeStamp")) + 1);
                    connects += Long.parseLong(r.get("Connect")) > 0 ? 1 : 0;
                    threads.add(r.get("threadName"));
                }
                assertThat(connects).as(file.getFileName() + ": samples with a connect, at most one per thread of "
                        + threads.size()).isLessThanOrEqualTo(threads.size());
            }
        }
        assertThat(timedFromDueTime).as("open-model results files of the standard plans").isNotEmpty()
                .noneMatch(f -> f.startsWith("groovy-price-check_"));
        assertThat(timedFromSend).as("open-model results files of JMeter's Open Model Thread Group")
                .allMatch(f -> f.startsWith("groovy-price-check_")).isNotEmpty();
        try (Reader in = Files.newBufferedReader(runDir.resolve("points.csv"), StandardCharsets.UTF_8);
             CSVParser csv = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
            for (CSVRecord r : csv) {
                boolean open = Integer.parseInt(r.get("rate")) > 0;
                String flags = r.get("flags");
                String point = r.get("scenario") + " at rate " + r.get("rate");
                if (open && r.get("scenario").equals("groovy-price-check")) {
                    assertThat(flags).as(point).contains("timed-from-send: ", "connection-per-arrival: ");
                } else {
                    assertThat(flags).as(point).doesNotContain("timed-from-send", "connection-per-arrival");
                }
            }
        }
    }

    private static boolean isEmpty(String value) {
        return value.isEmpty() || value.equals("null");
    }

    private static Reader open(Path file) throws IOException {
        return file.getFileName().toString().endsWith(".gz")
                ? new InputStreamReader(new GZIPInputStream(Files.newInputStream(file), 1 << 16), StandardCharsets.UTF_8)
                : Files.newBufferedReader(file, StandardCharsets.UTF_8);
    }
}
