package org.esbbench.report.round;

import org.esbbench.report.points.Point;
import org.esbbench.report.points.Spread;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The stability rule at its edges: more than 10 % is unstable, 10 % is not; only server-bound points are judged. */
class StabilityCheckTest {

    private static RoundCell cell(Spread throughput, Map<String, Integer> flags) {
        return new RoundCell(new Point("direct", 10, 1024, 0), "synapse", throughput.n(),
                java.util.stream.IntStream.rangeClosed(1, throughput.n()).boxed().toList(),
                java.util.Collections.nCopies(throughput.n(), "run"), Map.of(RoundFigures.THROUGHPUT, throughput),
                null, 0, 0, flags, 0, 0, false);
    }

    @Test
    void aSpreadOfExactlyTenPercentIsStableAndJustOverItIsNot() {
        RoundCell ten = cell(Spread.of(950, 1050), Map.of("server-bound", 2));
        RoundCell over = cell(Spread.of(950, 1051), Map.of("server-bound", 2));

        assertThat(ten.spreadPercent()).isEqualTo(10.0);
        assertThat(StabilityCheck.unstable(ten)).isFalse();
        assertThat(StabilityCheck.unstable(over)).isTrue();
    }

    @Test
    void onlyAPointServerBoundInEveryOneOfTwoOrMoreIterationsIsJudged() {
        assertThat(StabilityCheck.unstable(cell(Spread.of(500, 1000), Map.of("load-bound", 2))))
                .as("load-bound: the users set the throughput").isFalse();
        assertThat(StabilityCheck.unstable(cell(Spread.of(500, 1000), Map.of("server-bound", 1, "load-bound", 1))))
                .as("server-bound in one iteration of two").isFalse();
        assertThat(StabilityCheck.unstable(cell(Spread.of(1000), Map.of("server-bound", 1))))
                .as("one iteration").isFalse();
        assertThat(StabilityCheck.unstable(cell(Spread.of(500, 1000, 1000), Map.of("server-bound", 3)))).isTrue();
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(Spread.of(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(new Spread(2.5, 1, 4, 4));
    }
}
