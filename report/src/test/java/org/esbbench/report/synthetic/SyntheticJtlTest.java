package org.esbbench.report.synthetic;

import org.esbbench.report.samples.JtlReader;
import org.esbbench.report.samples.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SyntheticJtlTest {
    private static final long START = 1_767_225_600_000L;

    @TempDir
    Path dir;

    @Test
    void writesTheSuitesColumnsWithRowsInCompletionOrder() throws IOException {
        SyntheticJtl.Written written = SyntheticJtl.write(SyntheticJtl.Spec.of(20_000, START, 60, 10), dir.resolve("s.csv"));
        List<Sample> samples = new ArrayList<>();

        long rows = JtlReader.read(written.file(), samples::add);

        assertThat(Files.readAllLines(written.file()).get(0)).isEqualTo(String.join(",", SyntheticJtl.HEADER));
        assertThat(rows).isEqualTo(20_000).isEqualTo(written.samples());
        assertThat(samples).extracting(Sample::endMillis).isSorted();
        assertThat(samples.stream().mapToLong(Sample::startMillis).min()).hasValue(written.firstStartMillis());
        assertThat(samples.stream().mapToLong(Sample::startMillis).max()).hasValue(written.lastStartMillis());
        assertThat(samples.stream().mapToLong(Sample::endMillis).max()).hasValue(written.lastEndMillis());
        assertThat(samples.stream().filter(s -> !s.success()).count()).isEqualTo(written.failed());
        assertThat(samples).allSatisfy(s -> assertThat(s.label()).isEqualTo("direct"));
        assertThat(samples.get(samples.size() - 1).allThreads()).isEqualTo(10);
    }

    @Test
    void spansAboutTheAskedDurationWithRealisticTimesAndEveryKindOfFailure() throws IOException {
        SyntheticJtl.Spec spec = new SyntheticJtl.Spec(50_000, START, 100, 20, 0.01, 0.005, "cbr", 7);
        SyntheticJtl.write(spec, dir.resolve("s.csv"));
        List<Sample> samples = new ArrayList<>();
        JtlReader.read(dir.resolve("s.csv"), samples::add);

        long span = samples.stream().mapToLong(Sample::endMillis).max().orElseThrow() - START;
        assertThat(span / 1000.0).isCloseTo(100, within(35.0));
        long[] elapsed = samples.stream().filter(Sample::success).mapToLong(Sample::elapsedMillis).sorted().toArray();
        long median = elapsed[elapsed.length / 2];
        long p99 = elapsed[elapsed.length * 99 / 100];
        assertThat(p99).as("a tail well above the median").isGreaterThan(3 * median);
        assertThat(samples).extracting(Sample::outcome)
            .contains(Sample.Outcome.OK, Sample.Outcome.ERROR, Sample.Outcome.INCORRECT);
        double errors = samples.stream().filter(s -> s.outcome() == Sample.Outcome.ERROR).count() / 50_000.0;
        double incorrect = samples.stream().filter(s -> s.outcome() == Sample.Outcome.INCORRECT).count() / 50_000.0;
        assertThat(errors).isCloseTo(0.01, within(0.003));
        assertThat(incorrect).isCloseTo(0.005, within(0.002));
        assertThat(samples).filteredOn(s -> s.outcome() == Sample.Outcome.INCORRECT)
            .as("incorrect replies carry the reply assertion's message, with a 2xx code")
            .allSatisfy(s -> {
                assertThat(s.failureMessage()).startsWith("incorrect reply: ");
                assertThat(s.responseCode()).isEqualTo("200");
            });
        assertThat(samples).filteredOn(s -> s.outcome() == Sample.Outcome.ERROR)
            .as("errors carry a transport error's message").allSatisfy(s ->
                assertThat(s.failureMessage()).startsWith("transport error: "));
        assertThat(samples).filteredOn(s -> s.outcome() == Sample.Outcome.ERROR)
            .extracting(Sample::responseCode).contains("503", "Non HTTP response code: java.net.ConnectException",
                "Non HTTP response code: java.net.SocketTimeoutException");
        assertThat(samples).filteredOn(s -> s.failureMessage().contains(",") && s.failureMessage().contains("\""))
            .as("messages that need CSV quoting").isNotEmpty();
        assertThat(samples).filteredOn(s -> s.elapsedMillis() >= 30_000).as("read time-outs").isNotEmpty();
    }

    @Test
    void theSameSpecGivesTheSameFileAndAnotherSeedAnother() throws IOException {
        SyntheticJtl.Spec spec = SyntheticJtl.Spec.of(5_000, START, 10, 5);
        SyntheticJtl.write(spec, dir.resolve("a.csv"));
        SyntheticJtl.write(spec, dir.resolve("b.csv"));
        SyntheticJtl.write(new SyntheticJtl.Spec(5_000, START, 10, 5, 0.002, 0.001, "direct", 43), dir.resolve("c.csv"));

        assertThat(Files.mismatch(dir.resolve("a.csv"), dir.resolve("b.csv"))).isEqualTo(-1);
        assertThat(Files.mismatch(dir.resolve("a.csv"), dir.resolve("c.csv"))).isNotEqualTo(-1);
    }

    @Test
    void refusesSpecsThatMakeNoSense() {
        assertThatThrownBy(() -> SyntheticJtl.Spec.of(0, START, 10, 5)).hasMessageContaining("samples");
        assertThatThrownBy(() -> SyntheticJtl.Spec.of(10, START, 10, 0)).hasMessageContaining("users");
        assertThatThrownBy(() -> SyntheticJtl.Spec.of(10, START, 0, 5)).hasMessageContaining("duration");
        assertThatThrownBy(() -> new SyntheticJtl.Spec(10, START, 10, 5, 0.8, 0.3, "x", 1)).hasMessageContaining("rates");
    }
}
