package org.esbbench.report.gate;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.esbbench.report.figures.StandardFigures.ERROR_PCT;
import static org.esbbench.report.figures.StandardFigures.P99;
import static org.esbbench.report.figures.StandardFigures.SAMPLES;
import static org.esbbench.report.figures.StandardFigures.THROUGHPUT;

class CriteriaTest {
    private final Figures figures = Figures.standard();

    @Test
    void parsesSeveralCriteriaInTheOrderGiven() {
        Criteria criteria = Criteria.parse("direct:p99_ms<5,*:error_pct<=0.1", figures);

        assertThat(criteria.isEmpty()).isFalse();
        assertThat(criteria.list()).containsExactly(
                new Criterion("direct", P99, Bound.BELOW, 5, "direct:p99_ms<5"),
                new Criterion(Criterion.EVERY, ERROR_PCT, Bound.AT_MOST, 0.1, "*:error_pct<=0.1"));
        assertThat(criteria.describe()).isEqualTo("direct:p99_ms<5, *:error_pct<=0.1");
    }

    @Test
    void whiteSpaceAnywhereIsDroppedAndEmptyPartsAreSkipped() {
        Criteria criteria = Criteria.parse("  direct : p99_ms <  5 ,, \n xslt:throughput_per_s >= 1e3 ,", figures);

        assertThat(criteria.list()).containsExactly(
                new Criterion("direct", P99, Bound.BELOW, 5, "direct:p99_ms<5"),
                new Criterion("xslt", THROUGHPUT, Bound.AT_LEAST, 1000, "xslt:throughput_per_s>=1e3"));
    }

    @Test
    void eachOfTheFourOperatorsIsItsBound() {
        Criteria criteria = Criteria.parse("a:p99_ms<1,b:p99_ms<=2,c:p99_ms>3,d:p99_ms>=4.5", figures);

        assertThat(criteria.list()).extracting(Criterion::bound)
                .containsExactly(Bound.BELOW, Bound.AT_MOST, Bound.ABOVE, Bound.AT_LEAST);
        assertThat(criteria.list()).extracting(Criterion::limit).containsExactly(1.0, 2.0, 3.0, 4.5);
        assertThat(criteria.list()).extracting(Criterion::scenario).containsExactly("a", "b", "c", "d");
    }

    @Test
    void aBoundHoldsOnlyOnItsSideOfTheLimit() {
        List<Criterion> c = Criteria.parse("x:p99_ms<5,x:p99_ms<=5,x:p99_ms>5,x:p99_ms>=5", figures).list();

        assertThat(c.get(0).holds(4.999)).isTrue();
        assertThat(c.get(0).holds(5)).isFalse();
        assertThat(c.get(1).holds(5)).isTrue();
        assertThat(c.get(1).holds(5.001)).isFalse();
        assertThat(c.get(2).holds(5)).isFalse();
        assertThat(c.get(2).holds(5.001)).isTrue();
        assertThat(c.get(3).holds(5)).isTrue();
        assertThat(c.get(3).holds(4.999)).isFalse();
    }

    @Test
    void theStarAppliesToEveryScenarioANamedScenarioOnlyToItsOwn() {
        List<Criterion> c = Criteria.parse("*:p99_ms<5,direct:p99_ms<5", figures).list();
        Point direct = new Point("direct", 10, 1024, 0);
        Point xslt = new Point("xslt", 10, 1024, 0);

        assertThat(c.get(0).scenario()).isEqualTo(Criterion.EVERY);
        assertThat(c.get(0).appliesTo(direct)).isTrue();
        assertThat(c.get(0).appliesTo(xslt)).isTrue();
        assertThat(c.get(1).appliesTo(direct)).isTrue();
        assertThat(c.get(1).appliesTo(xslt)).isFalse();
    }

    @Test
    void noneBlankAndNullAreNoCriteria() {
        assertThat(Criteria.parse("none", figures)).isSameAs(Criteria.NONE);
        assertThat(Criteria.parse("  none ", figures).isEmpty()).isTrue();
        assertThat(Criteria.parse("", figures).isEmpty()).isTrue();
        assertThat(Criteria.parse("  \t", figures).isEmpty()).isTrue();
        assertThat(Criteria.parse(null, figures).isEmpty()).isTrue();
        assertThat(Criteria.NONE.describe()).isEmpty();
    }

