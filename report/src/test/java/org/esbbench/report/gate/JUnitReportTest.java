package org.esbbench.report.gate;

import org.apache.maven.plugin.surefire.log.api.NullConsoleLogger;
import org.apache.maven.plugins.surefire.report.ReportTestCase;
import org.apache.maven.plugins.surefire.report.ReportTestSuite;
import org.apache.maven.plugins.surefire.report.TestSuiteXmlParser;
import org.esbbench.report.compare.ComparedRun;
import org.esbbench.report.compare.RegressionCheck;
import org.esbbench.report.compare.RegressionResult;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.index.RunFolderFixture;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.Spread;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The run's junit.xml, read back by Surefire's own reader of JUnit XML reports (what CI plugins parse alike). */
class JUnitReportTest {
    @TempDir
    Path dir;

    private static final Point DIRECT = new Point("direct", 10, 1024, 0);
    private static final Point XSLT = new Point("xslt", 10, 1024, 0);
    private static final Instant AT = Instant.parse("2027-01-15T08:03:04.567Z");
    /** A failure as a server's reply may make it: XML's special characters in an attribute and in text. */
    private static final String SPECIAL = "direct_u10_s1024_d0_r2: 3 errors and 0 incorrect replies of 10100 samples"
            + " (most frequent: 3 × `<soap:Fault> a & b \"quoted\" 'single' ]]> &amp;`)";

    private final Figures figures = Figures.standard();

    private List<JUnitReport.ScenarioRunOutcome> runs() {
        return List.of(
                new JUnitReport.ScenarioRunOutcome("direct_u10_s1024_d0_r1",
                        RunFolderFixture.row(DIRECT, 1, 1000, 5, 50.0, ""), List.of(), 20),
                new JUnitReport.ScenarioRunOutcome("direct_u10_s1024_d0_r2",
                        RunFolderFixture.row(DIRECT, 2, 1010, 5, 50.0, ""), List.of(SPECIAL), 20),
                new JUnitReport.ScenarioRunOutcome("xslt_u10_s1024_d0_r1", null,
                        List.of("xslt_u10_s1024_d0_r1: no results file (jtl/xslt_u10_s1024_d0_r1.csv)"), 20));
    }

    private List<CriterionCheck> criteria() {
        List<Criterion> c = Criteria.parse("direct:p99_ms<5,*:error_pct<=0.1,*:cpu_us_per_msg<100", figures).list();
        return List.of(new CriterionCheck(DIRECT, c.get(0), Spread.of(7.352, 7.1, 7.6)),
                new CriterionCheck(DIRECT, c.get(1), Spread.of(0.0, 0.0)),
                new CriterionCheck(DIRECT, c.get(2), null));
    }

    /** direct's throughput dropped 15 % beyond the runs' spread; xslt's did not change. */
    private RegressionResult regression() throws Exception {
        Path base = new RunFolderFixture(dir.resolve("base"), "base").point(DIRECT, 100, 1000, 1010, 990)
                .point(XSLT, 10, 300, 305, 295).write();
        Path cand = new RunFolderFixture(dir.resolve("cand"), "cand").point(DIRECT, 100, 850, 860, 840)
                .point(XSLT, 10, 300, 302, 298).write();
        return new RegressionCheck(10, 20).check(ComparedRun.load(base, null), ComparedRun.load(cand, null));
    }

    private static List<ReportTestSuite> parse(Path file) throws Exception {
        TestSuiteXmlParser parser = new TestSuiteXmlParser(new NullConsoleLogger());
        List<ReportTestSuite> suites = parser.parse(file.toString());
        assertThat(parser.isValid()).isTrue();
        return suites;
    }

    private static ReportTestSuite suite(List<ReportTestSuite> suites, String fullClassName) {
        return suites.stream().filter(s -> fullClassName.equals(s.getFullClassName())).findFirst()
                .orElseThrow(() -> new AssertionError("no suite " + fullClassName + " in " + suites));
    }

    private static ReportTestCase testCase(ReportTestSuite suite, String name) {
        return suite.getTestCases().stream().filter(c -> name.equals(c.getName())).findFirst()
                .orElseThrow(() -> new AssertionError("no test case " + name + " in " + suite.getTestCases()));
    }

