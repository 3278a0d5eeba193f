package org.esbbench.report.points;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.samples.LatencyHistogram;
import org.esbbench.report.samples.LatencyTiming;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.esbbench.report.figures.StandardFigures.P50;
import static org.esbbench.report.figures.StandardFigures.P99;

/** Histogram logs say their unit (µs) and timing; those of run folders written before, in ms, read right. */
class HistogramLogUnitTest {
    private static final Point DIRECT = new Point("direct", 10, 1024, 0);

    @TempDir
    Path dir;

    /** A log as the analysis wrote them before microseconds: whole milliseconds, no tag. */
    private Path oldLog(String name, long ms, long count) throws IOException {
        Histogram millis = new Histogram(3);
        millis.recordValueWithCount(ms, count);
        Path file = dir.resolve("histograms/" + name + ".hlog");
        Files.createDirectories(file.getParent());
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment("measurement window, response times in ms");
            writer.outputLogFormatVersion();
            writer.outputLegend();
            writer.outputIntervalHistogram(millis);
        }
        return file;
    }

    @Test
    void aLogSaysItsValuesAreMicrosecondsAndHowTheyWereTimed() throws IOException {
        Histogram micros = LatencyHistogram.tagged(new Histogram(3), LatencyTiming.MICROSECONDS);
        micros.recordValueWithCount(213, 10);
        Path file = dir.resolve("x.hlog");

        HistogramLog.write(micros, file);

        assertThat(Files.readString(file)).contains("response times in microseconds").contains("Tag=us,");
        assertThat(LatencyHistogram.millisAtPercentile(HistogramLog.read(file), 50)).isEqualTo(0.213);
    }

    @Test
    void aLogWrittenBeforeMicrosecondsReadsAsWholeMillisecondsInMicroseconds() throws IOException {
        Histogram read = HistogramLog.read(oldLog("old", 45, 100));

        assertThat(LatencyHistogram.timing(read)).contains(LatencyTiming.WHOLE_MILLISECONDS);
        assertThat(read.getTotalCount()).isEqualTo(100);
        assertThat(read.getValueAtPercentile(50)).isBetween(45_000L, 45_100L);
        assertThat(P50.fromHistogram(read)).isEqualTo(45.0);
    }

    @Test
    void anUntaggedHistogramIsNotWrittenAndAnUnknownTagNotRead() throws IOException {
        Histogram untagged = new Histogram(3);
        untagged.recordValue(5);
        assertThatThrownBy(() -> HistogramLog.write(untagged, dir.resolve("u.hlog")))
                .isInstanceOf(IllegalArgumentException.class);

        untagged.setTag("seconds");
        Path file = dir.resolve("s.hlog");
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            new HistogramLogWriter(out).outputIntervalHistogram(untagged);
        }
        assertThatThrownBy(() -> HistogramLog.read(file)).isInstanceOf(IOException.class).hasMessageContaining("seconds");
    }

    @Test
    void aPointOfAnOldRunMergesItsMillisecondLogsAndOfANewRunItsMicrosecondOnes() throws IOException {
        oldLog(name(1), 2, 90);
        oldLog(name(2), 40, 10);
        List<RepeatRow> rows = List.of(RowBuilder.row(DIRECT, 1).counts(90, 0, 0).set(P50, 2.0).set(P99, 2.0).build(),
                RowBuilder.row(DIRECT, 2).counts(10, 0, 0).set(P50, 40.0).set(P99, 40.0).build());

        PointSummary old = PointSummary.of(DIRECT, rows, Figures.standard(),
                RepeatHistograms.in(new RunLayout(dir)));

        assertThat(old.value(P50).value()).isEqualTo(2.0);
        assertThat(old.value(P99).value()).isEqualTo(40.0);

        Histogram one = LatencyHistogram.tagged(new Histogram(3), LatencyTiming.MICROSECONDS);
        one.recordValueWithCount(180, 90);
        Histogram two = LatencyHistogram.tagged(new Histogram(3), LatencyTiming.WHOLE_MILLISECONDS);
        two.recordValueWithCount(1_000, 10);
        PointSummary mixed = PointSummary.of(DIRECT, rows, Figures.standard(), RepeatHistograms.of(Map.of(
                name(1), one, name(2), two)));

        assertThat(mixed.value(P50).value()).isEqualTo(0.18);
        assertThat(mixed.value(P99).value()).isEqualTo(1.0);
    }

    private static String name(int repeat) {
        return RunLayout.scenarioRunName(DIRECT, repeat);
    }
}
