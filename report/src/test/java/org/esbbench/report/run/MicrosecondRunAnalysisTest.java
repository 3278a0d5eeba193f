package org.esbbench.report.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.PointsCsv;
import org.esbbench.report.points.RepeatRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.report.figures.StandardFigures.LATENESS_MAX;
import static org.esbbench.report.figures.StandardFigures.LATENESS_P50;
import static org.esbbench.report.figures.StandardFigures.LATE_PCT;
import static org.esbbench.report.figures.StandardFigures.P50;
import static org.esbbench.report.figures.StandardFigures.SERVICE_P50;

/** A run whose results files have the microsecond timing element's column, analysed from its folder. */
class MicrosecondRunAnalysisTest {
    @TempDir
    Path results;

    /**
     * Appends an {@code elapsed_us} column, as JMeter writes a sample variable: JMeter's elapsed (truncated ms)
     * plus a part of a millisecond that varies from row to row.
     */
    private static void addMicroseconds(Path jtl) throws IOException {
        List<String> lines = Files.readAllLines(jtl, StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>(List.of(lines.get(0) + ",elapsed_us"));
        for (int i = 1; i < lines.size(); i++) {
            long elapsed = Long.parseLong(lines.get(i).split(",", 3)[1]);
            out.add(lines.get(i) + "," + (elapsed * 1000 + 7 * i % 1000));
        }
        Files.write(jtl, out, StandardCharsets.UTF_8);
    }

    @Test
    void figuresSummaryAndRunJsonAreOfMicrosecondsAndSaySo() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "us").write();
        for (String name : List.of("direct_u5_s1024_d0_r1", "direct_u5_s1024_d0_r2", "direct_u10_s1024_d0_r1",
                "direct_u10_s1024_d0_r2")) {
            addMicroseconds(layout.jtl(name));
        }

        RunAnalysis.analyse(layout, AnalysisOptions.defaults(), line -> { });

        List<RepeatRow> rows = PointsCsv.read(layout.points());
        assertThat(rows).allSatisfy(r -> assertThat(r.latencyTiming()).hasValueSatisfying(t ->
                assertThat(t.code()).isEqualTo("us")));
        assertThat(rows).anySatisfy(r -> assertThat(r.value(P50) % 1).isNotZero());
        assertThat(Files.readString(layout.histogram("direct_u5_s1024_d0_r1"))).contains("Tag=us,");
        assertThat(layout.summaryMd()).content().contains("Latency timed in microseconds (the results files' elapsed_us column).");
        JsonNode point = new ObjectMapper().readTree(layout.runJson().toFile()).get("points").get(0);
        assertThat(point.get("latencyTiming").asText()).isEqualTo("latency timed in microseconds");
        assertThat(point.has("latencyTimingPerRepeat")).isFalse();
    }

    @Test
    void repeatsTimedDifferentlyAreNamed() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "mixed").write();
        addMicroseconds(layout.jtl("direct_u5_s1024_d0_r2"));

        RunAnalysis.analyse(layout, AnalysisOptions.defaults(), line -> { });

        assertThat(layout.summaryMd()).content().contains("Response times differ in timing between scenario runs:",
                "latency timed in microseconds (the results files' elapsed_us column): direct_u5_s1024_d0_r2;",
                "elapsed): direct_u5_s1024_d0_r1, direct_u10_s1024_d0_r1, direct_u10_s1024_d0_r2.");
        JsonNode points = new ObjectMapper().readTree(layout.runJson().toFile()).get("points");
        assertThat(points.get(0).get("latencyTiming").asText()).startsWith("latency partly timed in microseconds");
        assertThat(points.get(0).get("latencyTimingPerRepeat").get("2").asText()).isEqualTo("latency timed in microseconds");
        assertThat(points.get(1).get("latencyTiming").asText()).startsWith("latency in whole milliseconds");
    }

    /**
     * Appends elapsed_us and the arrival columns as the Scheduled Arrivals Thread Group's samples have them: served in
     * JMeter's elapsed plus 250 µs, sent 100 µs after their due time, every 20th 40 ms late (5 %).
     */
    private static void addArrivalTiming(Path jtl) throws IOException {
        List<String> lines = Files.readAllLines(jtl, StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>(List.of(lines.get(0) + ",elapsed_us,intended_us,lateness_us,response_us"));
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split(",", 3);
            long service = Long.parseLong(f[1]) * 1000 + 250;
            long late = i % 20 == 0 ? 40_000 : 100;
            long intended = Long.parseLong(f[0]) * 1000 - late;
            out.add(lines.get(i) + "," + service + "," + intended + "," + late + "," + (late + service));
        }
        Files.write(jtl, out, StandardCharsets.UTF_8);
    }

    @Test
    void arrivalsTimedFromTheirDueTimeGiveResponseServiceAndLatenessWithTheFlagAndTheServiceHistogram()
            throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "arrivals").write();
        List<String> names = List.of("direct_u5_s1024_d0_r1", "direct_u5_s1024_d0_r2", "direct_u10_s1024_d0_r1",
                "direct_u10_s1024_d0_r2");
        for (String name : names) {
            addArrivalTiming(layout.jtl(name));
        }

        RunAnalysis.analyse(layout, AnalysisOptions.defaults(), line -> { });

        List<RepeatRow> rows = PointsCsv.read(layout.points());
        assertThat(rows).isNotEmpty().allSatisfy(r -> {
            // the headline is the response time: the service time plus at least the 0.1 ms lateness
            assertThat(r.value(P50)).isGreaterThan(r.value(SERVICE_P50));
            assertThat(r.value(LATENESS_P50)).isEqualTo(0.1);
            assertThat(r.value(LATENESS_MAX)).isEqualTo(40.0);
            assertThat(r.value(LATE_PCT)).isBetween(4.0, 6.0);
            assertThat(r.flags()).contains(org.esbbench.report.arrivals.LatenessBound.FLAG + ": ");
        });
        for (String name : names) {
            assertThat(layout.serviceHistogram(name)).content().contains("service times from each send", "Tag=us,");
            // the response times' mean is the service times' plus the mean lateness (0.1 ms, every 20th 40 ms)
            double service = org.esbbench.report.points.HistogramLog.read(layout.serviceHistogram(name)).getMean();
            double response = org.esbbench.report.points.HistogramLog.read(layout.histogram(name)).getMean();
            assertThat(response - service).as(name + ": mean response - mean service, µs").isBetween(1_500.0, 2_700.0);
        }
        assertThat(layout.summaryMd()).content().contains("An open-model row counts every arrival due in its window", "generator-late");
    }
}