    @Test
    void everyScenarioRunCriterionAndBaselinePointIsATestCaseThatSurefireReads() throws Exception {
        Path file = dir.resolve("run").resolve("junit.xml");
        JUnitReport.write(file, "20270115-080000-reference", AT, runs(),
                new GateResult(criteria(), Optional.of(regression())));

        List<ReportTestSuite> suites = parse(file);

        // Surefire groups the cases by their class: one suite each for scenario runs, criteria and the baseline.
        assertThat(suites).extracting(ReportTestSuite::getFullClassName)
                .containsExactly(JUnitReport.SCENARIO_RUNS, JUnitReport.CRITERIA, JUnitReport.BASELINE);
        assertThat(suites).extracting(ReportTestSuite::getNumberOfTests).containsExactly(3, 3, 2);
        assertThat(suites).extracting(ReportTestSuite::getNumberOfFailures).containsExactly(2, 2, 1);
        assertThat(suites).extracting(ReportTestSuite::getNumberOfErrors).containsOnly(0);
        assertThat(suites).extracting(ReportTestSuite::getNumberOfSkipped).containsOnly(0);

        ReportTestSuite runs = suite(suites, JUnitReport.SCENARIO_RUNS);
        assertThat(runs.getTestCases()).extracting(ReportTestCase::getName).containsExactly(
                "direct_u10_s1024_d0_r1: errors and replies", "direct_u10_s1024_d0_r2: errors and replies",
                "xslt_u10_s1024_d0_r1: errors and replies");
        assertThat(runs.getTestCases()).extracting(ReportTestCase::getFullClassName).containsOnly(JUnitReport.SCENARIO_RUNS);
        assertThat(runs.getTestCases()).extracting(ReportTestCase::getTime).containsOnly(20f);
        assertThat(runs.getTestCases()).extracting(ReportTestCase::isSuccessful).containsExactly(true, false, false);
        ReportTestCase notMeasured = testCase(runs, "xslt_u10_s1024_d0_r1: errors and replies");
        assertThat(notMeasured.getFailureMessage()).isEqualTo(
                "xslt_u10_s1024_d0_r1: no results file (jtl/xslt_u10_s1024_d0_r1.csv) (no figures (not measured))");
        assertThat(notMeasured.getFailureType()).isEqualTo(JUnitReport.SCENARIO_RUNS);

        ReportTestSuite criteria = suite(suites, JUnitReport.CRITERIA);
        assertThat(criteria.getTestCases()).extracting(ReportTestCase::getName).containsExactly(
                "direct_u10_s1024_d0: direct:p99_ms<5", "direct_u10_s1024_d0: *:error_pct<=0.1",
                "direct_u10_s1024_d0: *:cpu_us_per_msg<100");
        assertThat(criteria.getTestCases()).extracting(ReportTestCase::getFullClassName).containsOnly(JUnitReport.CRITERIA);
        assertThat(criteria.getTestCases()).extracting(ReportTestCase::hasFailure).containsExactly(true, false, true);
        ReportTestCase p99 = criteria.getTestCases().get(0);
        assertThat(p99.getFailureMessage()).isEqualTo("direct_u10_s1024_d0: p99_ms = 7.352 ms, bound < 5 ms");
        assertThat(p99.getFailureDetail()).isEqualTo(p99.getFailureMessage());
        assertThat(p99.getFailureType()).isEqualTo(JUnitReport.CRITERIA);
        assertThat(criteria.getTestCases().get(1).getFailureMessage()).isNull();
        assertThat(criteria.getTestCases().get(2).getFailureMessage())
                .isEqualTo("direct_u10_s1024_d0: cpu_us_per_msg has no value in this run, bound < 100 µs");

        ReportTestSuite baseline = suite(suites, JUnitReport.BASELINE);
        assertThat(baseline.getTestCases()).extracting(ReportTestCase::getName).containsExactly(
                "direct_u10_s1024_d0 against baseline base", "xslt_u10_s1024_d0 against baseline base");
        ReportTestCase regressed = baseline.getTestCases().get(0);
        assertThat(regressed.hasFailure()).isTrue();
        assertThat(regressed.getFailureMessage())
                .startsWith("throughput dropped 15.0% (1000.0 msgs/s -> 850.0 msgs/s), more than the allowed 10%")
                .contains("throughput_per_s 1000 -> 850 (-15.0%)", "p99_ms 100 -> 100 (+0.0%)");
        assertThat(baseline.getTestCases().get(1).isSuccessful()).isTrue();
    }

