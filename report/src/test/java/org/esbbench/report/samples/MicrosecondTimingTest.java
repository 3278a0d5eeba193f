package org.esbbench.report.samples;

import org.esbbench.report.figures.Figures;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.figures.WindowMeasurement;
import org.esbbench.report.usage.WindowUsage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Latency built from the results file's {@code elapsed_us} column (the microsecond timing element's sample variable,
 * the file's last column) when it is there, from JMeter's whole-millisecond {@code elapsed} otherwise.
 */
class MicrosecondTimingTest {
    private static final long T0 = 1_763_800_000_000L;
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
            + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";
    private static final Window WINDOW = new Window(T0, 0, 10_000);

    @TempDir
    Path dir;

    /** A JMeter row started {@code i} × 50 ms into the window, taking {@code elapsedMs}; {@code us} is appended as is. */
    private static String row(int i, long elapsedMs, String us, boolean withColumn) {
        return (T0 + i * 50L) + "," + elapsedMs + ",direct,200,OK,Users 1-1,text,true,,1300,1200,10,10,"
                + "http://127.0.0.1:8280/x," + elapsedMs + ",0,1" + (withColumn ? "," + us : "");
    }

    /** A results file; JMeter writes a sample variable's column name in quotes: {@code "elapsed_us"}. */
    private Path jtl(String name, boolean withColumn, int rows, IntFunction<String> line) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append(withColumn ? ",\"" + Sample.ELAPSED_US + "\"" : "")
                .append('\n');
        for (int i = 0; i < rows; i++) {
            text.append(line.apply(i)).append('\n');
        }
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    /** 100 samples of 201..300 µs: JMeter's elapsed says 0 ms for each. */
    private Path subMillisecond(boolean withColumn) throws IOException {
        return jtl(withColumn ? "us.csv" : "ms.csv", withColumn, 100, i -> row(i, 0, String.valueOf(201 + i), withColumn));
    }

    @Test
    void readsTheLastColumnElapsedUsAndLeavesEmptyOrNullOrAbsentAsNoMicroseconds() throws IOException {
        List<Sample> samples = new ArrayList<>();
        JtlReader.read(new StringReader("""
                timeStamp,elapsed,label,responseCode,success,failureMessage,elapsed_us
                100,0,direct,200,true,,213
                101,2,direct,200,true,,
                102,3,direct,200,true,,null
                103,4,direct,200,true,
                104,1,direct,200,true,,"1042"
                """), "inline", samples::add);
        List<Sample> without = new ArrayList<>();
        JtlReader.read(new StringReader("timeStamp,elapsed,label,responseCode,success\n100,7,direct,200,true\n"),
                "inline", without::add);

        assertThat(samples).extracting(Sample::elapsedMicros).containsExactly(213L, -1L, -1L, -1L, 1042L);
        assertThat(samples).extracting(Sample::responseMicros).containsExactly(213L, 2_000L, 3_000L, 4_000L, 1_042L);
        assertThat(samples).extracting(Sample::elapsedMillis).containsExactly(0L, 2L, 3L, 4L, 1L);
        assertThat(without.get(0).timedInMicros()).isFalse();
        assertThat(without.get(0).responseMicros()).isEqualTo(7_000);
    }

    @Test
    void aValueThatIsNoNumberIsAnError() {
        assertThatThrownBy(() -> JtlReader.read(new StringReader(
                "timeStamp,elapsed,label,responseCode,success,elapsed_us\n100,0,direct,200,true,abc\n"), "x.csv", s -> { }))
                .isInstanceOf(IOException.class).hasMessageContaining("elapsed_us");
    }

    @Test
    void subMillisecondFiguresComeFromMicrosecondsToTheMicrosecond() throws IOException {
        WindowedResults results = WindowedResults.read(subMillisecond(true), WINDOW);
        Statistics m = results.measurement();

        assertThat(results.latencyTiming()).isEqualTo(LatencyTiming.MICROSECONDS);
        assertThat(m.samples()).isEqualTo(100);
        assertThat(m.minMillis()).isEqualTo(0.201);
        assertThat(m.maxMillis()).isEqualTo(0.300);
        assertThat(m.meanMillis()).isCloseTo(0.2505, within(1e-12));
        assertThat(m.stdDevMillis()).isCloseTo(Math.sqrt((100.0 * 100 - 1) / 12) / 1000, within(1e-9));
        assertThat(m.p50Millis()).isEqualTo(0.250);
        assertThat(m.p90Millis()).isEqualTo(0.290);
        assertThat(m.p99Millis()).isEqualTo(0.299);
        assertThat(LatencyHistogram.timing(results.measurementHistogram())).contains(LatencyTiming.MICROSECONDS);
        assertThat(results.measurementHistogram().getValueAtPercentile(50)).as("µs").isEqualTo(250);
        assertThat(results.overTime().thirds().get(0).p99Millis()).isLessThan(1).isGreaterThan(0.2);
    }

