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

/** The server's heap as a dimension of a point: key, order, labels, and the CSV files written and read back. */
class PointHeapTest {
    private static final Point DIRECT = new Point("direct", 10, 1024, 0);

    @TempDir
    Path dir;

    @Test
    void aPointWithoutAHeapKeepsTheKeyAndFileNamesOfBefore() {
        assertThat(DIRECT.heap()).isEmpty();
        assertThat(DIRECT.key()).isEqualTo("direct_u10_s1024_d0");
        assertThat(RunLayout.scenarioRunName(DIRECT, 1)).isEqualTo("direct_u10_s1024_d0_r1");
        assertThat(DIRECT.seriesLabel()).isEqualTo("1 KiB");
        assertThat(new Point("direct", 10, 0, 1024, 0)).isEqualTo(DIRECT);
    }

    @Test
    void aPointWithAHeapHasItInItsKeyItsSeriesAndItsIdentity() {
        Point small = DIRECT.withHeap("256m");
        Point open = Point.open("rest", 50, 1024, 500).withHeap("1G");
        assertThat(small.key()).isEqualTo("direct_u10_s1024_d0_h256m");
        assertThat(RunLayout.scenarioRunName(small, 2)).isEqualTo("direct_u10_s1024_d0_h256m_r2");
        assertThat(open.heap()).as("as -Xmx takes it, lower case").isEqualTo("1g");
        assertThat(open.key()).isEqualTo("rest_r50_s1024_d500_h1g");
        assertThat(small.seriesLabel()).isEqualTo("1 KiB, heap 256m");
        assertThat(open.seriesLabel()).isEqualTo("1 KiB, delay 500 ms, heap 1g, open model (arrivals/s)");
        assertThat(small).isNotEqualTo(DIRECT).isNotEqualTo(DIRECT.withHeap("512m")).isEqualTo(DIRECT.withHeap("256m"));
        assertThatThrownBy(() -> DIRECT.withHeap("lots")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pointsOrderByHeapSizeNotByItsText() {
        List<Point> points = new ArrayList<>(List.of(DIRECT.withHeap("2g"), DIRECT.withHeap("512m"),
                DIRECT.withHeap("1024m").withHeap("1g"), DIRECT.withHeap("64m")));
        points.sort(null);
        assertThat(points).extracting(Point::heap).containsExactly("64m", "512m", "1g", "2g");
        assertThat(Point.heapBytes("512m")).isEqualTo(512L << 20);
        assertThat(Point.heapBytes("")).isZero();
    }

    @Test
    void pointsCsvHasTheHeapColumnAndReadsItBack() throws IOException {
        Path file = dir.resolve("points.csv");
        List<RepeatRow> rows = List.of(PointSummaryTest.row(DIRECT.withHeap("256m"), 1, 500, 12, 100.0, ""),
                PointSummaryTest.row(DIRECT.withHeap("512m"), 1, 600, 10, 90.0, ""),
                PointSummaryTest.row(DIRECT, 1, 550, 11, 95.0, ""));
        PointsCsv.write(rows, file);

        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).startsWith("scenario,users,rate,size_bytes,delay_ms,heap,server_cores,repeat,");
        assertThat(lines.get(1)).startsWith("direct,10,0,1024,0,256m,,1,");
        assertThat(lines.get(3)).as("not varied: empty").startsWith("direct,10,0,1024,0,,,1,");
        assertThat(PointsCsv.read(file)).extracting(RepeatRow::point)
                .containsExactly(DIRECT.withHeap("256m"), DIRECT.withHeap("512m"), DIRECT);
    }

    @Test
    void aPointsCsvWrittenBeforeHeapListsReadsWithoutAHeap() throws IOException {
        Path file = dir.resolve("points.csv");
        Files.writeString(file, "scenario,users,rate,size_bytes,delay_ms,repeat,samples\ndirect,10,0,1024,0,1,3000\n");
        assertThat(PointsCsv.read(file)).extracting(RepeatRow::point).containsExactly(DIRECT);
    }

    @Test
    void summariesKeepTheHeapsApart() {
        List<PointSummary> s = PointSummary.summarise(List.of(
                PointSummaryTest.row(DIRECT.withHeap("512m"), 1, 600, 10, 90.0, ""),
                PointSummaryTest.row(DIRECT.withHeap("256m"), 1, 500, 12, 100.0, ""),
                PointSummaryTest.row(DIRECT.withHeap("256m"), 2, 520, 13, 100.0, "")));
        assertThat(s).extracting(p -> p.point().heap()).containsExactly("256m", "512m");
        assertThat(s).extracting(PointSummary::repeatCount).containsExactly(2, 1);
    }
}
