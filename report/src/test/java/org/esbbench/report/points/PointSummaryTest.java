package org.esbbench.report.points;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class PointSummaryTest {
    private static final Point DIRECT_10 = new Point("direct", 10, 1024, 0);
    private static final Point DIRECT_50 = new Point("direct", 50, 1024, 0);

    @TempDir
    Path dir;

    static RepeatRow row(Point p, int repeat, double throughput, long p99, Double cpu, String flags) {
        return new RepeatRow(p, repeat, 1000, 0, 0, throughput, 5.0, 1.0, 1, 90, 4, 8, 9, p99, cpu, 40.0, 99.5,
                120.0, 20.0, 5.0, 70.0, flags, "dashboards/" + p.key() + "_r" + repeat + "/index.html");
    }

    @Test
    void medianAndSpreadOverRepeatsPerPointInPointOrder() {
        List<PointSummary> s = PointSummary.summarise(List.of(
                row(DIRECT_50, 1, 900, 30, null, ""),
                row(DIRECT_10, 1, 500, 12, 100.0, ""),
                row(DIRECT_10, 2, 520, 15, 110.0, "generator-saturated: 95% busy"),
                row(DIRECT_10, 3, 470, 11, null, "generator-saturated: 97% busy; machine-busy: 30%")));

        assertThat(s).extracting(PointSummary::point).containsExactly(DIRECT_10, DIRECT_50);
        PointSummary ten = s.get(0);
        assertThat(ten.repeatCount()).isEqualTo(3);
        assertThat(ten.throughputPerSecond()).isEqualTo(new Spread(500, 470, 520, 3));
        assertThat(ten.p99Ms().median()).isEqualTo(12);
        assertThat(ten.cpuMicrosPerMessage().median()).isCloseTo(105, within(1e-9)); // nulls left out: median of 2
        assertThat(ten.samples()).isEqualTo(3000);
        assertThat(ten.flags()).containsExactly("generator-saturated in 2 of 3 repeats", "machine-busy in 1 of 3 repeats");
        assertThat(s.get(1).cpuMicrosPerMessage()).isNull();
    }

    @Test
    void spreadOverlapTellsWhetherTwoRunsDifferBeyondTheirOwnSpread() {
        assertThat(Spread.of(100, 110, 105).overlaps(Spread.of(108, 120))).isTrue();
        assertThat(Spread.of(100, 110, 105).overlaps(Spread.of(111, 120))).isFalse();
        assertThat(Spread.of(100, 110).relativeSpreadPercent()).isCloseTo(100.0 * 10 / 105, within(1e-9));
    }

    @Test
    void pointsCsvRoundTripsEveryFigureIncludingUnknownOnes() throws IOException {
        List<RepeatRow> rows = List.of(row(DIRECT_10, 1, 500.125, 12, null, "a: b; c: d"), row(DIRECT_50, 2, 900, 30, 95.5, ""));
        Path file = dir.resolve(PointsCsv.FILE_NAME);

        PointsCsv.write(rows, file);

        assertThat(PointsCsv.read(file)).isEqualTo(rows);
    }
}
