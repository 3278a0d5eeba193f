package org.esbbench.report.points;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The count of the server's cores as a dimension of a point: key, order, labels, and points.csv written and read. */
class PointServerCoresTest {
    private static final Point DIRECT = new Point("direct", 4, 1024, 0);

    @TempDir
    Path dir;

    @Test
    void aPointAtACountOfServerCoresHasItInItsKeyItsSeriesAndItsIdentity() {
        Point one = DIRECT.withServerCores(1);
        Point two = DIRECT.withHeap("1g").withServerCores(2);
        assertThat(DIRECT.serverCores()).as("not varied").isZero();
        assertThat(one.key()).isEqualTo("direct_u4_s1024_d0_c1");
        assertThat(RunLayout.scenarioRunName(two, 3)).isEqualTo("direct_u4_s1024_d0_h1g_c2_r3");
        assertThat(one.seriesLabel()).isEqualTo("1 KiB, 1 server core");
        assertThat(two.seriesLabel()).isEqualTo("1 KiB, heap 1g, 2 server cores");
        assertThat(two.serverLabel()).isEqualTo("1g · 2 server cores");
        assertThat(one).isNotEqualTo(DIRECT).isNotEqualTo(DIRECT.withServerCores(2)).isEqualTo(DIRECT.withServerCores(1));
        assertThat(two.withHeap("2g").serverCores()).as("a new heap keeps the count").isEqualTo(2);
        assertThatThrownBy(() -> DIRECT.withServerCores(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pointsOrderByHeapThenCount() {
        List<Point> points = new ArrayList<>(List.of(DIRECT.withHeap("1g").withServerCores(1),
                DIRECT.withHeap("512m").withServerCores(4), DIRECT.withHeap("512m").withServerCores(2)));
        points.sort(null);
        assertThat(points).extracting(Point::key).containsExactly("direct_u4_s1024_d0_h512m_c2",
                "direct_u4_s1024_d0_h512m_c4", "direct_u4_s1024_d0_h1g_c1");
    }

    @Test
    void pointsCsvHasTheServerCoresColumnAndReadsItBack() throws IOException {
        Path file = dir.resolve("points.csv");
        PointsCsv.write(List.of(PointSummaryTest.row(DIRECT.withServerCores(1), 1, 500, 12, 100.0, ""),
                PointSummaryTest.row(DIRECT.withServerCores(2), 1, 900, 10, 90.0, "")), file);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).startsWith("scenario,users,rate,size_bytes,delay_ms,heap,server_cores,repeat,");
        assertThat(lines.get(1)).startsWith("direct,4,0,1024,0,,1,1,");
        assertThat(PointsCsv.read(file)).extracting(RepeatRow::point)
                .containsExactly(DIRECT.withServerCores(1), DIRECT.withServerCores(2));
        assertThat(PointSummary.summarise(PointsCsv.read(file))).as("one summary row per count")
                .extracting(s -> s.point().serverCores()).containsExactly(1, 2);
    }
}
