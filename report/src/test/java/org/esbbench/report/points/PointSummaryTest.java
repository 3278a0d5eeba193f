package org.esbbench.report.points;

import org.HdrHistogram.Histogram;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.samples.LatencyHistogram;
import org.esbbench.report.samples.LatencyTiming;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.esbbench.report.figures.StandardFigures.*;

class PointSummaryTest {
    private static final Point DIRECT_10 = new Point("direct", 10, 1024, 0);
    private static final Point DIRECT_50 = new Point("direct", 50, 1024, 0);

    @TempDir
    Path dir;

    static RepeatRow row(Point p, int repeat, double throughput, long p99, Double cpu, String flags) {
        return RowBuilder.row(p, repeat).counts(1000, 0, 0).set(THROUGHPUT, throughput).set(MEAN, 5.0)
                .set(STDDEV, 1.0).set(MIN, 1.0).set(MAX, 90.0).set(P50, 4.0).set(P90, 8.0).set(P95, 9.0)
                .set(P99, (double) p99).set(P99_9, p99 + 10.0).set(CPU_PER_MESSAGE, cpu).set(SERVER_CPU, 40.0)
                .set(GC_THROUGHPUT, 99.5).set(HEAP_AFTER_FULL_GC, 120.0).set(GENERATOR_CPU, 20.0)
                .set(BACKEND_CPU, 5.0).set(MACHINE_CPU, 70.0).flags(flags)
                .dashboard("dashboards/" + p.key() + "_r" + repeat + "/index.html").build();
    }

    static RepeatRow failing(Point p, int repeat, long samples, long errors, long incorrect) {
        return RowBuilder.row(p, repeat).counts(samples, errors, incorrect).set(THROUGHPUT, 100.0).set(MEAN, 5.0)
                .set(STDDEV, 1.0).set(MIN, 1.0).set(MAX, 90.0).set(P50, 4.0).set(P90, 8.0).set(P95, 9.0)
                .set(P99, 10.0).build();
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
        assertThat(ten.value(THROUGHPUT)).isEqualTo(new Spread(500, 470, 520, 3));
        // without histograms a percentile falls back to the median of the repeats
        assertThat(ten.value(P99)).isEqualTo(new Spread(12, 11, 15, 3));
        assertThat(ten.value(CPU_PER_MESSAGE).value()).isCloseTo(105, within(1e-9)); // nulls left out: median of 2
        assertThat(ten.value(SAMPLES)).isEqualTo(new Spread(3000, 1000, 1000, 3));
        assertThat(ten.samples()).isEqualTo(3000);
        assertThat(ten.flags()).containsExactly("generator-saturated in 2 of 3 repeats", "machine-busy in 1 of 3 repeats");
        assertThat(s.get(1).value(CPU_PER_MESSAGE)).isNull();
    }

    @Test
    void percentilesOfAPointComeFromTheMergedHistogramsOfItsRepeats() {
        // Repeat 1: 120 samples of 1 ms; repeat 2: 80 samples of 50 ms (histograms of µs, timed in whole ms). The
        // repeats' p50 are 1 and 50 (median of two: 25.5); over all 200 samples the p50 is 1 ms and the p99 50 ms.
        Histogram one = LatencyHistogram.tagged(new Histogram(3), LatencyTiming.WHOLE_MILLISECONDS);
        one.recordValueWithCount(1_000, 120);
        Histogram two = LatencyHistogram.tagged(new Histogram(3), LatencyTiming.WHOLE_MILLISECONDS);
        two.recordValueWithCount(50_000, 80);
        List<RepeatRow> rows = List.of(
                RowBuilder.row(DIRECT_10, 1).counts(100, 0, 0).set(P50, 1.0).set(P99, 1.0).set(MEAN, 1.99).build(),
                RowBuilder.row(DIRECT_10, 2).counts(100, 0, 0).set(P50, 50.0).set(P99, 50.0).set(MEAN, 50.0).build());
        RepeatHistograms histograms = RepeatHistograms.of(Map.of("direct_u10_s1024_d0_r1", one, "direct_u10_s1024_d0_r2", two));

        PointSummary merged = PointSummary.of(DIRECT_10, rows, Figures.standard(), histograms);
        PointSummary medians = PointSummary.of(DIRECT_10, rows);

        assertThat(merged.value(P50)).isEqualTo(new Spread(1, 1, 50, 2));
        assertThat(merged.value(P99)).isEqualTo(new Spread(50, 1, 50, 2));
        assertThat(merged.value(MEAN).value()).as("a median figure stays a median").isCloseTo(25.995, within(1e-9));
        assertThat(medians.value(P50).value()).isCloseTo(25.5, within(1e-9));
    }

    @Test
    void aRepeatWithoutItsHistogramMakesThePointFallBackToTheMedian() {
        Histogram one = new Histogram(3);
        one.recordValueWithCount(1, 100);
        List<RepeatRow> rows = List.of(RowBuilder.row(DIRECT_10, 1).set(P50, 1.0).build(),
                RowBuilder.row(DIRECT_10, 2).set(P50, 50.0).build());

        PointSummary s = PointSummary.of(DIRECT_10, rows, Figures.standard(),
                RepeatHistograms.of(Map.of("direct_u10_s1024_d0_r1", one)));

        assertThat(s.value(P50).value()).isCloseTo(25.5, within(1e-9));
    }

