package org.esbbench.report.samples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class WindowedResultsTest {
    private static final long T0 = 1_763_800_000_000L;

    @TempDir
    Path dir;

    @Test
    void splitsByStartTimeSinceTheRunStartAndKeepsOnlyTheMeasurementWindow() throws IOException {
        JtlFixture jtl = new JtlFixture();
        // Warm-up (first 10 s): slow samples that must not count.
        for (int i = 0; i < 100; i++) {
            jtl.ok(T0 + i * 100, 500);
        }
        // Measurement (next 10 s): elapsed 1..100 ms, one each, spread over the window.
        for (int i = 1; i <= 100; i++) {
            jtl.ok(T0 + 10_000 + (i - 1) * 100, i);
        }
        // After the window (whose last bound, T0 + 20 000, is inclusive).
        jtl.ok(T0 + 20_001, 1_000).ok(T0 + 25_000, 1_000);

        WindowedResults results = WindowedResults.read(jtl.write(dir.resolve("direct.csv")), 10_000, 10_000);
        Statistics m = results.measurement();

        assertThat(results.window().startMillis()).isEqualTo(T0);
        assertThat(results.warmup().samples()).isEqualTo(100);
        assertThat(results.after()).isEqualTo(2);
        assertThat(m.samples()).isEqualTo(100);
        assertThat(m.minMillis()).isEqualTo(1);
        assertThat(m.maxMillis()).isEqualTo(100);
        assertThat(m.meanMillis()).isEqualTo(50.5);
        assertThat(m.stdDevMillis()).isCloseTo(Math.sqrt((100.0 * 100 - 1) / 12), within(1e-9));
        assertThat(m.p50Millis()).isEqualTo(50);
        assertThat(m.p90Millis()).isEqualTo(90);
        assertThat(m.p95Millis()).isEqualTo(95);
        assertThat(m.p99Millis()).isEqualTo(99);
        assertThat(m.throughputPerSecond()).isEqualTo(10.0);
        assertThat(m.bytesReceived()).isEqualTo(100 * 1300);
        assertThat(m.clean()).isTrue();
    }

    @Test
    void measurementStartsOnAWholeSecondAndIncludesBothBoundsAsJMetersDateRangeDoes() throws IOException {
        long start = T0 + 250; // first sample 250 ms past a whole second
        Path file = new JtlFixture()
                .ok(start, 5)
                .ok(T0 + 1_999, 7)   // past warm-up end (T0 + 1 250) but before the next whole second: warm-up
                .ok(T0 + 2_000, 11)  // first bound
                .ok(T0 + 4_000, 13)  // last bound, inclusive
                .ok(T0 + 4_001, 17)  // after
                .write(dir.resolve("aligned.csv"));

        WindowedResults results = WindowedResults.read(file, 1_000, 2_000);

        assertThat(results.window().measurementStartMillis()).isEqualTo(T0 + 2_000);
        assertThat(results.window().measurementEndMillis()).isEqualTo(T0 + 4_000);
        assertThat(results.warmup().samples()).isEqualTo(2);
        assertThat(results.measurement().samples()).isEqualTo(2);
        assertThat(results.measurement().minMillis()).isEqualTo(11);
        assertThat(results.measurement().maxMillis()).isEqualTo(13);
        assertThat(results.after()).isEqualTo(1);
    }

    @Test
    void takesTheEarliestStartAsTheRunStartEvenWhenItIsWrittenLate() throws IOException {
        // Rows come in completion order: the first sample to start is slow and written after a faster one.
        Path file = new JtlFixture().ok(T0 + 50, 10).ok(T0, 2_000).ok(T0 + 1_000, 10).write(dir.resolve("x.csv"));

        WindowedResults results = WindowedResults.read(file, 1_000, 5_000);

        assertThat(results.window().startMillis()).isEqualTo(T0);
        assertThat(results.warmup().samples()).isEqualTo(2);
        assertThat(results.measurement().samples()).isEqualTo(1);
    }

    @Test
    void countsErrorsAndIncorrectRepliesApartByTheirMessagesNotTheirResponseCodes() throws IOException {
        JtlFixture jtl = new JtlFixture();
        for (int i = 0; i < 6; i++) {
            jtl.ok(T0 + i, 5);
        }
        jtl.row(T0 + 10, 5, "200", false, "incorrect reply: reply 512 of 1024 bytes (truncated)")
                .row(T0 + 11, 5, "200", false, "incorrect reply: reply 512 of 1024 bytes (truncated)")
                .row(T0 + 12, 5, "500", false, "incorrect reply: status 500, expected 200")
                .row(T0 + 13, 30_000, "Non HTTP response code: java.net.SocketTimeoutException", false,
                        "transport error: Non HTTP response code: java.net.SocketTimeoutException")
                .row(T0 + 14, 5, "500", false, "")
                .row(T0 + 15, 5, "200", false, "price mismatch");

        WindowedResults results = WindowedResults.read(jtl.write(dir.resolve("x.csv")), 0, 60_000);
        Statistics m = results.measurement();

        assertThat(m.samples()).isEqualTo(12);
        assertThat(m.incorrect()).isEqualTo(3);
        assertThat(m.errors()).isEqualTo(3);
        assertThat(m.errorPercent()).isCloseTo(25.0, within(1e-9));
        assertThat(m.incorrectPercent()).isCloseTo(25.0, within(1e-9));
        assertThat(m.clean()).isFalse();
        assertThat(m.failureMessages()).containsEntry("incorrect reply: reply 512 of 1024 bytes (truncated)", 2L)
                .containsEntry("incorrect reply: status 500, expected 200", 1L)
                .containsEntry("500 (no message)", 1L)
                .containsEntry("price mismatch", 1L);
        assertThat(results.failureMessageColumn()).isTrue();
        assertThat(results.warnings()).isEmpty();
    }

    @Test
    void withoutTheFailureMessageColumnEveryFailedSampleIsAnErrorAndTheResultsSaySo() throws IOException {
        Path file = dir.resolve("old.csv");
        Files.writeString(file, """
                timeStamp,elapsed,label,responseCode,success
                %d,5,direct,200,true
                %d,5,direct,200,false
                %d,5,direct,503,false
                """.formatted(T0, T0 + 1, T0 + 2));

        WindowedResults results = WindowedResults.read(file, 0, 60_000);
        Statistics m = results.measurement();

        assertThat(m.errors()).as("a failed 200 is not guessed to be an incorrect reply").isEqualTo(2);
        assertThat(m.incorrect()).isZero();
        assertThat(results.failureMessageColumn()).isFalse();
        assertThat(results.warnings()).singleElement().asString()
                .contains(file.toString(), "no failureMessage column", "every failed sample counts as an error");
        assertThat(m.failureMessages())
                .containsEntry("200 (no failureMessage column in the results file: counted as an error)", 1L)
                .containsEntry("503 (no failureMessage column in the results file: counted as an error)", 1L);
    }

    @Test
    void anInterruptedRunIsMeasuredOverTheTimeItActuallyCovered() throws IOException {
        JtlFixture jtl = new JtlFixture();
        for (int i = 0; i < 50; i++) {
            jtl.ok(T0 + i * 100, 100); // 5 s of samples, window of 60 s
        }
        Statistics m = WindowedResults.read(jtl.write(dir.resolve("x.csv")), 0, 60_000).measurement();

        assertThat(m.durationMillis()).isEqualTo(5_000);
        assertThat(m.throughputPerSecond()).isEqualTo(10.0);
    }

    @Test
    void rejectsAnEmptyFileAndBadWindows() throws IOException {
        Path empty = new JtlFixture().write(dir.resolve("empty.csv"));
        assertThatThrownBy(() -> WindowedResults.read(empty, 0, 1_000)).hasMessageContaining("holds no samples");
        assertThatThrownBy(() -> new Window(T0, -1, 1_000)).hasMessageContaining("warm-up must not be negative");
        assertThatThrownBy(() -> new Window(T0, 0, 0)).hasMessageContaining("measurement must be positive");
    }

    @Test
    void aKnownLoadStartAnchorsTheWindowsInsteadOfTheEarliestSample() throws IOException {
        // JMeter's test started at T0 + 100; its first sample only 1.4 s later (set-up, first connections).
        Path file = new JtlFixture().ok(T0 + 1_500, 5).ok(T0 + 3_000, 5).ok(T0 + 12_100, 5).ok(T0 + 13_000, 5).write(dir.resolve("a.csv"));

        WindowedResults anchored = WindowedResults.read(file, 2_000, 10_000, OptionalLong.of(T0 + 100));
        WindowedResults onFirstSample = WindowedResults.read(file, 2_000, 10_000, OptionalLong.empty());

        // From the test start: measurement [T0 + 3 000, T0 + 13 000], its samples up to the very end.
        assertThat(anchored.window().measurementStartMillis()).isEqualTo(T0 + 3_000);
        assertThat(anchored.measurement().samples()).isEqualTo(3);
        assertThat(anchored.coverage().gapAtStartMillis()).isZero();
        assertThat(anchored.coverage().gapAtEndMillis()).isZero();
        assertThat(anchored.coverage().covered(1_000)).isTrue();
        // From the first sample: measurement [T0 + 4 000, T0 + 14 000], whose last second had no load.
        assertThat(onFirstSample.window().measurementStartMillis()).isEqualTo(T0 + 4_000);
        assertThat(onFirstSample.coverage().gapAtStartMillis()).isEqualTo(8_100);
        assertThat(onFirstSample.coverage().gapAtEndMillis()).isEqualTo(1_000);
    }

    @Test
    void coverageSaysHowFarFromTheWindowsBoundsItsLoadBeganAndEnded() throws IOException {
        Path file = new JtlFixture().ok(T0, 5).ok(T0 + 1_400, 5).ok(T0 + 8_800, 5).ok(T0 + 20_000, 5)
                .write(dir.resolve("c.csv"));

        WindowedResults.Coverage c = WindowedResults.read(file, new Window(T0, 1_000, 10_000)).coverage();

        assertThat(c.gapAtStartMillis()).isEqualTo(400);
        assertThat(c.gapAtEndMillis()).isEqualTo(2_200);
        assertThat(c.covered(1_000)).isFalse();
        assertThat(c.covered(2_200)).isTrue();
        // A window without samples: its whole length uncovered at both ends.
        WindowedResults.Coverage none = WindowedResults.read(file, new Window(T0, 30_000, 5_000)).coverage();
        assertThat(none.gapAtStartMillis()).isEqualTo(5_000);
        assertThat(none.gapAtEndMillis()).isEqualTo(5_000);
    }
}
