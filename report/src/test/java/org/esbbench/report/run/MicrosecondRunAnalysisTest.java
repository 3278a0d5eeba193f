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
import static org.esbbench.report.figures.StandardFigures.P50;

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
}