    @Test
    void histogramLogsRoundTripExactly() throws IOException {
        Histogram h = LatencyHistogram.tagged(new Histogram(3), LatencyTiming.MICROSECONDS);
        h.recordValueWithCount(3, 1000);
        h.recordValue(12_345);
        Path file = dir.resolve("histograms/x.hlog");

        HistogramLog.write(h, file);

        assertThat(Files.readString(file)).contains("#[Histogram log format version");
        Histogram read = HistogramLog.read(file);
        assertThat(read.getTotalCount()).isEqualTo(1001);
        assertThat(read.getValueAtPercentile(99.95)).isEqualTo(h.getValueAtPercentile(99.95));
        assertThat(read).isEqualTo(h);
        assertThat(LatencyHistogram.timing(read)).contains(LatencyTiming.MICROSECONDS);
    }

    @Test
    void spreadOverlapTellsWhetherTwoRunsDifferBeyondTheirOwnSpread() {
        assertThat(Spread.of(100, 110, 105).overlaps(Spread.of(108, 120))).isTrue();
        assertThat(Spread.of(100, 110, 105).overlaps(Spread.of(111, 120))).isFalse();
        assertThat(Spread.of(100, 110).relativeSpreadPercent()).isCloseTo(100.0 * 10 / 105, within(1e-9));
    }

    @Test
    void errorAndIncorrectPercentOfAPointAreOverTheSamplesOfAllItsRepeatsNotAMedian() {
        // Rates per repeat: errors 10 %, 0 %, 0 % (median 0 %); incorrect 0 %, 0.5 %, 0.5 % (median 0.5 %).
        PointSummary s = PointSummary.of(DIRECT_10, List.of(failing(DIRECT_10, 1, 100, 10, 0),
                failing(DIRECT_10, 2, 1000, 0, 5), failing(DIRECT_10, 3, 900, 0, 5)));

        assertThat(s.samples()).isEqualTo(2000);
        assertThat(s.errors()).isEqualTo(10);
        assertThat(s.incorrect()).isEqualTo(10);
        assertThat(s.value(ERROR_PCT).value()).isCloseTo(0.5, within(1e-12));
        assertThat(s.value(ERROR_PCT).max()).isCloseTo(10.0, within(1e-12));
        assertThat(s.value(INCORRECT_PCT).value()).isCloseTo(0.5, within(1e-12));
        assertThat(PointSummary.of(DIRECT_10, List.of(failing(DIRECT_10, 1, 0, 0, 0))).value(ERROR_PCT).value()).isZero();
    }

    @Test
    void pointsCsvWritesErrorAndIncorrectPercentAndChecksThemOnReading() throws IOException {
        Path file = dir.resolve(PointsCsv.FILE_NAME);
        PointsCsv.write(List.of(failing(DIRECT_10, 1, 3000, 1, 2)), file);

        String csv = Files.readString(file);
        assertThat(csv.lines().findFirst()).hasValueSatisfying(h -> assertThat(h)
                .startsWith("scenario,users,rate,size_bytes,delay_ms,heap,server_cores,repeat,samples,errors,error_pct,incorrect,incorrect_pct,"
                        + "throughput_per_s,mean_ms,stddev_ms,min_ms,max_ms,p50_ms,p90_ms,p95_ms,p99_ms,p99_9_ms,")
                .endsWith(",flags,dashboard,latency_timing"));
        assertThat(csv).contains(",3000,1,0.033333,2,0.066667,");
        assertThat(PointsCsv.read(file)).containsExactly(failing(DIRECT_10, 1, 3000, 1, 2));

        Files.writeString(file, csv.replace(",3000,1,0.033333,", ",3000,1,5.000000,"));
        assertThatThrownBy(() -> PointsCsv.read(file)).isInstanceOf(IOException.class)
                .hasMessageContaining("line 1").hasMessageContaining("error_pct is 5 but the counts give 0.033333");
    }

    @Test
    void pointsCsvWrittenBeforeThePercentAndP999ColumnsStillReads() throws IOException {
        Path file = dir.resolve(PointsCsv.FILE_NAME);
        Files.writeString(file, """
                scenario,users,size_bytes,delay_ms,repeat,samples,errors,incorrect,throughput_per_s,mean_ms,stddev_ms,\
                min_ms,max_ms,p50_ms,p90_ms,p95_ms,p99_ms,cpu_us_per_msg,server_cpu_pct,gc_throughput_pct,\
                heap_after_full_gc_mb,generator_cpu_pct,backend_cpu_pct,machine_cpu_pct,flags,dashboard
                direct,10,1024,0,1,3000,1,2,100.000,5.000,1.000,1,90,4,8,9,10,,,,,,,,,
                """);

        List<RepeatRow> rows = PointsCsv.read(file);

        assertThat(rows).containsExactly(failing(DIRECT_10, 1, 3000, 1, 2));
        assertThat(rows.get(0).value(P99_9)).as("a figure the file predates is unknown").isNull();
        assertThat(rows.get(0).value(ERROR_PCT)).isCloseTo(100.0 / 3000, within(1e-12));
        assertThat(PointSummary.summarise(rows).get(0).value(INCORRECT_PCT).value()).isCloseTo(200.0 / 3000, within(1e-12));
        assertThat(PointSummary.summarise(rows).get(0).value(P99_9)).isNull();
    }

    @Test
    void pointsCsvRoundTripsEveryFigureIncludingUnknownOnes() throws IOException {
        List<RepeatRow> rows = List.of(row(DIRECT_10, 1, 500.25, 12, null, "a: b; c: d"), row(DIRECT_50, 2, 900, 30, 95.5, ""));
        Path file = dir.resolve(PointsCsv.FILE_NAME);

        PointsCsv.write(rows, file);

        assertThat(PointsCsv.read(file)).isEqualTo(rows);
    }
}
