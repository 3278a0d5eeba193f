package org.esbbench.report.chart;

import org.esbbench.report.samples.Window;
import org.esbbench.report.usage.HostSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class HostChartTest {
    @TempDir
    Path dir;

    @Test
    void drawsHostCpuAndMemoryOverTheScenarioRun() throws Exception {
        HostSeries series = HostSeries.read(List.of(
                Path.of(getClass().getResource("/perfmon/perfmon-recorded.csv").toURI())));
        Window window = new Window(1795443018000L, 2000, 3000);

        List<Path> files = HostChart.write("Server host: direct_u2_s1024_d0_r1", series, window, dir.resolve("h-host.png"));

        assertThat(files).containsExactly(dir.resolve("h-host.png"), dir.resolve("h-host.svg"));
        RenderedChart.assertPng(files.get(0), ChartStyle.lineColour(0), ChartStyle.lineColour(1));
        assertThat(RenderedChart.svgTexts(files.get(1))).contains("Server host: direct_u2_s1024_d0_r1",
                "host CPU %", "host memory in use %", "PerfMon agent on 127.0.0.1; shaded: the measurement window");
    }

    @Test
    void noReadingsNoChart() throws Exception {
        assertThat(HostChart.write("x", HostSeries.read(List.of(dir.resolve("none.csv"))), new Window(0, 1, 1),
                dir.resolve("x.png"))).isEmpty();
        assertThat(dir.resolve("x.png")).doesNotExist();
    }
}
