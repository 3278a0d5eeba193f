package org.esbbench.maven.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

/** What a point starts the server with, as the key whose change is a restart and which names the GC log. */
class ServerSettingTest {
    private static final Point DIRECT = new Point("direct", 4, 1024, 0);

    @Test
    void theKeyIsTheHeapAndTheCountOfServerCoresWhenVaried() {
        assertThat(TargetRestarts.serverSetting(DIRECT)).isEmpty();
        assertThat(TargetRestarts.serverSetting(DIRECT.withHeap("512m"))).isEqualTo("512m");
        assertThat(TargetRestarts.serverSetting(DIRECT.withServerCores(2))).isEqualTo("c2");
        assertThat(TargetRestarts.serverSetting(DIRECT.withHeap("512m").withServerCores(2))).isEqualTo("512m-c2");
        RunLayout layout = new RunLayout(Path.of("run"));
        assertThat(layout.serverGcLog(TargetRestarts.serverSetting(DIRECT.withServerCores(1)), 1).getFileName())
                .hasToString("server-gc-c1.log");
        assertThat(layout.serverGcLog(TargetRestarts.serverSetting(DIRECT), 1).getFileName()).hasToString("server-gc.log");
    }
}
