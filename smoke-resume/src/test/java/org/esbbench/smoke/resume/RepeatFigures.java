package org.esbbench.smoke.resume;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.HistogramLog;
import org.esbbench.report.samples.LatencyHistogram;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.esbbench.report.figures.StandardFigures.P99;
import static org.esbbench.report.figures.StandardFigures.P99_9;

/**
 * A point's figures from its repeats, held on the resumed run (whose repeats were measured by two sessions): the
 * summary has one row per point with the median of its repeats' throughputs and their lowest, and the point's
 * percentiles are those of its repeats' merged histograms. The test command's one run with repeats (the suite's smoke
 * run measures every plan once).
 */
final class RepeatFigures {
    private RepeatFigures() {
    }

    static void assertSummaryIsTheMedianOfRepeats(RunLayout layout) throws IOException {
        List<CSVRecord> points = csv(layout.points());
        List<CSVRecord> summary = csv(layout.summaryCsv());
        Set<String> keys = points.stream().map(RepeatFigures::point).collect(Collectors.toSet());
        assertThat(summary).as("summary rows, one per point").hasSize(keys.size());
        for (CSVRecord s : summary) {
            List<Double> throughputs = repeatsOf(s, points).stream()
                    .map(p -> Double.parseDouble(p.get("throughput_per_s"))).sorted().toList();
            assertThat(throughputs).as(point(s) + " repeats").hasSizeGreaterThan(1);
            assertThat(Integer.parseInt(s.get("repeats"))).isEqualTo(throughputs.size());
            int n = throughputs.size();
            double median = n % 2 == 1 ? throughputs.get(n / 2) : (throughputs.get(n / 2 - 1) + throughputs.get(n / 2)) / 2;
            assertThat(Double.parseDouble(s.get("throughput_per_s"))).as(point(s) + " median").isCloseTo(median, within(0.01));
            assertThat(Double.parseDouble(s.get("throughput_per_s_min"))).as(point(s) + " lowest")
                    .isCloseTo(throughputs.get(0), within(0.01));
            assertThat(s.get("stddev_ms")).isNotEmpty();
            assertThat(s.get("p99_9_ms")).isNotEmpty();
        }
    }

    static void assertPercentilesAreThoseOfMergedHistograms(RunLayout layout) throws IOException {
        List<CSVRecord> points = csv(layout.points());
        for (CSVRecord s : csv(layout.summaryCsv())) {
            List<Histogram> repeats = new ArrayList<>();
            for (CSVRecord p : repeatsOf(s, points)) {
                Path hlog = layout.histogram(runName(p));
                assertThat(hlog).as(runName(p) + " histogram").isNotEmptyFile();
                repeats.add(HistogramLog.read(hlog));
            }
            // Histograms of µs, percentiles in ms with three decimals.
            Histogram merged = LatencyHistogram.merged(repeats);
            assertThat(s.get("p99_ms")).as(point(s) + " p99").isEqualTo(P99.format(P99.fromHistogram(merged)));
            assertThat(s.get("p99_9_ms")).as(point(s) + " p99.9").isEqualTo(P99_9.format(P99_9.fromHistogram(merged)));
        }
    }

    private static List<CSVRecord> repeatsOf(CSVRecord summaryRow, List<CSVRecord> points) {
        return points.stream().filter(p -> point(p).equals(point(summaryRow))).toList();
    }

    private static String point(CSVRecord r) {
        return r.get("scenario") + "/" + r.get("users") + "/" + r.get("rate");
    }

    /** direct_u2_s1024_d0_r1 (the resumed run is closed-model only). */
    private static String runName(CSVRecord r) {
        return r.get("scenario") + "_u" + r.get("users") + "_s" + r.get("size_bytes") + "_d" + r.get("delay_ms")
                + "_r" + r.get("repeat");
    }

    private static List<CSVRecord> csv(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
    }
}
