package org.esbbench.report.samples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JtlReaderTest {
    @TempDir
    Path dir;

    @Test
    void readsEveryFieldByHeaderName() throws IOException {
        Path file = new JtlFixture().ok(1_700_000_000_000L, 12).write(dir.resolve("direct.csv"));
        List<Sample> samples = new ArrayList<>();

        assertThat(JtlReader.read(file, samples::add)).isEqualTo(1);

        Sample sample = samples.get(0);
        assertThat(sample.startMillis()).isEqualTo(1_700_000_000_000L);
        assertThat(sample.elapsedMillis()).isEqualTo(12);
        assertThat(sample.label()).isEqualTo("direct");
        assertThat(sample.success()).isTrue();
        assertThat(sample.bytesReceived()).isEqualTo(1300);
        assertThat(sample.bytesSent()).isEqualTo(1200);
        assertThat(sample.allThreads()).isEqualTo(10);
        assertThat(sample.latencyMillis()).isEqualTo(12);
        assertThat(sample.connectMillis()).isEqualTo(1);
        assertThat(sample.outcome()).isEqualTo(Sample.Outcome.OK);
    }

    @Test
    void readsQuotedFailureMessagesWithCommasQuotesAndLineBreaks() throws IOException {
        String message = "incorrect reply: reply 16384 of 102400 bytes, \"truncated\"\nsecond line";
        Path file = new JtlFixture().row(1000, 5, "200", false, message).ok(1001, 6).write(dir.resolve("x.csv"));
        List<Sample> samples = new ArrayList<>();

        JtlReader.read(file, samples::add);

        assertThat(samples).hasSize(2);
        assertThat(samples.get(0).failureMessage()).isEqualTo(message);
        assertThat(samples.get(0).outcome()).isEqualTo(Sample.Outcome.INCORRECT);
        assertThat(samples.get(1).startMillis()).isEqualTo(1001);
    }

    @Test
    void toleratesAnotherColumnOrderAndMissingOptionalColumns() throws IOException {
        String jtl = "success,label,elapsed,timeStamp,responseCode\nfalse,rest,7,123,Non HTTP response code: java.net.ConnectException\n";
        List<Sample> samples = new ArrayList<>();

        JtlReader.read(new StringReader(jtl), "inline", samples::add);

        assertThat(samples).singleElement().satisfies(s -> {
            assertThat(s.startMillis()).isEqualTo(123);
            assertThat(s.elapsedMillis()).isEqualTo(7);
            assertThat(s.bytesReceived()).isZero();
            assertThat(s.outcome()).isEqualTo(Sample.Outcome.ERROR);
        });
    }

    @Test
    void tellsWhetherTheFileHasTheFailureMessageColumn() throws IOException {
        Path with = new JtlFixture().ok(1000, 5).write(dir.resolve("with.csv"));
        Path without = dir.resolve("without.csv");
        java.nio.file.Files.writeString(without, "timeStamp,elapsed,label,responseCode,success\n1,2,direct,200,true\n");
        Path spaced = dir.resolve("spaced.csv");
        java.nio.file.Files.writeString(spaced, "timeStamp, elapsed ,label,responseCode,success, FailureMessage \n");
        Path empty = dir.resolve("empty.csv");
        java.nio.file.Files.writeString(empty, "");

        assertThat(JtlReader.hasFailureMessageColumn(with)).isTrue();
        assertThat(JtlReader.hasFailureMessageColumn(without)).isFalse();
        assertThat(JtlReader.hasFailureMessageColumn(spaced)).as("named as the reader matches names").isTrue();
        assertThat(JtlReader.hasFailureMessageColumn(empty)).as("nothing to miss").isTrue();
        assertThat(JtlReader.noFailureMessageColumn(without)).contains(without.toString(), "no failureMessage column",
                "every failed sample counts as an error", "assertion_results_failure_message=true");
    }

    @Test
    void namesAMissingRequiredColumn() {
        assertThatThrownBy(() -> JtlReader.read(new StringReader("timeStamp,label\n1,x\n"), "bad.csv", s -> { }))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("bad.csv").hasMessageContaining("'elapsed' is missing");
    }

    @Test
    void explainsATimestampThatIsNotEpochMillis() {
        String jtl = JtlFixture.HEADER + "\n2026/11/22 10:00:00,5,direct,200,OK,t,text,true,,1,1,1,1,u,5,0,1\n";
        assertThatThrownBy(() -> JtlReader.read(new StringReader(jtl), "dated.csv", s -> { }))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("dated.csv line 2").hasMessageContaining("timestamp_format=ms");
    }
}