    @Test
    void xmlsSpecialCharactersSurviveInTheMessageAndTheText() throws Exception {
        Path file = dir.resolve("junit.xml");
        JUnitReport.write(file, "run & <friends>", AT, runs(), GateResult.NONE);

        ReportTestCase failed = testCase(suite(parse(file), JUnitReport.SCENARIO_RUNS),
                "direct_u10_s1024_d0_r2: errors and replies");

        assertThat(failed.getFailureMessage()).startsWith(SPECIAL + " (samples ");
        // Surefire's reader drops the text's white-space-only pieces (between two escapes): the JDK's DOM keeps them.
        assertThat(failed.getFailureDetail()).isEqualToIgnoringWhitespace(failed.getFailureMessage());
        Element suite = document(file);
        Element failure = (Element) ((Element) suite.getElementsByTagName("testcase").item(1))
                .getElementsByTagName("failure").item(0);
        assertThat(failure.getTextContent()).isEqualTo(failed.getFailureMessage());
        assertThat(failure.getAttribute("message")).isEqualTo(failed.getFailureMessage());
        assertThat(suite.getAttribute("name")).isEqualTo("esb-bench.run & <friends>");
    }

    @Test
    void theSuiteCountsItsCasesAndFailuresAndAPassedCaseHasItsFiguresInItsOutput() throws Exception {
        Path file = dir.resolve("junit.xml");
        JUnitReport.write(file, "20270115-080000-reference", AT, runs(),
                new GateResult(criteria(), Optional.of(regression())));

        // Surefire's reader ignores the suite's own counts and the output: read them with the JDK's DOM parser.
        Element suite = document(file);
        assertThat(suite.getTagName()).isEqualTo("testsuite");
        assertThat(suite.getAttribute("name")).isEqualTo("esb-bench.20270115-080000-reference");
        assertThat(suite.getAttribute("tests")).isEqualTo("8");
        assertThat(suite.getAttribute("failures")).isEqualTo("5");
        assertThat(suite.getAttribute("errors")).isEqualTo("0");
        assertThat(suite.getAttribute("skipped")).isEqualTo("0");
        assertThat(suite.getAttribute("time")).isEqualTo("60");
        assertThat(suite.getAttribute("timestamp")).isEqualTo("2027-01-15T08:03:04Z");
        List<String> outputs = new ArrayList<>();
        NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            outputs.add(((Element) cases.item(i)).getElementsByTagName("system-out").item(0).getTextContent());
        }
        assertThat(outputs).hasSize(8);
        assertThat(outputs.get(0)).isEqualTo(
                "samples 10000, errors 0, error_pct 0, incorrect 0, throughput_per_s 1000, p99_ms 5");
        assertThat(outputs.get(2)).isEqualTo("no figures (not measured)");
        assertThat(outputs.get(4)).isEqualTo("direct_u10_s1024_d0: error_pct = 0 %, bound <= 0.1 %");
        assertThat(outputs.get(7)).isEqualTo("throughput_per_s 300 -> 300 (+0.0%); p99_ms 10 -> 10 (+0.0%)");
    }

    @Test
    void aPointTheBaselineLacksIsASkippedCaseNotAPassedOne() throws Exception {
        Path base = new RunFolderFixture(dir.resolve("base"), "base").point(DIRECT, 100, 1000).write();
        Path cand = new RunFolderFixture(dir.resolve("cand"), "cand").point(DIRECT, 100, 1000).point(XSLT, 10, 300)
                .write();
        RegressionResult r = new RegressionCheck(10, 20).check(ComparedRun.load(base, null), ComparedRun.load(cand, null));
        Path file = dir.resolve("junit.xml");
        JUnitReport.write(file, "cand", AT, List.of(), new GateResult(List.of(), Optional.of(r)));

        ReportTestSuite baseline = suite(parse(file), JUnitReport.BASELINE);
        assertThat(baseline.getNumberOfTests()).isEqualTo(2);
        assertThat(baseline.getNumberOfSkipped()).isEqualTo(1);
        assertThat(baseline.getNumberOfFailures()).isZero();
        assertThat(testCase(baseline, "xslt_u10_s1024_d0 against baseline base").hasSkipped()).isTrue();
        assertThat(testCase(baseline, "direct_u10_s1024_d0 against baseline base").isSuccessful()).isTrue();
        assertThat(document(file).getAttribute("skipped")).isEqualTo("1");
    }

    @Test
    void aRunWithoutCriteriaOrBaselineHasOnlyItsScenarioRuns() throws Exception {
        Path file = dir.resolve("junit.xml");
        JUnitReport.write(file, "plain", AT, runs().subList(0, 1), GateResult.NONE);

        List<ReportTestSuite> suites = parse(file);

        assertThat(suites).singleElement().satisfies(s -> {
            assertThat(s.getFullClassName()).isEqualTo(JUnitReport.SCENARIO_RUNS);
            assertThat(s.getNumberOfTests()).isEqualTo(1);
            assertThat(s.getNumberOfFailures()).isZero();
        });
    }

    @Test
    void aChangeWithinTheRunsSpreadIsAPassedBaselineCaseThatSaysSo() throws Exception {
        Path base = new RunFolderFixture(dir.resolve("base"), "base").point(DIRECT, 100, 1000, 800, 1200).write();
        Path cand = new RunFolderFixture(dir.resolve("cand"), "cand").point(DIRECT, 100, 850, 700, 1100).write();
        RegressionResult r = new RegressionCheck(10, 20).check(ComparedRun.load(base, null), ComparedRun.load(cand, null));
        Path file = dir.resolve("junit.xml");
        JUnitReport.write(file, "run", AT, List.of(), new GateResult(List.of(), Optional.of(r)));

        ReportTestSuite baseline = suite(parse(file), JUnitReport.BASELINE);

        assertThat(baseline.getNumberOfFailures()).isZero();
        assertThat(baseline.getTestCases()).singleElement().satisfies(c -> assertThat(c.isSuccessful()).isTrue());
        assertThat(systemOut(document(file), 0)).contains("throughput_per_s 1000 -> 850 (-15.0%)",
                "throughput dropped 15.0%", "but within the runs' spread");
    }

    /**
     * BUG (JUnitReport): a failure message holding a character XML 1.0 forbids (here ESC and BEL, as a server's
     * error text or a corrupt reply may bring into JMeter's failureMessage, hence into "most frequent: ...") is
     * written as is by the StAX writer, so junit.xml is not well-formed and no CI server can read it: exactly when the
     * run failed. The correct behaviour asserted here: the report stays readable (the character replaced or dropped).
     */
    @Test
    void aFailureMessageWithAControlCharacterStillGivesAReadableReport() throws Exception {
        String message = "direct_u10_s1024_d0_r1: 1 errors and 0 incorrect replies of 10 samples"
                + " (most frequent: 1 × `\u001b[31mconnection reset\u001b[0m\u0007`)";
        Path file = dir.resolve("junit.xml");
        JUnitReport.write(file, "run", AT, List.of(new JUnitReport.ScenarioRunOutcome("direct_u10_s1024_d0_r1",
                RunFolderFixture.row(DIRECT, 1, 1000, 5, 50.0, ""), List.of(message), 20)), GateResult.NONE);

        ReportTestCase failed = suite(parse(file), JUnitReport.SCENARIO_RUNS).getTestCases().get(0);

        assertThat(failed.hasFailure()).isTrue();
        assertThat(failed.getFailureMessage()).contains("connection reset");
    }

    private static Element document(Path file) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile()).getDocumentElement();
    }

    private static String systemOut(Element suite, int index) {
        return ((Element) suite.getElementsByTagName("testcase").item(index)).getElementsByTagName("system-out").item(0)
                .getTextContent();
    }
}
