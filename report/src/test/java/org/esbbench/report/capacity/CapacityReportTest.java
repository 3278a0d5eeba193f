package org.esbbench.report.capacity;

import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class CapacityReportTest {
    @TempDir
    Path dir;

    @Test
    void aRunWithoutCapacityCsvHasNoSection() throws Exception {
        assertThat(CapacityReport.write(new RunLayout(dir.resolve("run")))).isEmpty();
    }

    @Test
    void aRowPerSearchWithItsChartThenItsProbesWithoutTheWarmUp() throws Exception {
        RunLayout layout = new RunLayout(dir.resolve("run"));
        CapacityFiles.writeFound(layout);

        String md = CapacityReport.write(layout).orElseThrow();

        assertThat(md).startsWith("## Capacity\n\nUnder the objective `p99<=20ms` (p99<=20ms, errors<=0% (implied),"
                        + " incorrect<=0% (implied)).\n\n"
                        + "| scenario | size | delay | capacity | bracket | bounded by | probes | search time |"
                        + " confirmation | chart |\n"
                        + "| --- | ---: | ---: | --- | ---: | --- | ---: | ---: | --- | --- |\n")
                .contains("| direct | 1 KiB | 0 ms | 1,840/s, bracket [1,840, 1,880) | 2.2 % | server cores | 9 |"
                        + " 5 min 13 s | held | [chart](capacity/direct_s1024_d0.svg) |")
                .contains(CapacityReport.EXPLANATION)
                .contains("### direct_s1024_d0: probes\n\n| # | phase | rate/s | offered/s | achieved/s | p50 ms |"
                        + " p99 ms | p99.9 ms | error % | server CPU % | verdict | marginal |\n")
                .contains("| 1 | start | 1,000 | 1,000.0 | 999.0 | 0.400 | 4.000 | 8.000 | 0.000 | 50.0 | pass | – |",
                        "| 2 | exponential | 2,000 | 2,000.0 | 1,860.0 | 4.500 | 45.000 | 90.000 | 0.000 | 99.0 |"
                                + " **fail** | – |",
                        "| 6 | repeat | 1,880 | ", "| **fail** | yes |",
                        "| 9 | confirmation | 1,840 | ")
                .doesNotContain("| 0 | warmup", "| 900 |");
        assertThat(layout.capacity().resolve("direct_s1024_d0.svg")).isNotEmptyFile();
    }

    @Test
    void theHeapAndCoresAreColumnsWhenTheSearchesVaryThemAndAFailedConfirmationSaysWhy() throws Exception {
        RunLayout layout = new RunLayout(dir.resolve("run"));
        Path file = layout.capacity().resolve(SearchRow.FILE);
        CapacityFiles.search("direct_s1024_d0_h512m_c2", new Point("direct", 0, 900, 1024, 0, "512m", 2),
                "generator-limit", 900, 0, "failed", "c1", "p99 25 ms > 20 ms").append(file);
        CapacityFiles.search("direct_s1024_d0_h1g_c4", new Point("direct", 0, 1, 1024, 0, "1g", 4), "below-min", 0, 1,
                "none", "", "").append(file);

        String md = CapacityReport.write(layout).orElseThrow();

        assertThat(md).contains("| scenario | size | delay | heap | server cores | capacity |",
                "| direct | 1 KiB | 0 ms | 512m | 2 | capacity ≥ 900/s, the generator's limit | – | server cores | 9 |"
                        + " 5 min 13 s | **failed**: p99 25 ms > 20 ms | – |",
                "| direct | 1 KiB | 0 ms | 1g | 4 | below 1/s: even the lowest rate failed | – | server cores | 9 |"
                        + " 5 min 13 s | none | – |")
                .doesNotContain("### ");
    }

    @Test
    void durationsInMinutesAndSeconds() {
        assertThat(CapacityReport.duration(312.5)).isEqualTo("5 min 13 s");
        assertThat(CapacityReport.duration(42)).isEqualTo("42 s");
        assertThat(CapacityReport.duration(Double.NaN)).isEmpty();
    }
}
