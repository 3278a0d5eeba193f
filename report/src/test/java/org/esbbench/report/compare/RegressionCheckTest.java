package org.esbbench.report.compare;

import org.esbbench.report.index.RunFolderFixture;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.report.figures.StandardFigures.P99;
import static org.esbbench.report.figures.StandardFigures.THROUGHPUT;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RegressionCheckTest {
    @TempDir
    Path dir;

    private final Point direct = new Point("direct", 10, 1024, 0);
    private final Point xslt = new Point("xslt", 10, 1024, 0);
    private final RegressionCheck defaults = new RegressionCheck(10, 20);

    private ComparedRun run(RunFolderFixture fixture) throws IOException {
        return ComparedRun.load(fixture.write(), null);
    }

    @Test
    void smallChangesPass() throws IOException {
        RegressionResult r = defaults.check(
                run(new RunFolderFixture(dir.resolve("base"), "base").point(direct, 100, 1000)),
                run(new RunFolderFixture(dir.resolve("cand"), "cand").point(direct, 119, 905)));

        assertThat(r.passed()).isTrue();
        assertThat(r.failureMessages()).isEmpty();
        assertThat(r.checks().get(0).change(THROUGHPUT)).isCloseTo(-9.5, within(1e-9));
        assertThat(r.checks().get(0).change(P99)).isCloseTo(19, within(1e-9));
        assertThat(r.report()).startsWith("OK: candidate cand against baseline base, 1 points within limits")
                .contains("| direct_u10_s1024_d0 | 1000.0 -> 905.0 | -9.5% | 100.000 -> 119.000 | +19.0% | ok |");
    }

    @Test
    void aThroughputDropBeyondTheLimitFailsWithAMessageNamingThePoint() throws IOException {
        RegressionResult r = defaults.check(
                run(new RunFolderFixture(dir.resolve("base"), "base").point(direct, 100, 1000, 1010, 990)),
                run(new RunFolderFixture(dir.resolve("cand"), "cand").point(direct, 100, 850, 860, 840)));

        assertThat(r.passed()).isFalse();
        assertThat(r.failureMessages()).containsExactly("FAIL direct_u10_s1024_d0: throughput dropped 15.0% "
                + "(1000.0 msgs/s -> 850.0 msgs/s), more than the allowed 10%");
        assertThat(r.report()).startsWith("REGRESSION: candidate cand against baseline base, 1 failure(s)");
    }

    @Test
    void aP99GrowthBeyondTheLimitFails() throws IOException {
        RegressionResult r = defaults.check(
                run(new RunFolderFixture(dir.resolve("base"), "base").point(direct, 100, 1000)),
                run(new RunFolderFixture(dir.resolve("cand"), "cand").point(direct, 125, 1000)));

        assertThat(r.failureMessages()).containsExactly(
                "FAIL direct_u10_s1024_d0: p99 grew 25.0% (100.000 ms -> 125.000 ms), more than the allowed 20%");
    }

    @Test
    void aOneMillisecondStepIsWithinTheResolution() throws IOException {
        RegressionResult oneStep = defaults.check(
                run(new RunFolderFixture(dir.resolve("base"), "base").point(direct, 2, 1000)),
                run(new RunFolderFixture(dir.resolve("cand"), "cand").point(direct, 3, 1000)));
        RegressionResult twoSteps = defaults.check(
                run(new RunFolderFixture(dir.resolve("base2"), "base").point(direct, 2, 1000)),
                run(new RunFolderFixture(dir.resolve("cand2"), "cand").point(direct, 5, 1000)));

        assertThat(oneStep.passed()).isTrue();
        assertThat(twoSteps.failureMessages()).singleElement().asString().contains("p99 grew 150.0% (2.000 ms -> 5.000 ms)");
    }

    @Test
    void aPointMissingFromTheCandidateFailsAndANewPointIsOnlyReported() throws IOException {
        RegressionResult r = defaults.check(
                run(new RunFolderFixture(dir.resolve("base"), "base").point(direct, 10, 1000).point(xslt, 10, 300)),
                run(new RunFolderFixture(dir.resolve("cand"), "cand").point(direct, 10, 1000)
                        .point(new Point("jms", 10, 1024, 0), 10, 100)));

        assertThat(r.failureMessages()).containsExactly("FAIL xslt_u10_s1024_d0: not measured by the candidate run");
        assertThat(r.added()).containsExactly(new Point("jms", 10, 1024, 0));
        assertThat(r.report()).contains("| xslt_u10_s1024_d0 | 300.0 -> missing |", "Not in the baseline (not checked): jms_u10_s1024_d0");
    }

    @Test
    void limitsMustBePercentagesOfZeroOrMore() {
        assertThatThrownBy(() -> new RegressionCheck(-1, 20)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RegressionCheck(10, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
