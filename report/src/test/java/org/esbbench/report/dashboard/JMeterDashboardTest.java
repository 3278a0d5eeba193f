package org.esbbench.report.dashboard;

import org.esbbench.report.samples.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JMeterDashboardTest {
    @TempDir
    Path dir;

    private JMeterDashboard dashboard() throws IOException {
        Files.createDirectories(dir.resolve("jmeter/bin"));
        Files.createFile(dir.resolve("jmeter/bin/ApacheJMeter-5.6.3.jar"));
        return new JMeterDashboard(JMeterInstallation.of(dir.resolve("jmeter")));
    }

    @Test
    void asksForTheWindowInUtcWholeSecondsWithEverySampleInThePercentiles() throws IOException {
        // 2026-01-01T00:05:00Z to 00:20:00Z
        List<String> command = dashboard().command(Path.of("/r/x.csv"), 1_767_225_900_000L, 1_767_226_800_000L,
            "direct u10, measurement", Path.of("/r/out"), Path.of("/r/out.log"), Path.of("/r/work"));

        assertThat(command).containsSubsequence("-Duser.timezone=UTC", "-jar",
                dir.resolve("jmeter/bin/ApacheJMeter-5.6.3.jar").toString(), "-g", "/r/x.csv", "-o", "/r/out", "-j", "/r/out.log")
            .contains("-Jjmeter.reportgenerator.start_date=20260101000500",
                "-Jjmeter.reportgenerator.end_date=20260101002000",
                "-Jjmeter.reportgenerator.statistic_window=-1",
                "-Jjmeter.reportgenerator.report_title=direct u10, measurement",
                "-Jsampleresult.timestamp.start=true", "-Xmx1g");
    }

    @Test
    void takesTheMeasurementWindowOfAWindowAndOtherSettings() throws IOException {
        Window window = Window.ofSeconds(1_767_225_600_250L, 300, 900);
        JMeterDashboard tuned = dashboard().withHeap("3g").withStatisticWindow(JMeterDashboard.JMETER_DEFAULT_WINDOW);

        List<String> command = tuned.command(Path.of("x.csv"), window.measurementStartMillis(),
            window.measurementEndMillis(), "t", Path.of("o"), Path.of("l"), Path.of("w"));

        // The warm-up ends at 00:05:00.250, so the window starts on the next whole second.
        assertThat(command).contains("-Xmx3g", "-Jjmeter.reportgenerator.start_date=20260101000501",
            "-Jjmeter.reportgenerator.end_date=20260101002001", "-Jjmeter.reportgenerator.statistic_window=20000");
    }

    @Test
    void refusesBoundsThatAreNotWholeSecondsOrAReversedRange() throws IOException {
        JMeterDashboard dashboard = dashboard();
        assertThatThrownBy(() -> dashboard.command(Path.of("x"), 1_500, 3_000, "t", Path.of("o"), Path.of("l"), Path.of("w")))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whole seconds");
        assertThatThrownBy(() -> dashboard.command(Path.of("x"), 3_000, 2_000, "t", Path.of("o"), Path.of("l"), Path.of("w")))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ends before it starts");
    }

    @Test
    void sizesTheHeapByTheSamplesItMustKeep() {
        assertThat(JMeterDashboard.heapFor(0)).isEqualTo("256m");
        assertThat(JMeterDashboard.heapFor(10_000_000)).isEqualTo("2163m");
    }

    @Test
    void refusesSettingsJMeterWouldMisread() throws IOException {
        JMeterDashboard dashboard = dashboard();
        assertThatThrownBy(() -> dashboard.withHeap("lots")).hasMessageContaining("512m");
        assertThatThrownBy(() -> dashboard.withStatisticWindow(0)).hasMessageContaining("-1");
        assertThatThrownBy(() -> dashboard.withTimeout(java.time.Duration.ZERO)).hasMessageContaining("positive");
    }

    @Test
    void neverReplacesAFolderThatIsNotADashboard() throws IOException {
        Path jtl = Files.writeString(dir.resolve("x.csv"), "timeStamp,elapsed\n");
        Path out = Files.createDirectories(dir.resolve("precious"));
        Files.writeString(out.resolve("notes.txt"), "keep me");

        assertThatThrownBy(() -> dashboard().generate(jtl, 1_000, 2_000, "t", out))
            .isInstanceOf(DirectoryNotEmptyException.class).hasMessageContaining("no dashboard index.html");
        assertThat(out.resolve("notes.txt")).hasContent("keep me");
    }

    @Test
    void failsClearlyWithTheLogTailWhenTheGeneratorFails() throws IOException {
        // A launcher jar that is not a jar: the child JVM starts, fails, and its own words end up in the message.
        Path jtl = Files.writeString(dir.resolve("x.csv"), "timeStamp,elapsed\n");
        Path out = dir.resolve("dash");

        assertThatThrownBy(() -> dashboard().generate(jtl, 1_000, 2_000, "t", out))
            .isInstanceOf(IOException.class)
            .hasMessageContaining("report generator failed")
            .hasMessageContaining("ApacheJMeter-5.6.3.jar");
        assertThat(out).doesNotExist();
        assertThat(dir.resolve("dash.partial")).doesNotExist();
        assertThat(dir.resolve("dash.work")).doesNotExist();
        assertThat(dir.resolve("dash.log")).exists();
    }

    @Test
    void refusesAMissingResultsFile() throws IOException {
        assertThatThrownBy(() -> dashboard().generate(dir.resolve("none.csv"), 1_000, 2_000, "t", dir.resolve("o")))
            .isInstanceOf(IOException.class).hasMessageContaining("none.csv is not a results file");
    }
}