    @Test
    void theBoundIsWrittenWithTheFiguresUnit() {
        List<Criterion> c = Criteria.parse("direct:p99_ms<5,*:error_pct<=0.1,*:samples>=1000", figures).list();

        assertThat(c).extracting(Criterion::boundText).containsExactly("< 5 ms", "<= 0.1 %", ">= 1000");
        assertThat(c.get(2).figure()).isEqualTo(SAMPLES);
    }

    @Test
    void anUnknownFigureIsRefusedNamingTheCriterionAndListingTheValidFigures() {
        String valid = String.join(", ", figures.all().stream().map(Figure::id).toList());

        assertThatThrownBy(() -> Criteria.parse("*:error_pct<=0.1, direct:p99ms<5", figures))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("-Dcriteria: 'direct:p99ms<5' names no figure p99ms; the figures: ")
                .hasMessageEndingWith(valid)
                .hasMessageContaining("p99_ms, p99_9_ms")
                .hasMessageContaining("throughput_per_s");
    }

    @Test
    void theMessageNamesTheFlagTheCriteriaWereGivenWith() {
        assertThatThrownBy(() -> Criteria.parse("direct:latency<5", figures, "--criteria"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--criteria: 'direct:latency<5' names no figure latency;");
    }

    @Test
    void aCriterionWithoutScenarioOrOperatorIsRefusedWithTheForm() {
        for (String bad : List.of("p99_ms<5", "direct:p99_ms=5", "direct:p99_ms", ":p99_ms<5", "direct:<5")) {
            assertThatThrownBy(() -> Criteria.parse(bad, figures)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "' is not a criterion: write SCENARIO:FIGURE OP NUMBER")
                    .hasMessageContaining("OP one of < <= > >=");
        }
    }

    @Test
    void aBoundThatIsNotANumberIsRefusedNamingTheCriterionAndTheUnit() {
        assertThatThrownBy(() -> Criteria.parse("direct:p99_ms<5ms", figures))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-Dcriteria: 'direct:p99_ms<5ms': the bound must be a number in the figure's unit (ms),"
                        + " got '5ms'");
        assertThatThrownBy(() -> Criteria.parse("direct:p99_ms<", figures))
                .hasMessageContaining("'direct:p99_ms<': the bound must be a number").hasMessageEndingWith("got ''");
        assertThatThrownBy(() -> Criteria.parse("direct:p99_ms<<5", figures))
                .hasMessageContaining("got '<5'");
        assertThatThrownBy(() -> Criteria.parse("*:samples>=NaN", figures))
                .hasMessageContaining("(a count), got 'NaN'");
        assertThatThrownBy(() -> Criteria.parse("direct:p99_ms<1.2.3", figures))
                .hasMessageContaining("got '1.2.3'");
    }

    @Test
    void oneBadCriterionRefusesTheWholeList() {
        assertThatThrownBy(() -> Criteria.parse("direct:p99_ms<5,direct:p99_ms<five,*:error_pct<=0.1", figures))
                .hasMessageContaining("'direct:p99_ms<five'")
                .hasMessageNotContaining("error_pct<=0.1'");
    }

    @Test
    void requireScenariosAcceptsTheRunsScenariosAndTheStar() {
        Criteria criteria = Criteria.parse("direct:p99_ms<5,*:error_pct<=0.1,xslt:p99_ms<9", figures);

        assertThatCode(() -> criteria.requireScenarios(List.of("xslt", "direct"), "-Dcriteria"))
                .doesNotThrowAnyException();
        assertThatCode(() -> Criteria.NONE.requireScenarios(List.of(), "-Dcriteria")).doesNotThrowAnyException();
        assertThatThrownBy(() -> criteria.requireScenarios(List.of("direct"), "-Dcriteria"))
                .hasMessageContaining("'xslt:p99_ms<9' names scenario xslt");
    }

    @Test
    void requireScenariosRefusesAScenarioTheRunDoesNotMeasureNamingTheRunsScenarios() {
        Criteria criteria = Criteria.parse("*:error_pct<=0.1,drect:p99_ms<5", figures);

        assertThatThrownBy(() -> criteria.requireScenarios(List.of("xslt", "direct", "cbr-body"), "--criteria"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--criteria: 'drect:p99_ms<5' names scenario drect, which this run does not measure;"
                        + " its scenarios: cbr-body, direct, xslt, or * for every one");
    }
}
