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
                "delay_ms", "heap", "server_cores", "repeats", "samples", "errors", "error_pct", "error_pct_min", "error_pct_max", "incorrect")
                .endsWith("host_memory_pct", "host_memory_pct_min", "host_memory_pct_max", "flags")
                .contains("machine_cpu_pct", "host_cpu_pct")
                .doesNotContain("samples_min");
        CSVRecord ten = rows.get(0);
        assertThat(ten.get("repeats")).isEqualTo("2");
        assertThat(ten.get("samples")).isEqualTo("6000");
        assertThat(ten.get("error_pct")).isEqualTo("0.016667");
        assertThat(ten.get("error_pct_min")).as("a zero without six zero decimals").isEqualTo("0");
        assertThat(ten.get("error_pct_max")).isEqualTo("0.033333");
        assertThat(ten.get("incorrect_pct")).isEqualTo("0.033333");
        assertThat(ten.get("throughput_per_s")).as("recorded precision, trailing zeros dropped").isEqualTo("105");
        assertThat(ten.get("throughput_per_s_min")).isEqualTo("100");
        assertThat(ten.get("p99_ms_max")).isEqualTo("12");
        assertThat(ten.get("cpu_us_per_msg")).isEqualTo("42");
        assertThat(Files.readString(layout.summaryCsv())).doesNotContain("0.000000", ".00,");
        assertThat(ten.get("flags")).isEqualTo("generator-saturated in 1 of 2 repeats");
        assertThat(rows.get(1).get("cpu_us_per_msg")).as("unknown").isEmpty();
    }

    @Test
    void thePointsAreInTheCataloguesOrderDirectFirstThenPlansOfTheUsersOwnAlphabetically() throws IOException {
        RunLayout layout = new RunLayout(dir);
        List<PointSummary> points = PointSummary.summarise(List.of(
                RowBuilder.row(new Point("xslt", 10, 1024, 0), 1).set(THROUGHPUT, 1.0).build(),
                RowBuilder.row(new Point("my-plan", 10, 1024, 0), 1).set(THROUGHPUT, 2.0).build(),
                RowBuilder.row(new Point("cbr-body", 10, 1024, 0), 1).set(THROUGHPUT, 3.0).build(),
                RowBuilder.row(DIRECT_50, 1).set(THROUGHPUT, 4.0).build(),
                RowBuilder.row(new Point("another-plan", 10, 1024, 0), 1).set(THROUGHPUT, 5.0).build(),
                RowBuilder.row(DIRECT_10, 1).set(THROUGHPUT, 6.0).build()));

        SummaryWriter.write(new RunSummary("Run x", "", points, List.of(), List.of(), OptionalDouble.empty()), layout);

        List<CSVRecord> rows;
        try (Reader in = Files.newBufferedReader(layout.summaryCsv())) {
            rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
        assertThat(rows).extracting(r -> r.get("scenario") + "@" + r.get("users")).containsExactly("direct@10",
                "direct@50", "cbr-body@10", "xslt@10", "another-plan@10", "my-plan@10");
        assertThat(table(Files.readString(layout.summaryMd()), "| scenario |")).extracting(l -> cells(l).get(0))
                .containsSubsequence("direct", "direct", "cbr-body", "xslt", "another-plan", "my-plan");
    }

    @Test
    void summaryMdHasTheHeadingTheTableTheExplanationTheScenarioRunsWhatFailedAndWarnings() throws IOException {
        RunLayout layout = new RunLayout(dir);
        Files.createDirectories(layout.charts());
        Files.writeString(layout.charts().resolve("direct-users-p99_ms.png"), "png");

        SummaryWriter.write(new RunSummary("Run x", "direct at 10 and 50 users", points(),
                List.of("direct_u10_s1024_d0_r1: 1 errors and 2 incorrect replies"), List.of("no failureMessage column"),
                OptionalDouble.of(85)), layout);

        String md = Files.readString(layout.summaryMd());
        assertThat(md).startsWith("# Run x\n\ndirect at 10 and 50 users\n\n| scenario | users or arrivals/s | size · delay |");
        assertThat(md.split("direct at 10 and 50 users", -1)).as("the description once").hasSize(2);
        List<String> headline = table(md, "| scenario |");
        assertThat(headline).hasSize(4);
        assertThat(cells(headline.get(0))).as("the point, the headline figures and the flags: at most 12 columns")
                .hasSizeLessThanOrEqualTo(12)
                .containsExactly("scenario", "users or arrivals/s", "size · delay", "throughput msgs/s", "mean ms",
                        "p50 ms", "p99 ms", "p99.9 ms", "error %", "incorrect %", "CPU per msg µs", "flags");
        assertThat(headline.stream().map(l -> l.chars().filter(c -> c == '|').count()).distinct()).as("columns per line")
                .singleElement();
        // 1 error and 2 incorrect replies of 6000 samples; the first repeat 1 and 2 of 3000, the second none
        assertThat(cells(headline.get(2))).containsExactly("direct", "10", "1 KiB · 0 ms", "105.0 [100.0–110.0]", "–",
                "–", "11.000 [10.000–12.000]", "–", "0.02 [0.00–0.03]", "0.03 [0.00–0.07]", "42.0 [40.0–44.0]",
                "generator-saturated in 1 of 2 repeats");
        assertThat(cells(headline.get(3))).startsWith("direct", "50", "1 KiB · 0 ms", "300.0").contains("0.00");

        List<String> others = table(md.substring(md.indexOf("## Other figures")), "| scenario |");
        assertThat(cells(others.get(0))).startsWith("scenario", "users or arrivals/s", "size · delay", "repeats",
                "samples", "errors", "incorrect").doesNotContain("throughput msgs/s", "p99 ms", "flags")
                .as("a figure no point has stays in the CSVs").doesNotContain("client CPU %", "host CPU %");
        assertThat(cells(others.get(2))).startsWith("direct", "10", "1 KiB · 0 ms", "2", "6000", "1", "2");
        assertThat(md.indexOf("| scenario |")).isLessThan(md.indexOf("## Other figures"));
        assertThat(md).doesNotContain("0.000000")
                .contains("standard deviation", "p99.9", "merged HdrHistogram of its repeats", "at least 85")
                .contains("## Charts", "![direct: p99 against users](charts/direct-users-p99_ms.png)").doesNotContain("direct-users-p50_ms.png")
                .contains("## Per scenario run", "| direct_u10_s1024_d0_r2 | 3000 | 110.0 |",
                        "[dashboard](dashboards/direct_u10_s1024_d0_r2/index.html)")
                .contains("## What failed\n\n- direct_u10_s1024_d0_r1: 1 errors and 2 incorrect replies\n")
                .contains("## Warnings\n\n- **warning**: no failureMessage column\n");
    }

    @Test
    void theCommandLinesTableIsTheHeadline() {
        String table = SummaryWriter.table(new RunSummary("Run x", "", points(), List.of(), List.of(),
                OptionalDouble.empty()), org.esbbench.report.figures.Figures.standard());

        assertThat(cells(table.lines().findFirst().orElseThrow())).hasSize(12).contains("p99.9 ms")
                .doesNotContain("samples", "stddev ms");
    }

    /** The lines of the first Markdown table whose header starts with {@code header}. */
    private static List<String> table(String md, String header) {
        return md.lines().dropWhile(l -> !l.startsWith(header)).takeWhile(l -> l.startsWith("|")).toList();
    }

    private static List<String> cells(String line) {
        String inner = line.strip().substring(1, line.strip().length() - 1);
        return java.util.Arrays.stream(inner.split(" \\| ", -1)).map(String::strip).toList();
    }

    @Test
    void withoutASaturationThresholdTheExplanationDoesNotMentionFlags() throws IOException {
        RunLayout layout = new RunLayout(dir);

        SummaryWriter.write(new RunSummary("Summary", "", points(), List.of(), List.of(), OptionalDouble.empty()), layout);

        assertThat(layout.summaryMd()).content().doesNotContain("A run is flagged", "## Charts", "## What failed");
    }
}
