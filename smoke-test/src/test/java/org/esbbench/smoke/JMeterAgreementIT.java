package org.esbbench.smoke;

import org.esbbench.report.dashboard.Agreement;
import org.esbbench.report.dashboard.DashboardStatistics;
import org.esbbench.report.dashboard.JMeterDashboard;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.samples.Statistics;
import org.esbbench.report.samples.WindowedResults;
import org.esbbench.report.synthetic.SyntheticJtl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The suite's statistics of a measurement window and JMeter's own dashboard of the same window (JMeter 5.6.3's
 * report generator, as laid out by the suite, with every sample in its percentiles) count the same samples and
 * agree: counts, failures, min and max exactly, the mean to rounding, the percentiles within the HdrHistogram's
 * precision. The results file is synthetic (15 000 samples over about a minute, failures with quoted messages and
 * 30 s time-outs), so the check needs no server and takes seconds.
 */
class JMeterAgreementIT {
    private static final Path ROOT = Path.of(System.getProperty("esbbench.root", "..")).toAbsolutePath().normalize();
    /** Not on a whole second, so the measurement window's start is rounded up as Window does it. */
    private static final long RUN_START = 1_767_225_600_250L;

    @TempDir
    Path dir;

    @Test
    void jmetersDashboardOfTheMeasurementWindowAgreesWithTheSuitesStatistics() throws Exception {
        JMeterInstallation jmeter = JMeterInstallation.fromPluginConfig(ROOT.resolve("suite/target/config.json"));
        SyntheticJtl.Written written = SyntheticJtl.write(
            new SyntheticJtl.Spec(15_000, RUN_START, 60, 10, 0.01, 0.005, "direct", 11), dir.resolve("direct.csv"));

        WindowedResults ours = WindowedResults.read(written.file(), 10_000, 40_000);
        assertThat(ours.window().startMillis()).isEqualTo(written.firstStartMillis());
        assertThat(ours.window().measurementStartMillis()).isEqualTo(RUN_START - 250 + 11_000);
        assertThat(ours.warmup().samples()).as("samples before the window").isPositive();
        assertThat(ours.after()).as("samples after the window").isPositive();

        Path index = new JMeterDashboard(jmeter).withHeap("512m").withTimeout(Duration.ofMinutes(3))
            .generate(written.file(), ours.window(), "direct, synthetic, measurement window", dir.resolve("dashboard"));

        assertThat(index).isRegularFile();
        assertThat(dir.resolve("dashboard").resolve(JMeterDashboard.LOG_NAME)).isRegularFile();
        assertThat(dir.resolve("dashboard.partial")).doesNotExist();
        assertThat(dir.resolve("dashboard.work")).doesNotExist();
        Statistics suite = ours.measurement();
        DashboardStatistics jmeters = DashboardStatistics.read(dir.resolve("dashboard"));
        assertThat(suite.errors()).as("errors in the window").isPositive();
        assertThat(suite.incorrect()).as("incorrect replies in the window").isPositive();
        assertThat(jmeters.samples()).isEqualTo(suite.samples());
        assertThat(jmeters.errors()).isEqualTo(suite.errors() + suite.incorrect());
        assertThat(jmeters.minMillis()).isEqualTo(suite.minMillis());
        assertThat(jmeters.maxMillis()).isEqualTo(suite.maxMillis());
        assertThat(jmeters.meanMillis()).isCloseTo(suite.meanMillis(), within(1e-9 * suite.meanMillis()));
        assertPercentile("p90", suite.p90Millis(), jmeters.pct1Millis());
        assertPercentile("p95", suite.p95Millis(), jmeters.pct2Millis());
        assertPercentile("p99", suite.p99Millis(), jmeters.pct3Millis());
        assertThat(Agreement.all(Agreement.compare(suite, jmeters))).isTrue();
        assertThat(Files.readString(index)).contains("direct, synthetic, measurement window");
    }

    /** HdrHistogram, 3 significant digits: exact to 1 ms up to 2 048 ms, 0.1 % above; JMeter interpolates. */
    private static void assertPercentile(String name, double suite, double jmeters) {
        assertThat(suite).as(name).isCloseTo(jmeters, within(Math.max(1.0, 0.001 * jmeters)));
    }

    @Test
    void aWindowWithoutSamplesFailsClearlyAndLeavesNoHalfMadeDashboard() throws IOException {
        // JMeter 5.6.3's report generator cannot export an empty range (NullPointerException in JsonExporter).
        SyntheticJtl.Written written = SyntheticJtl.write(SyntheticJtl.Spec.of(100, RUN_START, 1, 2), dir.resolve("x.csv"));
        JMeterDashboard dashboard = new JMeterDashboard(JMeterInstallation.fromPluginConfig(
            ROOT.resolve("suite/target/config.json"))).withHeap("256m").withTimeout(Duration.ofMinutes(2));

        assertThatThrownBy(() -> dashboard.generate(written.file(), RUN_START + 59_750, RUN_START + 119_750, "empty",
                dir.resolve("empty")))
            .isInstanceOf(IOException.class)
            .hasMessageContaining("report generator failed")
            .hasMessageContaining(dir.resolve("empty.log").toString())
            .hasMessageContaining("An error occurred");
        assertThat(dir.resolve("empty")).doesNotExist();
        assertThat(dir.resolve("empty.partial")).doesNotExist();
        assertThat(dir.resolve("empty.work")).doesNotExist();
    }
}
