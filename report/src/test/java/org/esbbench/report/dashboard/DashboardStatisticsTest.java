package org.esbbench.report.dashboard;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DashboardStatisticsTest {
    @TempDir
    Path dir;

    @Test
    void readsTheTotalRowAsJMeter563WritesIt() throws IOException {
        // Shape and number formatting of a statistics.json made by JMeter 5.6.3's report generator.
        Files.writeString(dir.resolve("statistics.json"), """
            {
              "Total" : {
                "transaction" : "Total",
                "sampleCount" : 1371523,
                "errorCount" : 4126,
                "errorPct" : 0.30083346,
                "meanResTime" : 32.31778395258656,
                "medianResTime" : 23.0,
                "minResTime" : 0.0,
                "maxResTime" : 30002.0,
                "pct1ResTime" : 46.0,
                "pct2ResTime" : 55.0,
                "pct3ResTime" : 111.9900000000016,
                "throughput" : 1478.6767924410317,
                "receivedKBytesPerSec" : 1628.4201313223423,
                "sentKBytesPerSec" : 1865.5976302991319
              },
              "direct" : {
                "transaction" : "direct",
                "sampleCount" : 1371523
              }
            }""");

        DashboardStatistics total = DashboardStatistics.read(dir);

        assertThat(total).isEqualTo(new DashboardStatistics(1_371_523, 4_126, 32.31778395258656, 23.0, 0.0, 30_002.0,
            46.0, 55.0, 111.9900000000016, 1478.6767924410317));
    }

    @Test
    void saysWhatIsMissing() throws IOException {
        assertThatThrownBy(() -> DashboardStatistics.read(dir))
            .isInstanceOf(IOException.class).hasMessageContaining("no statistics.json");
        Files.writeString(dir.resolve("statistics.json"), "{\"direct\": {}}");
        assertThatThrownBy(() -> DashboardStatistics.read(dir)).hasMessageContaining("no \"Total\" entry");
        Files.writeString(dir.resolve("statistics.json"), "{\"Total\": {\"sampleCount\": 1.5}}");
        assertThatThrownBy(() -> DashboardStatistics.read(dir)).hasMessageContaining("Total.sampleCount");
    }
}
