package org.esbbench.report.points;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class PointSummaryTest {
    private static final Point DIRECT_10 = new Point("direct", 10, 1024, 0);
    private static final Point DIRECT_50 = new Point("direct", 50, 1024, 0);

    @TempDir
    Path dir;

    static RepeatRow row(Point p, int repeat, double throughput, long p99, Double cpu, String flags) {
        return new RepeatRow(p, repeat, 1000, 0, 0, throughput, 5.0, 1.0, 1, 90, 4, 8, 9, p99, cpu, 40.0, 99.5,
                120.0, 20.0, 5.0, 70.0, flags, "dashboards/" + p.key() + "_r" + repeat + "/index.html");
    }

    @Test
    void medianAndSpreadOverRepeatsPerPointInPointOrder() {
        List<PointSummary> s = PointSummary.summarise(List.of(
                row(DIRECT_50, 1, 900, 30, null, ""),
                row(DIRECT_10, 1, 500, 12, 100.0, ""),
                row(DIRECT_10, 2, 520, 15, 110.0, "generator-saturated: 95% busy"),
                row(DIRECT_10, 3, 470, 11, null, "generator-saturated: 97% busy; machine-busy: 30%")));

        assertThat(s).extracting(PointSummary::point).containsExactly(DIRECT_10, DIRECT_50);
        PointSummary ten = s.get(0);
        assertThat(ten.repeatCount()).isEqualTo(3);
        assertThat(ten.throughputPerSecond()).isEqualTo(new Spread(500, 470, 520, 3));
        assertThat(ten.p99Ms().median()).isEqualTo(12);
        assertThat(ten.cpuMicrosPerMessage().median()).isCloseTo(105, within(1e-9)); // nulls left out: median of 2
        assertThat(ten.samples()).isEqualTo(3000);
        assertThat(ten.flags()).containsExactly("generator-saturated in 2 of 3 repeats", "machine-busy in 1 of 3 repeats");
        assertThat(s.get(1).cpuMicrosPerMessage()).isNull();
    }

    @Test
    void spreadOverlapTellsWhetherTwoRunsDifferBeyondTheirOwnSpread() {
        assertThat(Spread.of(100, 110, 105).overlaps(Spread.of(108, 120))).isTrue();
        assertThat(Spread.of(100, 110, 105).overlaps(Spread.of(111, 120))).isFalse();
        assertThat(Spread.of(100, 110).relativeSpreadPercent()).isCloseTo(100.0 * 10 / 105, within(1e-9));
    }

    static RepeatRow failing(Point p, int repeat, long samples, long errors, long incorrect) {
        return new RepeatRow(p, repeat, samples, errors, incorrect, 100, 5.0, 1.0, 1, 90, 4, 8, 9, 10, null, null, null,
                null, null, null, null, "", "");
    }

    @Test
    void errorAndIncorrectPercentOfAPointAreOverTheSamplesOfAllItsRepeatsNotAMedian() {
        // Rates per repeat: errors 10 %, 0 %, 0 % (median 0 %); incorrect 0 %, 0.5 %, 0.5 % (median 0.5 %).
        PointSummary s = PointSummary.of(DIRECT_10, List.of(failing(DIRECT_10, 1, 100, 10, 0),
                failing(DIRECT_10, 2, 1000, 0, 5), failing(DIRECT_10, 3, 900, 0, 5)));

        assertThat(s.samples()).isEqualTo(2000);
        assertThat(s.errors()).isEqualTo(10);
        assertThat(s.incorrect()).isEqualTo(10);
        assertThat(s.errorPercent()).isCloseTo(0.5, within(1e-12));
        assertThat(s.incorrectPercent()).isCloseTo(0.5, within(1e-12));
        assertThat(s.repeats().get(0).errorPercent()).isCloseTo(10.0, within(1e-12));
        assertThat(s.repeats().get(1).incorrectPercent()).isCloseTo(0.5, within(1e-12));
        assertThat(PointSummary.of(DIRECT_10, List.of(failing(DIRECT_10, 1, 0, 0, 0))).errorPercent()).isZero();
    }

    @Test
    void summaryCsvAndTableGiveErrorAndIncorrectPercentBesideTheCounts() throws IOException {
        List<PointSummary> points = PointSummary.summarise(List.of(failing(DIRECT_10, 1, 3000, 1, 2),
                failing(DIRECT_10, 2, 3000, 0, 0), failing(DIRECT_50, 1, 1000, 0, 0)));
        Path file = dir.resolve("summary.csv");

        PointSummaryWriter.writeCsv(points, file);

        List<org.apache.commons.csv.CSVRecord> records;
        try (java.io.Reader in = java.nio.file.Files.newBufferedReader(file)) {
            records = org.apache.commons.csv.CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                    .parse(in).getRecords();
        }
        assertThat(records.get(0).getParser().getHeaderNames()).containsSubsequence("samples", "errors", "error_pct",
                "incorrect", "incorrect_pct", "throughput_per_s");
        assertThat(records.get(0).get("errors")).isEqualTo("1");
        assertThat(records.get(0).get("error_pct")).isEqualTo("0.016667");
        assertThat(records.get(0).get("incorrect")).isEqualTo("2");
        assertThat(records.get(0).get("incorrect_pct")).isEqualTo("0.033333");
        assertThat(records.get(1).get("error_pct")).isEqualTo("0.000000");

        String md = PointSummaryWriter.markdown(points);
        assertThat(md.lines().toList().get(0)).contains("| samples | errors | error % | incorrect | incorrect % | throughput/s |");
        assertThat(md.lines().map(l -> l.chars().filter(c -> c == '|').count()).distinct()).as("columns per line")
                .singleElement();
        assertThat(md).contains("| direct | 10 | 1 KiB | 0 | 2 | 6000 | 1 | 0.02 | 2 | 0.03 | 100.0 [100.0–100.0] |");
    }

    @Test
    void pointsCsvWritesErrorAndIncorrectPercentAndChecksThemOnReading() throws IOException {
        Path file = dir.resolve(PointsCsv.FILE_NAME);
        PointsCsv.write(List.of(failing(DIRECT_10, 1, 3000, 1, 2)), file);

        String csv = java.nio.file.Files.readString(file);
        assertThat(csv.lines().findFirst()).hasValueSatisfying(h -> assertThat(h)
                .contains("samples,errors,error_pct,incorrect,incorrect_pct,throughput_per_s"));
        assertThat(csv).contains(",3000,1,0.033333,2,0.066667,");
        assertThat(PointsCsv.read(file)).containsExactly(failing(DIRECT_10, 1, 3000, 1, 2));

        java.nio.file.Files.writeString(file, csv.replace(",3000,1,0.033333,", ",3000,1,5.000000,"));
        assertThatThrownBy(() -> PointsCsv.read(file)).isInstanceOf(IOException.class)
                .hasMessageContaining("line 1").hasMessageContaining("error_pct is 5.000000 but the counts give 0.033333");
    }

    @Test
    void pointsCsvWrittenBeforeThePercentColumnsStillReads() throws IOException {
        Path file = dir.resolve(PointsCsv.FILE_NAME);
        java.nio.file.Files.writeString(file, """
                scenario,users,size_bytes,delay_ms,repeat,samples,errors,incorrect,throughput_per_s,mean_ms,stddev_ms,\
                min_ms,max_ms,p50_ms,p90_ms,p95_ms,p99_ms,cpu_us_per_msg,server_cpu_pct,gc_throughput_pct,\
                heap_after_full_gc_mb,generator_cpu_pct,backend_cpu_pct,machine_cpu_pct,flags,dashboard
                direct,10,1024,0,1,3000,1,2,100.000,5.000,1.000,1,90,4,8,9,10,,,,,,,,,
                """);

        List<RepeatRow> rows = PointsCsv.read(file);

        assertThat(rows).containsExactly(failing(DIRECT_10, 1, 3000, 1, 2));
        assertThat(rows.get(0).errorPercent()).isCloseTo(100.0 / 3000, within(1e-12));
        assertThat(PointSummary.summarise(rows).get(0).incorrectPercent()).isCloseTo(200.0 / 3000, within(1e-12));
    }

    @Test
    void pointsCsvRoundTripsEveryFigureIncludingUnknownOnes() throws IOException {
        List<RepeatRow> rows = List.of(row(DIRECT_10, 1, 500.125, 12, null, "a: b; c: d"), row(DIRECT_50, 2, 900, 30, 95.5, ""));
        Path file = dir.resolve(PointsCsv.FILE_NAME);

        PointsCsv.write(rows, file);

        assertThat(PointsCsv.read(file)).isEqualTo(rows);
    }
}
