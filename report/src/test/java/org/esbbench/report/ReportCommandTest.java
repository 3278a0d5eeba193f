package org.esbbench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ReportCommandTest {
    @TempDir
    Path dir;

    @Test
    void writesTheSummaryAndExitsZeroForACleanRun() throws IOException {
        JtlFixture jtl = new JtlFixture();
        for (int i = 0; i < 20; i++) {
            jtl.ok(1_000_000 + i * 100, 3);
        }
        Path file = jtl.write(dir.resolve("cbr-body.csv"));

        int exit = new CommandLine(new ReportCommand()).execute("--warmup", "1", "--measurement", "1",
                "--users", "10", "--size", "1024", "--out", dir.resolve("out").toString(), file.toString());

        assertThat(exit).isZero();
        assertThat(dir.resolve("out/summary.csv")).content().contains("cbr-body,,10,1024,0,10,");
        assertThat(dir.resolve("out/summary.md")).content().contains("| cbr-body |");
    }

    @Test
    void exitsOneWhenTheMeasurementHasFailures() throws IOException {
        Path file = new JtlFixture().ok(1_000, 3).row(1_001, 3, "200", false, "byte 7 differs").write(dir.resolve("rest.csv"));
        assertThat(new CommandLine(new ReportCommand()).execute("--warmup", "0", "--measurement", "10", file.toString()))
                .isEqualTo(1);
    }

    @Test
    void aZeroMeasurementIsAUsageError() {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ReportCommand()).setErr(new PrintWriter(err))
                .execute("--warmup", "0", "--measurement", "0", "x.csv");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("--measurement more than 0");
    }
}
