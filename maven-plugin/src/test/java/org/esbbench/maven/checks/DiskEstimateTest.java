package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.InvalidRunException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.esbbench.report.points.Point;
import org.esbbench.report.folder.KeepResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Check's estimate of the disk a run needs, its line, and its refusal when the disk is too small. */
class DiskEstimateTest {
    /** 100 users at a 10 ms delay: 10,000 samples/s. */
    private static final Point TEN_THOUSAND = new Point("direct", 100, 1024, 10);
    /** 10 users, no delay: the ceiling, 40,000 samples/s. */
    private static final Point CEILING = new Point("direct", 10, 1024, 0);

    @TempDir
    Path dir;

    @Test
    void compressedNeedsTheLargestFilePlainAndEveryFileCompressedPlusDashboardsAndOtherFiles() {
        // 100 s of load: 1,000,000 and 4,000,000 rows
        DiskEstimate.Need need = DiskEstimate.of(List.of(TEN_THOUSAND, CEILING, TEN_THOUSAND), 100, true,
                KeepResults.COMPRESSED);

        assertThat(need.largestPlain()).isEqualTo(4_000_000L * 170);
        assertThat(need.resultsKept()).isEqualTo(6_000_000L * 6);
        assertThat(need.dashboards()).isEqualTo(3 * (4L << 20));
        assertThat(need.other()).isEqualTo((20L << 20) + 3 * (2L << 20));
        assertThat(need.total()).isEqualTo(680_000_000L + 36_000_000L + 3 * (4L << 20) + (20L << 20) + 3 * (2L << 20));
    }

    @Test
    void plainNeedsEveryFilePlainAndNoneAsMuchAsCompressedUntilTheAnalysis() {
        List<Point> runs = List.of(TEN_THOUSAND, CEILING);
        DiskEstimate.Need plain = DiskEstimate.of(runs, 100, false, KeepResults.PLAIN);
        DiskEstimate.Need none = DiskEstimate.of(runs, 100, false, KeepResults.NONE);
        DiskEstimate.Need compressed = DiskEstimate.of(runs, 100, false, KeepResults.COMPRESSED);

        assertThat(plain.total()).isEqualTo(5_000_000L * 170 + (20L << 20) + 2 * (2L << 20));
        assertThat(plain.dashboards()).isZero();
        assertThat(none.total()).isEqualTo(compressed.total());
        assertThat(DiskEstimate.of(List.of(), 100, true, KeepResults.COMPRESSED).total()).isZero();
    }

    @Test
    void theLineSaysTheNeedTheLargestFileTheCompressedTotalTheChoiceAndTheFreeSpace() throws InvalidRunException {
        // the README's default run of one scenario: 10 users, 300 + 900 + 2 s
        DiskEstimate.Need need = DiskEstimate.of(Collections.nCopies(1, CEILING), 1202, true, KeepResults.COMPRESSED);

        String line = DiskEstimate.check(need, dir.resolve("results"), d -> 78_600_000_000L);

        assertThat(line).isEqualTo("disk: about 8.5 GB needed under " + dir.resolve("results") + " (largest results"
                + " file about 8.2 GB plain, 288 MB compressed in all, keepResults=compressed); 78.6 GB free");
    }

    @Test
    void checkRefusesARunThatCannotFitSayingWhatIsFreeAndWhatToDo() {
        DiskEstimate.Need need = DiskEstimate.of(Collections.nCopies(9, CEILING), 1202, true, KeepResults.PLAIN);

        assertThatThrownBy(() -> DiskEstimate.check(need, dir, d -> 5_000_000_000L))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageStartingWith("about 73.6 GB needed under " + dir + " (largest results file about 8.2 GB plain,"
                        + " 73.6 GB plain in all, keepResults=plain); 5.0 GB free: not enough disk for the run")
                .hasMessageContaining("-DkeepResults=compressed")
                .hasMessageContaining("-Dmeasurement")
                .hasMessageContaining("-Ddashboards=false");
    }

    @Test
    void freeSpaceIsReadFromTheNearestExistingFolder() throws IOException {
        long free = DiskEstimate.FreeSpace.FILE_STORE.usableBytes(dir.resolve("results/not/yet"));

        assertThat(free).isPositive().isCloseTo(java.nio.file.Files.getFileStore(dir).getUsableSpace(), org.assertj.core.data.Offset.offset(100_000_000L));
    }

    @Test
    void keepResultsIsValidatedWithTheValidChoicesNamed() throws InvalidRunException {
        assertThat(DiskEstimate.keepResults(Map.of())).isEqualTo(KeepResults.COMPRESSED);
        assertThat(DiskEstimate.keepResults(Map.of("keepResults", "None"))).isEqualTo(KeepResults.NONE);
        assertThatThrownBy(() -> DiskEstimate.keepResults(Map.of("keepResults", "gzip")))
                .isInstanceOf(InvalidRunException.class)
                .hasMessage("-DkeepResults=gzip is not known; give one of compressed, none, plain (compressed is the default)");
    }
}
