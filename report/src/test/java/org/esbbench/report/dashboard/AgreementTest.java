package org.esbbench.report.dashboard;

import org.esbbench.report.samples.Statistics;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class AgreementTest {
    private static Statistics ours(long p90, long p99, double mean) {
        return new Statistics(10_000, 20, 10, 60_000, mean, 3.0, 1, 30_002, 23, p90, 56, p99, 0, 0, 10, Map.of());
    }

    private static DashboardStatistics jmeter(double p90, double p99, double mean) {
        return new DashboardStatistics(10_000, 30, mean, 23, 1, 30_002, p90, 56, p99, 166.7);
    }

    @Test
    void agreesWhenCountsAreEqualAndPercentilesWithinTheHistogramsPrecision() {
        // JMeter interpolates (45.4); the histogram gives the recorded value (45). At 5 000 ms, 0.1 % is 5 ms.
        List<Agreement.Figure> figures = Agreement.compare(ours(45, 5_004, 32.317783952586), jmeter(45.4, 5_000.0, 32.317783952586));

        assertThat(figures).extracting(Agreement.Figure::name)
            .containsExactly("samples", "failed", "min ms", "max ms", "mean ms", "p90 ms", "p95 ms", "p99 ms");
        assertThat(Agreement.all(figures)).as(figures.toString()).isTrue();
    }

    @Test
    void disagreesOnAPercentileOutsideThePrecisionOrADifferentMean() {
        List<Agreement.Figure> figures = Agreement.compare(ours(48, 112, 32.3178), jmeter(45.9, 112, 32.3179));

        assertThat(figures).filteredOn(f -> !f.agrees()).extracting(Agreement.Figure::name)
            .containsExactly("mean ms", "p90 ms");
        assertThat(Agreement.all(figures)).isFalse();
        assertThat(figures.get(5).toString()).contains("p90 ms").contains("NO");
    }

    @Test
    void countsErrorsAndIncorrectRepliesTogetherAsJMetersFailures() {
        Statistics fewer = new Statistics(10_000, 20, 9, 60_000, 32.0, 3.0, 1, 30_002, 23, 45, 56, 112, 0, 0, 10, Map.of());

        assertThat(Agreement.compare(fewer, jmeter(45, 112, 32.0)).get(1).agrees()).isFalse();
    }
}
