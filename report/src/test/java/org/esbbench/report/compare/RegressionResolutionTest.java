package org.esbbench.report.compare;

import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.RowBuilder;
import org.esbbench.report.samples.LatencyTiming;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.report.figures.StandardFigures.P99;
import static org.esbbench.report.figures.StandardFigures.THROUGHPUT;

/** A response time's resolution in the regression check: 1 ms unless both runs timed it in microseconds. */
class RegressionResolutionTest {
    private static final Point DIRECT = new Point("direct", 10, 1024, 0);

    private static PointSummary point(LatencyTiming timing, double p99) {
        return PointSummary.of(DIRECT, List.of(RowBuilder.row(DIRECT, 1).counts(1000, 0, 0).set(P99, p99)
                .set(THROUGHPUT, 1000.0).timing(timing).build()));
    }

    @Test
    void microsecondsOnBothSidesResolveAMicrosecondElseAMillisecond() {
        PointSummary us = point(LatencyTiming.MICROSECONDS, 0.2);
        PointSummary ms = point(LatencyTiming.WHOLE_MILLISECONDS, 1);
        PointSummary old = point(null, 1);

        assertThat(RegressionCheck.resolution(P99, us, point(LatencyTiming.MICROSECONDS, 0.3))).isEqualTo(0.001);
        assertThat(RegressionCheck.resolution(P99, us, ms)).isEqualTo(1.0);
        assertThat(RegressionCheck.resolution(P99, old, us)).isEqualTo(1.0);
        assertThat(RegressionCheck.resolution(THROUGHPUT, ms, ms)).isEqualTo(0.01);
    }

    @Test
    void aSubMillisecondP99ThatGrewHalfFailsWhereAWholeMillisecondStepPasses() {
        RegressionCheck check = new RegressionCheck(10, 20);
        ComparedRun baseUs = run("base", point(LatencyTiming.MICROSECONDS, 0.2));
        ComparedRun candUs = run("cand", point(LatencyTiming.MICROSECONDS, 0.3));
        ComparedRun baseMs = run("base", point(LatencyTiming.WHOLE_MILLISECONDS, 2));
        ComparedRun candMs = run("cand", point(LatencyTiming.WHOLE_MILLISECONDS, 3));

        assertThat(check.check(baseUs, candUs).failureMessages()).singleElement().asString()
                .contains("p99 grew 50.0% (0.200 ms -> 0.300 ms)");
        assertThat(check.check(baseMs, candMs).passed()).isTrue();
    }

    private static ComparedRun run(String id, PointSummary point) {
        return new ComparedRun(id, id, "", java.nio.file.Path.of(id), java.util.Map.of(point.point(), point));
    }
}
