package org.esbbench.report;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SummaryWriterTest {
    @TempDir
    Path dir;

    private static final Statistics STATS = new Statistics(1000, 10, 2, 10_000, 12.345, 3.5, 1, 90, 11, 20, 30, 80,
            1_300_000, 1_200_000, 10, Map.of("reply 512 of 1024 bytes (truncated)", 2L));

    @Test
    void csvHasOneParsableRowPerScenarioRun() throws IOException {
        List<SummaryRow> rows = List.of(new SummaryRow("direct", "512m", 10, 1024, 0, STATS, 150.25),
                new SummaryRow("xslt", "", 20, 10240, 1000, STATS, null));
        Path csv = dir.resolve("summary.csv");

        SummaryWriter.writeCsv(rows, csv);

        try (Reader in = Files.newBufferedReader(csv)) {
            List<CSVRecord> records = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                    .parse(in).getRecords();
            assertThat(records).hasSize(2);
            CSVRecord direct = records.get(0);
            assertThat(direct.get("scenario")).isEqualTo("direct");
            assertThat(direct.get("samples")).isEqualTo("1000");
            assertThat(direct.get("errors")).isEqualTo("10");
            assertThat(direct.get("error_pct")).isEqualTo("1.000000");
            assertThat(direct.get("incorrect_replies")).isEqualTo("2");
            assertThat(direct.get("incorrect_pct")).isEqualTo("0.200000");
            assertThat(direct.get("throughput_per_s")).isEqualTo("100.00");
            assertThat(direct.get("avg_ms")).isEqualTo("12.35");
            assertThat(direct.get("p99_ms")).isEqualTo("80");
            assertThat(direct.get("cpu_us_per_msg")).isEqualTo("150.3");
            assertThat(records.get(1).get("cpu_us_per_msg")).isEmpty();
            assertThat(records.get(1).get("size_bytes")).isEqualTo("10240");
        }
    }

    @Test
    void csvKeepsSmallRatesVisibleAndAnEmptyWindowAtZero() throws IOException {
        Statistics oneInTenMillion = new Statistics(10_000_000, 1, 3, 10_000, 1, 0, 1, 1, 1, 1, 1, 1, 0, 0, 1, Map.of());
        Statistics empty = new Statistics(0, 0, 0, 10_000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, Map.of());
        Path csv = dir.resolve("summary.csv");

        SummaryWriter.writeCsv(List.of(new SummaryRow("direct", "", 10, 1024, 0, oneInTenMillion, null),
                new SummaryRow("cbr", "", 10, 1024, 0, empty, null)), csv);

        try (Reader in = Files.newBufferedReader(csv)) {
            List<CSVRecord> records = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                    .parse(in).getRecords();
            assertThat(records.get(0).get("error_pct")).isEqualTo("0.000010");
            assertThat(records.get(0).get("incorrect_pct")).isEqualTo("0.000030");
            assertThat(records.get(1).get("error_pct")).isEqualTo("0.000000");
            assertThat(records.get(1).get("incorrect_pct")).isEqualTo("0.000000");
        }
    }

    @Test
    void markdownShowsEveryRowAndTheFailures() {
        List<SummaryRow> rows = List.of(new SummaryRow("direct", "512m", 10, 1024, 0, STATS, 150.25));
        String md = SummaryWriter.markdown(rows);

        assertThat(md.lines()).hasSize(3);
        assertThat(md.lines().toList().get(0)).contains("| samples | errors | error % | incorrect | incorrect % |");
        assertThat(md.lines().map(l -> l.chars().filter(c -> c == '|').count()).distinct()).as("columns per line")
                .singleElement();
        assertThat(md).contains("| direct | 512m | 10 | 1 KiB | 0 | 1000 | 10 | 1.00 | 2 | 0.20 | 100.0 | 12.35 | 3.50 | 11 | 20 | 30 | 80 | 150.3 |");
        assertThat(SummaryWriter.failures(rows)).contains("2 × `reply 512 of 1024 bytes (truncated)`");
    }
}
