package org.esbbench.report.samples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ThroughputSeriesTest {
    /** Measurement from 10,000 ms (warm-up 10 s from 0) for 25 s: buckets of 10, 10 and 5 s. */
    private static final Window WINDOW = new Window(0, 10_000, 25_000);

    @TempDir
    Path dir;

    static Sample sample(long start, long elapsed) {
        return new Sample(start, elapsed, "direct", "200", true, "", 100, 100, 1, 1, elapsed, 0);
    }

    @Test
    void countsEachSampleInTheBucketAndThirdItStartedIn() {
        ThroughputSeries series = new ThroughputSeries(WINDOW);
        for (int i = 0; i < 100; i++) {
            series.add(sample(10_000 + i * 10, 5)); // 100 in the first second of bucket 0
        }
        for (int i = 0; i < 50; i++) {
            series.add(sample(20_000 + i * 100, 7)); // 50 at the start of bucket 1: the second third
        }
        series.add(sample(34_000, 20)); // the last bucket, ends 34,020

        List<ThroughputSeries.Slice> buckets = series.buckets();
        assertThat(buckets).extracting(ThroughputSeries.Slice::offsetMillis).containsExactly(0L, 10_000L, 20_000L);
        assertThat(buckets).extracting(ThroughputSeries.Slice::lengthMillis).containsExactly(10_000L, 10_000L, 5_000L);
        assertThat(buckets).extracting(ThroughputSeries.Slice::samples).containsExactly(100L, 50L, 1L);
        assertThat(buckets.get(0).throughputPerSecond()).isEqualTo(10.0);
        assertThat(buckets.get(0).p99Millis()).isEqualTo(5);
        assertThat(buckets.get(1).p99Millis()).isEqualTo(7);
        // load reached 24,020 ms into the window: the last bucket is covered for 4,020 ms of its 5,000
        assertThat(buckets.get(2).coveredMillis()).isEqualTo(4_020);
        assertThat(buckets.get(2).throughputPerSecond()).isEqualTo(1000.0 / 4_020);

        List<ThroughputSeries.Slice> thirds = series.thirds();
        assertThat(thirds).extracting(ThroughputSeries.Slice::offsetMillis).containsExactly(0L, 8_333L, 16_666L);
        assertThat(thirds).extracting(ThroughputSeries.Slice::samples).containsExactly(100L, 50L, 1L);
    }

    @Test
    void aSampleOnTheWindowsLastMillisecondIsInTheLastBucketAndThird() {
        ThroughputSeries series = new ThroughputSeries(new Window(0, 10_000, 20_000));
        series.add(sample(10_000, 1));
        series.add(sample(30_000, 1)); // the window is [10,000, 30,000]: its last millisecond counts

        assertThat(series.buckets()).extracting(ThroughputSeries.Slice::samples).containsExactly(1L, 1L);
        assertThat(series.thirds()).extracting(ThroughputSeries.Slice::samples).containsExactly(1L, 0L, 1L);
        assertThatThrownBy(() -> series.add(sample(30_001, 1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("outside the measurement window");
    }

    @Test
    void anEmptyBucketInsideTheLoadIsZeroAndOneAfterTheLoadEndedIsNotCovered() {
        ThroughputSeries series = new ThroughputSeries(new Window(0, 0, 40_000));
        series.add(sample(1_000, 2));
        series.add(sample(25_000, 3)); // nothing in 10..20 s; the load ends at 25,003, before the last bucket

        List<ThroughputSeries.Slice> buckets = series.buckets();
        assertThat(buckets).extracting(ThroughputSeries.Slice::samples).containsExactly(1L, 0L, 1L, 0L);
        assertThat(buckets).extracting(ThroughputSeries.Slice::coveredMillis).containsExactly(10_000L, 10_000L, 5_003L, 0L);
        assertThat(buckets.get(1).throughputPerSecond()).isZero();
        assertThat(buckets.get(1).p99Millis()).isZero();
        assertThat(buckets.get(3).throughputPerSecond()).isZero();
    }

    @Test
    void aWindowWithoutSamplesHasItsBucketsAndThirdsAllEmpty() {
        ThroughputSeries series = new ThroughputSeries(new Window(0, 0, 4_000));
        assertThat(series.buckets()).singleElement().satisfies(b -> {
            assertThat(b.lengthMillis()).isEqualTo(4_000);
            assertThat(b.samples()).isZero();
            assertThat(b.coveredMillis()).isZero();
        });
        assertThat(series.thirds()).extracting(ThroughputSeries.Slice::samples).containsExactly(0L, 0L, 0L);
    }

    @Test
    void windowedResultsCollectTheSeriesInTheirOnePass() throws Exception {
        Path jtl = new JtlFixture().ok(0, 5).ok(10_500, 5).ok(21_000, 9).ok(36_000, 4).write(dir.resolve("r.jtl"));

        WindowedResults results = WindowedResults.read(jtl, WINDOW);

        assertThat(results.overTime().buckets()).extracting(ThroughputSeries.Slice::samples).containsExactly(1L, 1L, 0L);
        assertThat(results.measurement().samples()).isEqualTo(2);
        assertThat(results.after()).isEqualTo(1);
    }
}
