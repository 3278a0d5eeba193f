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
 * The smoke run's samples timed in microseconds (the plans' Microsecond Timing, saved as the results files' last
 * column {@code elapsed_us}) agree with JMeter's own {@code elapsed}: every sample of every scenario run, each
 * thread's first included, has a value and |elapsed_us / 1000 - elapsed| &lt;= 1 ms.
 */
class MicrosecondTimingIT {
    private static final Path ROOT = Path.of(System.getProperty("esbbench.root", "..")).toAbsolutePath().normalize();
    private static final String COLUMN = "elapsed_us";
    private static List<Path> resultsFiles;

    @BeforeAll
    static void findTheRunsResultsFiles() throws IOException {
        Path pointer = ROOT.resolve("suite/target/esb-bench/current-run");
        assertThat(pointer).as("the suite's pointer to this build's run").exists();
        Path runDir = Path.of(Files.readString(pointer).strip());
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
                assertThat(header).as(file.getFileName() + " header").last().isEqualTo(COLUMN);
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

    private static Reader open(Path file) throws IOException {
        return file.getFileName().toString().endsWith(".gz")
                ? new InputStreamReader(new GZIPInputStream(Files.newInputStream(file), 1 << 16), StandardCharsets.UTF_8)
                : Files.newBufferedReader(file, StandardCharsets.UTF_8);
    }
}
