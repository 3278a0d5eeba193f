package org.esbbench.report.points;

import org.esbbench.report.samples.LatencyTiming;
import org.esbbench.report.summary.LatencyTimingNote;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.esbbench.report.figures.StandardFigures.P99;

/** Each repeat's latency timing: kept in points.csv, combined per point, and said in the summary. */
class LatencyTimingRecordTest {
    private static final Point DIRECT = new Point("direct", 10, 1024, 0);
    private static final Point XSLT = new Point("xslt", 10, 1024, 0);

    @TempDir
    Path dir;

    @Test
    void pointsCsvKeepsEachRepeatsTimingAndAnOlderFileHasNone() throws IOException {
        List<RepeatRow> rows = List.of(RowBuilder.row(DIRECT, 1).counts(10, 0, 0).timing(LatencyTiming.MICROSECONDS).build(),
                RowBuilder.row(DIRECT, 2).counts(10, 0, 0).timing(LatencyTiming.WHOLE_MILLISECONDS).build(),
                RowBuilder.row(DIRECT, 3).counts(10, 0, 0).timing(LatencyTiming.MIXED).build());
        Path file = dir.resolve("points.csv");

        PointsCsv.write(rows, file);

        assertThat(Files.readAllLines(file)).element(1).asString().endsWith(",us");
        assertThat(PointsCsv.read(file)).isEqualTo(rows);
        Files.writeString(file, """
                scenario,users,size_bytes,delay_ms,repeat,samples,errors,incorrect,p99_ms,flags,dashboard
                direct,10,1024,0,1,3000,0,0,10,,
                """);
        RepeatRow old = PointsCsv.read(file).get(0);
        assertThat(old.latencyTiming()).isEmpty();
        assertThat(old.value(P99)).isEqualTo(10.0);
        Files.writeString(file, "scenario,users,size_bytes,delay_ms,repeat,samples,latency_timing\n"
                + "direct,10,1024,0,1,3000,ns\n");
        assertThatThrownBy(() -> PointsCsv.read(file)).isInstanceOf(IOException.class).hasMessageContaining("ns");
    }

    @Test
    void aPointsTimingIsItsRepeatsWhenTheyAgreeElseMixed() {
        RepeatRow us = RowBuilder.row(DIRECT, 1).timing(LatencyTiming.MICROSECONDS).build();
        RepeatRow us2 = RowBuilder.row(DIRECT, 2).timing(LatencyTiming.MICROSECONDS).build();
        RepeatRow ms = RowBuilder.row(DIRECT, 2).timing(LatencyTiming.WHOLE_MILLISECONDS).build();
        RepeatRow unknown = RowBuilder.row(DIRECT, 2).build();

        assertThat(PointSummary.of(DIRECT, List.of(us, us2)).latencyTiming()).contains(LatencyTiming.MICROSECONDS);
        assertThat(PointSummary.of(DIRECT, List.of(us, ms)).latencyTiming()).contains(LatencyTiming.MIXED);
        assertThat(PointSummary.of(DIRECT, List.of(us, unknown)).latencyTiming()).isEmpty();
    }

    @Test
    void theSummarySaysHowLatencyWasTimedNamingTheScenarioRunsWhenTheyDiffer() {
        RepeatRow us = RowBuilder.row(DIRECT, 1).timing(LatencyTiming.MICROSECONDS).build();
        RepeatRow ms = RowBuilder.row(XSLT, 1).timing(LatencyTiming.WHOLE_MILLISECONDS).build();

        assertThat(LatencyTimingNote.of(List.of(us))).hasValueSatisfying(n ->
                assertThat(n).startsWith("Latency timed in microseconds"));
        assertThat(LatencyTimingNote.of(List.of(ms))).hasValueSatisfying(n -> assertThat(n)
                .startsWith("Latency in whole milliseconds: the plan lacks the microsecond timing element"));
        assertThat(LatencyTimingNote.of(List.of(us, ms))).hasValueSatisfying(n -> assertThat(n)
                .startsWith("Response times differ in timing between scenario runs: latency timed in microseconds"
                        + " (the results files' elapsed_us column): direct_u10_s1024_d0_r1; latency in whole milliseconds:")
                .contains("the plan lacks the microsecond timing element (the results files have no elapsed_us values;"
                        + " response times are JMeter's elapsed): xslt_u10_s1024_d0_r1"));
        assertThat(LatencyTimingNote.of(List.of(RowBuilder.row(DIRECT, 1).build()))).isEmpty();
    }
}
