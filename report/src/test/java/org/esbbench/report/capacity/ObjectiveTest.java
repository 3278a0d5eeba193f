package org.esbbench.report.capacity;

import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.RepeatRow;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ObjectiveTest {

    @Test
    void aLatencyTermInMillisecondsWithErrorsAndIncorrectImpliedAtZero() {
        Objective o = Objective.parse("p99<=20ms");

        assertThat(o.terms()).extracting(Objective.Term::kind)
                .containsExactly(Objective.Kind.P99, Objective.Kind.ERRORS, Objective.Kind.INCORRECT);
        assertThat(o.latencyTerm().bound()).isEqualTo(20.0);
        assertThat(o.latencyTerm().strict()).isFalse();
        assertThat(o.latencyTerm().figure()).isEqualTo(StandardFigures.P99);
        assertThat(o.describe()).isEqualTo("p99<=20ms, errors<=0% (implied), incorrect<=0% (implied)");
    }

    @Test
    void aStrictBoundAndAnErrorBudgetGivenReplaceTheImpliedOne() {
        Objective o = Objective.parse("p99<20ms,errors<=0.1%");

        assertThat(o.latencyTerm().strict()).isTrue();
        assertThat(o.latencyTerm().holds(19.9)).isTrue();
        assertThat(o.latencyTerm().holds(20.0)).isFalse();
        assertThat(o.describe()).isEqualTo("p99<20ms, errors<=0.1%, incorrect<=0% (implied)");
    }

    @Test
    void secondsAndMicrosecondsAreHeldInMilliseconds() {
        assertThat(Objective.parse("p99.9<=1s").latencyTerm())
                .satisfies(t -> assertThat(t.kind()).isEqualTo(Objective.Kind.P99_9))
                .satisfies(t -> assertThat(t.bound()).isEqualTo(1000.0));
        assertThat(Objective.parse("mean<=500us").latencyTerm())
                .satisfies(t -> assertThat(t.kind()).isEqualTo(Objective.Kind.MEAN))
                .satisfies(t -> assertThat(t.bound()).isEqualTo(0.5));
        assertThat(Objective.parse("MEAN <= 500 µs").latencyTerm().bound()).isEqualTo(0.5);
    }

    @Test
    void theServersCpuIsATermBesideALatencyOne() {
        Objective o = Objective.parse("p99<=20ms, cpu<=80%");

        assertThat(o.needsServerCpu()).isTrue();
        assertThat(o.terms()).filteredOn(t -> t.kind() == Objective.Kind.CPU).singleElement()
                .satisfies(t -> assertThat(t.bound()).isEqualTo(80.0));
        assertThat(Objective.parse("p99<=20ms").needsServerCpu()).isFalse();
    }

    @Test
    void judgesEachTermOnAProbesFigures() {
        Objective o = Objective.parse("p99<=20ms,cpu<=80%");
        RepeatRow row = new RepeatRow(Point.open("direct", 1000, 1024, 0), 1, Map.of(StandardFigures.P99, 21.0,
                StandardFigures.ERROR_PCT, 0.0, StandardFigures.INCORRECT_PCT, 0.0), "", "");

        assertThat(o.judge(row)).extracting(r -> r.term().kind() + " " + r.holds() + " " + r.marginal())
                .containsExactly("P99 false true", "CPU false false", "ERRORS true false", "INCORRECT true false");
        assertThat(o.judge(row).get(0).describe()).isEqualTo("p99 21 ms > 20 ms");
        assertThat(o.judge(row).get(1).describe()).isEqualTo("cpu not measured > 80 %");
    }

    @Test
    void anEmptyObjectiveIsRefused() {
        assertThatThrownBy(() -> Objective.parse("  ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-Dcapacity is empty").hasMessageContaining(Objective.GRAMMAR);
        assertThatThrownBy(() -> Objective.parse(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anUnknownFigureIsRefusedNamingTheValidOnes() {
        assertThatThrownBy(() -> Objective.parse("p98<=1ms")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown figure 'p98'").hasMessageContaining("p99.9");
    }

    @Test
    void aLatencyWithoutAUnitIsRefused() {
        assertThatThrownBy(() -> Objective.parse("p99<=20")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'p99<=20' needs a unit, us, ms or s");
    }

    @Test
    void aPercentageWithoutItsSignIsRefused() {
        assertThatThrownBy(() -> Objective.parse("p99<=20ms,errors<=5")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'errors<=5' is a percentage: write it with %");
    }

    @Test
    void anObjectiveWithoutALatencyTermIsRefused() {
        assertThatThrownBy(() -> Objective.parse("errors<=0.1%")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no latency term");
        assertThatThrownBy(() -> Objective.parse("cpu<=80%")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no latency term");
    }

    @Test
    void aTermGivenTwiceIsRefused() {
        assertThatThrownBy(() -> Objective.parse("p99<=20ms,p99<=30ms")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("p99 is given twice");
    }

    @Test
    void malformedTermsAndBoundsThatCannotHoldAreRefused() {
        assertThatThrownBy(() -> Objective.parse("p99=20ms")).hasMessageContaining("'p99=20ms' is not a term");
        assertThatThrownBy(() -> Objective.parse("p99<=20ms,")).hasMessageContaining("'' is not a term");
        assertThatThrownBy(() -> Objective.parse("p99<=0ms")).hasMessageContaining("a latency bound above 0");
        assertThatThrownBy(() -> Objective.parse("p99<=1ms,errors<0%")).hasMessageContaining("can never hold");
        assertThatThrownBy(() -> Objective.parse("p99<=1ms,cpu<=120%")).hasMessageContaining("from 0 to 100");
    }
}
