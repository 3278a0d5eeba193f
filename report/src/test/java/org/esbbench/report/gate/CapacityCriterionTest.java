package org.esbbench.report.gate;

import org.apache.maven.plugin.surefire.log.api.NullConsoleLogger;
import org.apache.maven.plugins.surefire.report.ReportTestCase;
import org.apache.maven.plugins.surefire.report.ReportTestSuite;
import org.apache.maven.plugins.surefire.report.TestSuiteXmlParser;
import org.esbbench.report.capacity.CapacityFiles;
import org.esbbench.report.capacity.SearchRow;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CapacityCriterionTest {
    private final Figures figures = Figures.standard();

    @TempDir
    Path dir;

    private static SearchRow search(String key, String scenario, String status, int capacity, int lowestFail) {
        return CapacityFiles.search(key, Point.open(scenario, Math.max(1, capacity), 1024, 0), status, capacity,
                lowestFail, capacity > 0 ? "held" : "none", "", "");
    }

    @Test
    void capacityAtLeastNBesideCriteriaOnFigures() {
        Criteria criteria = Criteria.parse("capacity>=1000, *:error_pct<=0.1, direct:capacity >= 1500/s", figures);

        assertThat(criteria.list()).singleElement().satisfies(c -> assertThat(c.text()).isEqualTo("*:error_pct<=0.1"));
        assertThat(criteria.capacity()).containsExactly(new CapacityCriterion(Criterion.EVERY, 1000, "capacity>=1000"),
                new CapacityCriterion("direct", 1500, "direct:capacity>=1500/s"));
        assertThat(criteria.isEmpty()).isFalse();
        assertThat(criteria.describe()).isEqualTo("*:error_pct<=0.1, capacity>=1000, direct:capacity>=1500/s");
        assertThat(Criteria.parse("capacity>=1", figures).list()).isEmpty();
    }

    @Test
    void aCapacityCriterionInAnyOtherFormIsRefusedSayingWhatIsValid() {
        for (String bad : List.of("capacity<=1000", "capacity>1000", "capacity>=", "capacity>=0", "capacity>=1.5",
                "capacity>=-3", "capacity>=lots", "capacity>=99999999999", "*:capacity=1000")) {
            assertThatThrownBy(() -> Criteria.parse(bad, figures)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("-Dcriteria: '" + bad + "': a capacity criterion is capacity>=N")
                    .hasMessageContaining("a whole number of arrivals per second from 1");
        }
        // a figure whose id starts with the word is still a figure's criterion (and refused as one when unknown)
        assertThatThrownBy(() -> Criteria.parse("*:capacity_pct<=3", figures)).hasMessageContaining("names no figure");
    }

    @Test
    void itsScenarioIsHeldAgainstTheRunsOwn() {
        Criteria criteria = Criteria.parse("xslt:capacity>=10", figures);

        assertThatThrownBy(() -> criteria.requireScenarios(List.of("direct"), "-Dcriteria"))
                .hasMessageContaining("'xslt:capacity>=10' names scenario xslt, which this run does not measure");
        assertThatCode(() -> Criteria.parse("capacity>=10", figures).requireScenarios(List.of("direct"), "-Dcriteria"))
                .doesNotThrowAnyException();
    }

    @Test
    void eachSearchPassesWithACapacityOfAtLeastNHoweverItEnded() {
        RunGate gate = new RunGate(Criteria.parse("capacity>=1000", figures), Optional.empty(), RunGate.NONE.tolerance());
        List<SearchRow> searches = List.of(
                search("found_above", "direct", "found", 1840, 1880),
                search("generator_above", "direct", "generator-limit", 1200, 0),
                search("found_below", "direct", "found", 900, 950),
                search("generator_below", "direct", "generator-limit", 800, 0),
                search("deadline_below", "direct", "deadline", 500, 0),
                search("not_found", "direct", "below-min", 0, 1),
                search("deadline_at", "direct", "deadline", 1000, 1100));

        GateResult result = gate.judge(List.of(), searches);

        assertThat(result.capacity()).extracting(c -> c.name() + " " + c.passed()).containsExactly(
                "found_above true", "generator_above true", "found_below false", "generator_below false",
                "deadline_below false", "not_found false", "deadline_at true");
        assertThat(result.failedCriteria()).isEqualTo(4);
        assertThat(result.failures()).contains("criterion capacity>=1000 failed: generator_below: capacity capacity ≥"
                + " 800/s, the generator's limit (generator-limit), bound >= 1,000/s");
        assertThat(result.markdown()).contains("| search | criterion | capacity | result |",
                "| found_above | `capacity>=1000` | 1,840/s, bracket [1,840, 1,880) | passed |",
                "| not_found | `capacity>=1000` | below 1/s: even the lowest rate failed | **failed** |");
    }

    @Test
    void aCriterionOnOneScenarioJudgesItsSearchesAloneAndWithoutAnyItFails() {
        RunGate gate = new RunGate(Criteria.parse("xslt:capacity>=10", figures), Optional.empty(),
                RunGate.NONE.tolerance());

        GateResult onDirect = gate.judge(List.of(), List.of(search("direct_s1024_d0", "direct", "found", 5, 6)));

        assertThat(onDirect.capacity()).singleElement().satisfies(c -> {
            assertThat(c.search()).isNull();
            assertThat(c.passed()).isFalse();
            assertThat(c.message()).startsWith("no capacity search in this run");
        });
    }

    @Test
    void eachSearchIsATestCaseOfTheJUnitReportNamedAfterItsKey() throws Exception {
        RunGate gate = new RunGate(Criteria.parse("capacity>=1000", figures), Optional.empty(), RunGate.NONE.tolerance());
        GateResult result = gate.judge(List.of(), List.of(search("direct_s1024_d0", "direct", "found", 1840, 1880),
                search("xslt_s1024_d0", "xslt", "found", 600, 640)));
        Path file = dir.resolve("junit.xml");

        JUnitReport.write(file, "run", Instant.EPOCH, List.of(), result);

        List<ReportTestSuite> suites = new TestSuiteXmlParser(new NullConsoleLogger()).parse(file.toString());
        ReportTestSuite criteria = suites.stream().filter(s -> s.getFullClassName().equals(JUnitReport.CRITERIA))
                .findFirst().orElseThrow();
        assertThat(criteria.getNumberOfTests()).isEqualTo(2);
        assertThat(criteria.getTestCases()).extracting(ReportTestCase::getName)
                .containsExactly("direct_s1024_d0: capacity>=1000", "xslt_s1024_d0: capacity>=1000");
        assertThat(criteria.getTestCases()).filteredOn(ReportTestCase::hasFailure).singleElement()
                .satisfies(c -> assertThat(c.getFailureMessage()).isEqualTo("xslt_s1024_d0: capacity 600/s, bracket"
                        + " [600, 640) (found), bound >= 1,000/s"));
    }
}
