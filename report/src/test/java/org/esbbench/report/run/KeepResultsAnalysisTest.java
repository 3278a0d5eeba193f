package org.esbbench.report.run;

import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** -DkeepResults as the analysis applies it: what is left in jtl/, and what a second analysis makes of it. */
class KeepResultsAnalysisTest {
    @TempDir
    Path results;

    private final List<String> log = new ArrayList<>();

    private List<String> jtlFiles(RunLayout layout) throws IOException {
        try (Stream<Path> files = Files.list(layout.dir().resolve(RunLayout.JTL))) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void compressedLeavesOnlyGzipsAndAnalysingAgainGivesByteIdenticalPointsAndSummary() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").write();
        AnalysisOptions options = AnalysisOptions.defaults().withKeepResults(KeepResults.COMPRESSED);

        RunAnalysis.analyse(layout, options, log::add);
        byte[] summary = Files.readAllBytes(layout.summaryCsv());
        byte[] points = Files.readAllBytes(layout.points());
        String summaryMd = Files.readString(layout.summaryMd());

        assertThat(jtlFiles(layout)).containsExactly("direct_u10_s1024_d0_r1.csv.gz", "direct_u10_s1024_d0_r2.csv.gz",
                "direct_u5_s1024_d0_r1.csv.gz", "direct_u5_s1024_d0_r2.csv.gz");
        assertThat(log).anySatisfy(l -> assertThat(l).startsWith("direct_u5_s1024_d0_r1: results compressed to"
                + " jtl/direct_u5_s1024_d0_r1.csv.gz ("));

        AnalysisResult again = RunAnalysis.analyse(layout, options, log::add);

        assertThat(again.passed()).isTrue();
        assertThat(layout.summaryCsv()).hasBinaryContent(summary);
        assertThat(layout.points()).hasBinaryContent(points);
        assertThat(layout.summaryMd()).hasContent(summaryMd);
    }

    @Test
    void plainLeavesTheResultsAsJMeterWroteThem() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").write();

        RunAnalysis.analyse(layout, AnalysisOptions.defaults().withKeepResults(KeepResults.PLAIN), log::add);

        assertThat(jtlFiles(layout)).allMatch(name -> name.endsWith(".csv")).hasSize(4);
    }

    @Test
    void noneDropsTheResultsOnceAnalysedSaysSoAndRefusesASecondAnalysisPlainly() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").write();

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults().withKeepResults(KeepResults.NONE),
                log::add);

        assertThat(result.passed()).isTrue();
        assertThat(jtlFiles(layout)).containsExactly("direct_u10_s1024_d0_r1.dropped", "direct_u10_s1024_d0_r2.dropped",
                "direct_u5_s1024_d0_r1.dropped", "direct_u5_s1024_d0_r2.dropped");
        // everything made of the results was made before they went
        assertThat(layout.histogram("direct_u5_s1024_d0_r1")).isNotEmptyFile();
        assertThat(layout.latencyChart("direct_u5_s1024_d0_r1")).isNotEmptyFile();
        assertThat(layout.summaryMd()).content().contains("dropped after this analysis (-DkeepResults=none)");
        byte[] summary = Files.readAllBytes(layout.summaryCsv());
        // the run is still complete for a resume
        assertThat(RunProgress.of(layout, RunParametersFile.read(layout.runParametersFile())).pending()).isEmpty();

        assertThatThrownBy(() -> RunAnalysis.analyse(layout, AnalysisOptions.defaults(), log::add))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("run run cannot be analysed again: direct_u5_s1024_d0_r1: its raw results were"
                        + " dropped after the run's first analysis (-DkeepResults=none")
                .hasMessageNotContaining("no samples");
        assertThat(layout.summaryCsv()).hasBinaryContent(summary);
    }

    @Test
    void noneKeepsResultsItCouldNotAnalyseCompressed() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").write();
        Files.writeString(layout.jtl("direct_u5_s1024_d0_r2"), "timeStamp,elapsed\n");

        RunAnalysis.analyse(layout, AnalysisOptions.defaults().withKeepResults(KeepResults.NONE), log::add);

        assertThat(layout.compressedJtl("direct_u5_s1024_d0_r2")).exists();
        assertThat(layout.droppedResults("direct_u5_s1024_d0_r2")).doesNotExist();
    }

    @Test
    void theChoiceIsTheGivenValueElseTheRecordedOneElseCompressed() throws IOException {
        RunLayout recorded = new AnalysableRunFixture(results, "a").parameter(RawResults.PARAMETER, "plain").write();
        RunLayout old = new AnalysableRunFixture(results, "b").write();

        assertThat(RawResults.choice(null, recorded)).isEqualTo(KeepResults.PLAIN);
        assertThat(RawResults.choice("NONE", recorded)).isEqualTo(KeepResults.NONE);
        assertThat(RawResults.choice("", old)).isEqualTo(KeepResults.COMPRESSED);
        assertThatThrownBy(() -> RawResults.choice("zip", old)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-DkeepResults=zip is not known; give one of compressed, none, plain (compressed is the default)");
    }

    @Test
    void theRunGoalCompressesTheResultsAndAnyPartialFileUnlessPlainWasAsked() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").write();
        Path partial = layout.jtl("direct_u5_s1024_d0_r2").resolveSibling("direct_u5_s1024_d0_r2.csv.partial");
        Files.move(layout.jtl("direct_u5_s1024_d0_r2"), partial);

        new RawResults(layout, KeepResults.PLAIN, log::add).afterScenarioRun("direct_u5_s1024_d0_r1");
        assertThat(new RawResults(layout, KeepResults.PLAIN, log::add).partial("direct_u5_s1024_d0_r2", partial))
                .isEqualTo(partial);
        assertThat(layout.jtl("direct_u5_s1024_d0_r1")).exists();

        new RawResults(layout, KeepResults.NONE, log::add).afterScenarioRun("direct_u5_s1024_d0_r1");
        Path moved = new RawResults(layout, KeepResults.COMPRESSED, log::add).partial("direct_u5_s1024_d0_r2", partial);

        assertThat(moved).hasFileName("direct_u5_s1024_d0_r2.csv.partial.gz").exists();
        assertThat(jtlFiles(layout)).contains("direct_u5_s1024_d0_r1.csv.gz", "direct_u5_s1024_d0_r2.csv.partial.gz")
                .doesNotContain("direct_u5_s1024_d0_r1.csv", "direct_u5_s1024_d0_r2.csv.partial");
    }
}
