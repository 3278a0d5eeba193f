package org.esbbench.report.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.esbbench.report.dashboard.JMeterDashboard;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;
import org.esbbench.report.synthetic.SyntheticJtl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario run whose dashboard would need more heap than the dashboards may get has none: the analysis says why
 * among its warnings (the summary's), computes every figure as usual, and never starts JMeter for it.
 */
class DashboardHeapLimitTest {
    @TempDir
    Path dir;

    @Test
    void aWindowOverTheHeapLimitGetsNoDashboardAndAWarningSayingWhy() throws Exception {
        // a JMeter home whose launcher is an empty file: starting it would fail the dashboard, not skip it
        Files.createDirectories(dir.resolve("jmeter/bin"));
        Files.createFile(dir.resolve("jmeter/bin/ApacheJMeter-5.6.3.jar"));
        Path jtl = dir.resolve("direct.csv");
        SyntheticJtl.write(new SyntheticJtl.Spec(20_000, 1_767_225_600_000L, 60, 10, 0, 0, "direct", 1), jtl);
        RunLayout layout = new RunLayout(dir.resolve("run"));
        List<String> log = new ArrayList<>();
        long limit = JMeterDashboard.FIXED_HEAP_MB; // below what any window needs
        ScenarioRunAnalyser analyser = new ScenarioRunAnalyser(layout, Figures.standard(),
                Optional.of(JMeterInstallation.of(dir.resolve("jmeter"))), log::add).withDashboardHeapLimit(limit);

        ScenarioRunAnalyser.Outcome outcome = analyser.analyse(new Point("direct", 10, 1024, 0), 1, jtl, 10_000, 30_000,
                WindowUsageSource.NONE);

        assertThat(outcome.failures()).isEmpty();
        assertThat(outcome.row()).isPresent();
        assertThat(outcome.row().get().dashboard()).isEmpty();
        assertThat(outcome.warnings()).anySatisfy(w -> assertThat(w)
                .contains("no JMeter dashboard").contains("20000 samples")
                .contains(JMeterDashboard.heapMbFor(20_000) + " MB").contains(limit + " MB").contains("-DdashboardHeap"));
        assertThat(layout.dashboard("direct_u10_s1024_d0_r1")).doesNotExist();
        assertThat(log).anyMatch(l -> l.startsWith("WARNING: ") && l.contains("no JMeter dashboard"));
    }

    @Test
    void theHeapRuleIsTheFixedPartPlusTheMeasuredBytesPerSample() {
        assertThat(JMeterDashboard.heapMbFor(0)).isEqualTo(JMeterDashboard.FIXED_HEAP_MB);
        assertThat(JMeterDashboard.heapMbFor(4L * 1024 * 1024))
                .isEqualTo(JMeterDashboard.FIXED_HEAP_MB + 4 * JMeterDashboard.BYTES_PER_SAMPLE);
        assertThat(JMeterDashboard.heapFor(0)).isEqualTo(JMeterDashboard.FIXED_HEAP_MB + "m");
    }
}
