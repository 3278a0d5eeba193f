package org.esbbench.report.summary;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.RowBuilder;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.report.figures.StandardFigures.CPU_PER_MESSAGE;
import static org.esbbench.report.figures.StandardFigures.P99;
import static org.esbbench.report.figures.StandardFigures.THROUGHPUT;

class SummaryWriterTest {
    private static final Point DIRECT_10 = new Point("direct", 10, 1024, 0);
    private static final Point DIRECT_50 = new Point("direct", 50, 1024, 0);

    @TempDir
    Path dir;

    private List<PointSummary> points() {
        return PointSummary.summarise(List.of(
                RowBuilder.row(DIRECT_10, 1).counts(3000, 1, 2).set(THROUGHPUT, 100.0).set(P99, 10.0)
                        .set(CPU_PER_MESSAGE, 40.0).flags("generator-saturated: 95%").build(),
                RowBuilder.row(DIRECT_10, 2).counts(3000, 0, 0).set(THROUGHPUT, 110.0).set(P99, 12.0)
                        .set(CPU_PER_MESSAGE, 44.0).dashboard("dashboards/direct_u10_s1024_d0_r2/index.html").build(),
                RowBuilder.row(DIRECT_50, 1).counts(1000, 0, 0).set(THROUGHPUT, 300.0).set(P99, 30.0).build()));
    }

    @Test
    void summaryCsvHasEveryFigureWithTheLowestAndHighestOfTheRepeats() throws IOException {
        RunLayout layout = new RunLayout(dir);

        SummaryWriter.write(new RunSummary("Run x", "", points(), List.of(), List.of(), OptionalDouble.empty()), layout);

        List<CSVRecord> rows;
        try (Reader in = Files.newBufferedReader(layout.summaryCsv())) {
            rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
        assertThat(rows.get(0).getParser().getHeaderNames()).startsWith("scenario", "users", "rate", "size_bytes",
                "delay_ms", "heap", "repeats", "samples", "errors", "error_pct", "error_pct_min", "error_pct_max", "incorrect")
                .endsWith("host_memory_pct", "host_memory_pct_min", "host_memory_pct_max", "flags")
                .contains("machine_cpu_pct", "host_cpu_pct")
                .doesNotContain("samples_min");
        CSVRecord ten = rows.get(0);
        assertThat(ten.get("repeats")).isEqualTo("2");
        assertThat(ten.get("samples")).isEqualTo("6000");
        assertThat(ten.get("error_pct")).isEqualTo("0.016667");
        assertThat(ten.get("error_pct_max")).isEqualTo("0.033333");
        assertThat(ten.get("incorrect_pct")).isEqualTo("0.033333");
        assertThat(ten.get("throughput_per_s")).isEqualTo("105.00");
        assertThat(ten.get("throughput_per_s_min")).isEqualTo("100.00");
        assertThat(ten.get("p99_ms_max")).isEqualTo("12.000");
        assertThat(ten.get("cpu_us_per_msg")).isEqualTo("42.00");
        assertThat(ten.get("flags")).isEqualTo("generator-saturated in 1 of 2 repeats");
        assertThat(rows.get(1).get("cpu_us_per_msg")).as("unknown").isEmpty();
    }

    @Test
    void summaryMdHasTheHeadingTheTableTheExplanationTheScenarioRunsWhatFailedAndWarnings() throws IOException {
        RunLayout layout = new RunLayout(dir);
        Files.createDirectories(layout.charts());
        Files.writeString(layout.charts().resolve("direct-p99_ms.png"), "png");

        SummaryWriter.write(new RunSummary("Run x", "direct at 10 and 50 users", points(),
                List.of("direct_u10_s1024_d0_r1: 1 errors and 2 incorrect replies"), List.of("no failureMessage column"),
                OptionalDouble.of(85)), layout);

        String md = Files.readString(layout.summaryMd());
        assertThat(md).startsWith("# Run x\n\ndirect at 10 and 50 users\n\n| scenario | users or rate | size |");
        List<String> table = md.lines().dropWhile(l -> !l.startsWith("| scenario |")).takeWhile(l -> l.startsWith("|")).toList();
        assertThat(table).hasSize(4);
        assertThat(table.stream().map(l -> l.chars().filter(c -> c == '|').count()).distinct()).as("columns per line")
                .singleElement();
        assertThat(table.get(2)).startsWith("| direct | 10 | 1 KiB | 0 | – | 2 | 6000 | 1 | 0.016667 [0.000000–0.033333] | 2 |")
                .contains("| 105.00 [100.00–110.00] |", "| 11.000 [10.000–12.000] |");
        assertThat(table.get(3)).contains("| – |");
        assertThat(md).contains("stddev", "p99.9", "merged HdrHistogram of its repeats", "at least 85")
                .contains("## Charts", "![direct: p99](charts/direct-p99_ms.png)").doesNotContain("direct-p50_ms.png")
                .contains("## Per scenario run", "| direct_u10_s1024_d0_r2 | 3000 | 110.00 |",
                        "[dashboard](dashboards/direct_u10_s1024_d0_r2/index.html)")
                .contains("## What failed\n\n- direct_u10_s1024_d0_r1: 1 errors and 2 incorrect replies\n")
                .contains("## Warnings\n\n- **warning**: no failureMessage column\n");
    }

    @Test
    void withoutASaturationThresholdTheExplanationDoesNotMentionFlags() throws IOException {
        RunLayout layout = new RunLayout(dir);

        SummaryWriter.write(new RunSummary("Summary", "", points(), List.of(), List.of(), OptionalDouble.empty()), layout);

        assertThat(layout.summaryMd()).content().doesNotContain("A run is flagged", "## Charts", "## What failed");
    }
}