    @Test
    void withoutTheColumnTheFiguresAreJMetersWholeMilliseconds() throws IOException {
        Statistics m = WindowedResults.read(subMillisecond(false), WINDOW).measurement();

        assertThat(m.latencyTiming()).isEqualTo(LatencyTiming.WHOLE_MILLISECONDS);
        assertThat(m.p50Millis()).isZero();
        assertThat(m.p99Millis()).isZero();
        assertThat(m.maxMillis()).isZero();
    }

    @Test
    void wholeMillisecondsReadExactlyDespiteTheHistogramsPrecisionInMicroseconds() throws IOException {
        // 45 ms recorded as 45 000 µs falls in a bucket whose highest value is 45 023 µs: still 45 ms.
        Path file = jtl("ms.csv", false, 100, i -> row(i, i < 50 ? 45 : 1_500, "", false));
        WindowedResults results = WindowedResults.read(file, WINDOW);

        assertThat(results.measurement().p50Millis()).isEqualTo(45.0);
        assertThat(results.measurement().p99Millis()).isEqualTo(1_500.0);
        assertThat(results.measurement().meanMillis()).isEqualTo(772.5);
        assertThat(results.measurementHistogram().getValueAtPercentile(50)).isGreaterThan(45_000);
        assertThat(results.measurementDistribution()).allSatisfy(s -> assertThat(s.valueMs()).isIn(45.0, 1_500.0));
    }

    @Test
    void aFileWithTheColumnButNoValueIsWholeMillisecondsAndAMixOfBothSaysSo() throws IOException {
        Path empty = jtl("empty.csv", true, 10, i -> row(i, 3, "", true));
        Path mixed = jtl("mixed.csv", true, 10, i -> row(i, i < 5 ? 0 : 3, i < 5 ? "250" : "", true));

        Statistics none = WindowedResults.read(empty, WINDOW).measurement();
        WindowedResults both = WindowedResults.read(mixed, WINDOW);

        assertThat(none.latencyTiming()).isEqualTo(LatencyTiming.WHOLE_MILLISECONDS);
        assertThat(none.p50Millis()).isEqualTo(3.0);
        assertThat(both.latencyTiming()).isEqualTo(LatencyTiming.MIXED);
        assertThat(both.measurement().minMillis()).isEqualTo(0.25);
        assertThat(both.measurement().maxMillis()).isEqualTo(3.0);
        assertThat(both.measurement().p50Millis()).isEqualTo(0.25);
        assertThat(LatencyHistogram.timing(both.measurementHistogram())).contains(LatencyTiming.MIXED);
    }

    @Test
    void countsThroughputAndTheWindowAreTheSameWithOrWithoutMicroseconds() throws IOException {
        WindowedResults us = WindowedResults.read(subMillisecond(true), WINDOW);
        WindowedResults ms = WindowedResults.read(subMillisecond(false), WINDOW);

        assertThat(us.measurement().throughputPerSecond()).isEqualTo(ms.measurement().throughputPerSecond());
        assertThat(us.measurement().durationMillis()).isEqualTo(ms.measurement().durationMillis());
        assertThat(us.coverage()).isEqualTo(ms.coverage());
        assertThat(us.overTime().buckets()).extracting(ThroughputSeries.Slice::samples)
                .isEqualTo(ms.overTime().buckets().stream().map(ThroughputSeries.Slice::samples).toList());
    }

    @Test
    void whatJMetersDashboardIsComparedWithIgnoresTheMicroseconds() throws IOException {
        Statistics forDashboard = WindowedResults.readWholeMillis(subMillisecond(true), WINDOW).measurement();
        Statistics withoutColumn = WindowedResults.read(subMillisecond(false), WINDOW).measurement();

        assertThat(forDashboard).isEqualTo(withoutColumn);
    }

    @Test
    void everyLatencyFigureHasThreeDecimals() throws IOException {
        WindowedResults results = WindowedResults.read(subMillisecond(true), WINDOW);
        Map<org.esbbench.report.figures.Figure, Double> values = Figures.standard().compute(
                new WindowMeasurement(results.measurement(), results.measurementHistogram(), WindowUsage.UNKNOWN));

        assertThat(StandardFigures.P50.format(values.get(StandardFigures.P50))).isEqualTo("0.250");
        assertThat(StandardFigures.P99_9.format(values.get(StandardFigures.P99_9))).isEqualTo("0.300");
        assertThat(StandardFigures.MIN.format(values.get(StandardFigures.MIN))).isEqualTo("0.201");
        assertThat(StandardFigures.MAX.format(values.get(StandardFigures.MAX))).isEqualTo("0.300");
        assertThat(StandardFigures.RESPONSE_TIMES).allSatisfy(f -> assertThat(f.decimals()).isEqualTo(3));
    }
}
