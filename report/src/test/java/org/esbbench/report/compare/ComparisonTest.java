package org.esbbench.report.compare;

import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.index.RunFolderFixture;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ComparisonTest {
    @TempDir
    Path dir;

    private final Point direct = new Point("direct", 10, 1024, 0);
    private final Point xslt = new Point("xslt", 10, 1024, 0);
    private final Point jms = new Point("jms", 20, 1024, 0);

    @Test
    void rangesThatDoNotOverlapAreSignificantAndTheRatioIsToTheBaseline() throws IOException {
        Comparison c = compare(
                new RunFolderFixture(dir.resolve("a"), "run-a").point(direct, 10, 1000, 1020, 980),
                new RunFolderFixture(dir.resolve("b"), "run-b").point(direct, 10, 1200, 1250, 1150));

        FigureComparison t = c.points().get(0).compare(StandardFigures.THROUGHPUT, 1);

        assertThat(t.baseline().value()).isEqualTo(1000);
        assertThat(t.other().value()).isEqualTo(1200);
        assertThat(t.ratio()).isCloseTo(1.2, within(1e-9));
        assertThat(t.verdict()).isEqualTo(Verdict.SIGNIFICANT);
    }

    @Test
    void overlappingRangesAreWithinSpread() throws IOException {
        Comparison c = compare(
                new RunFolderFixture(dir.resolve("a"), "run-a").point(direct, 10, 1000, 1100, 900),
                new RunFolderFixture(dir.resolve("b"), "run-b").point(direct, 10, 1050, 1150, 950));

        assertThat(c.points().get(0).compare(StandardFigures.THROUGHPUT, 1).verdict()).isEqualTo(Verdict.WITHIN_SPREAD);
        // same p99 in every repeat of both runs: equal single values overlap
        assertThat(c.points().get(0).compare(StandardFigures.P99, 1).verdict()).isEqualTo(Verdict.WITHIN_SPREAD);
    }

    @Test
    void oneRepeatInEachRunGivesNoSpread() throws IOException {
        Comparison c = compare(
                new RunFolderFixture(dir.resolve("a"), "run-a").point(direct, 10, 1000),
                new RunFolderFixture(dir.resolve("b"), "run-b").point(direct, 12, 500));

        FigureComparison p99 = c.points().get(0).compare(StandardFigures.P99, 1);
        assertThat(p99.verdict()).isEqualTo(Verdict.NO_SPREAD_KNOWN);
        assertThat(p99.ratio()).isCloseTo(1.2, within(1e-9));
    }

    @Test
    void aFigureOnlyOneRunHasIsNotAvailable() throws IOException {
        Comparison c = compare(
                new RunFolderFixture(dir.resolve("a"), "run-a")
                        .row(RunFolderFixture.row(direct, 1, 1000, 10, 50.0, "")),
                new RunFolderFixture(dir.resolve("b"), "run-b")
                        .row(RunFolderFixture.row(direct, 1, 1000, 10, null, "")));

        FigureComparison cpu = c.points().get(0).compare(StandardFigures.CPU_PER_MESSAGE, 1);
        assertThat(cpu.verdict()).isEqualTo(Verdict.NOT_AVAILABLE);
        assertThat(cpu.ratio()).isNull();
        assertThat(cpu.other()).isNull();
    }

    @Test
    void pointsOfEveryRunAreListedAndThoseMissingInARunAreMarked() throws IOException {
        Comparison c = compare(
                new RunFolderFixture(dir.resolve("a"), "run-a").point(direct, 10, 1000).point(xslt, 10, 300),
                new RunFolderFixture(dir.resolve("b"), "run-b").point(direct, 10, 1000).point(jms, 10, 200),
                new RunFolderFixture(dir.resolve("c"), "run-c").point(direct, 10, 1000));

        assertThat(c.points()).extracting(PointComparison::point).containsExactly(direct, jms, xslt);
        assertThat(c.byScenario()).containsOnlyKeys("direct", "jms", "xslt");
        assertThat(c.points().get(1).missingIn()).containsExactly(0, 2);
        assertThat(c.points().get(2).missingIn()).containsExactly(1, 2);
        assertThat(c.points().get(2).compare(StandardFigures.THROUGHPUT, 1).verdict()).isEqualTo(Verdict.MISSING);
        assertThat(c.points().get(0).missingIn()).isEmpty();
    }

    @Test
    void pointsAreMatchedByTheirHeapToo() throws IOException {
        Point small = direct.withHeap("256m");
        Point large = direct.withHeap("512m");
        Comparison c = compare(
                new RunFolderFixture(dir.resolve("a"), "run-a").point(small, 10, 800).point(large, 10, 1000),
                new RunFolderFixture(dir.resolve("b"), "run-b").point(large, 10, 1200).point(direct, 10, 900));

        assertThat(c.points()).extracting(PointComparison::point).containsExactly(direct, small, large);
        assertThat(c.points().get(2).compare(StandardFigures.THROUGHPUT, 1).ratio()).isCloseTo(1.2, within(1e-9));
        assertThat(c.points().get(1).missingIn()).containsExactly(1);
        assertThat(c.points().get(0).missingIn()).as("a run that did not vary the heap is another point").containsExactly(0);
    }

    @Test
    void labelsDefaultToTheRunId() throws IOException {
        Path a = new RunFolderFixture(dir.resolve("a"), "run-a").point(direct, 10, 1000).write();

        assertThat(ComparedRun.load(a, null).label()).isEqualTo("run-a");
        assertThat(ComparedRun.load(a, " ").label()).isEqualTo("run-a");
        assertThat(ComparedRun.load(a, "camel").label()).isEqualTo("camel");
        assertThat(ComparedRun.load(a, "camel").runId()).isEqualTo("run-a");
    }

    @Test
    void oneRunIsNotAComparison() throws IOException {
        Path a = new RunFolderFixture(dir.resolve("a"), "run-a").point(direct, 10, 1000).write();
        ComparedRun run = ComparedRun.load(a, null);

        assertThatThrownBy(() -> Comparison.of(List.of(run))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least two runs");
    }

    private static Comparison compare(RunFolderFixture... runs) throws IOException {
        List<ComparedRun> loaded = new java.util.ArrayList<>();
        for (RunFolderFixture r : runs) {
            loaded.add(ComparedRun.load(r.write(), null));
        }
        return Comparison.of(loaded);
    }
}
