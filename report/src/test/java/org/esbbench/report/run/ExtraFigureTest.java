package org.esbbench.report.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.esbbench.report.chart.ComparisonCharts;
import org.esbbench.report.compare.ComparedRun;
import org.esbbench.report.compare.Comparison;
import org.esbbench.report.compare.ComparisonReport;
import org.esbbench.report.figures.Better;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.PointSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Adding a figure is one catalogue entry and its computation: a figure made up here, handed to the analysis and
 * the comparison as part of the catalogue, turns up in every output.
 */
class ExtraFigureTest {
    /** Received kilobytes per second of the measurement window: not one of the suite's figures. */
    static final Figure RECEIVED = Figure.median("received_kib_per_s", "received", "KiB/s", 1,
            m -> m.statistics().bytesReceived() / 1024.0 / (m.statistics().durationMillis() / 1000.0))
            .charted().compared(Better.HIGHER);

    @TempDir
    Path results;

    @Test
    void aFigureAddedToTheCatalogueAppearsInEveryOutput() throws IOException {
        Figures figures = Figures.standard().with(RECEIVED);
        RunLayout layout = new AnalysableRunFixture(results, "run-a").write();

        AnalysisResult result = RunAnalysis.analyse(layout, AnalysisOptions.defaults().withFigures(figures), line -> { });

        assertThat(result.points().get(0).value(RECEIVED).value()).isPositive();
        assertThat(Files.readAllLines(layout.points()).get(0)).contains(",received_kib_per_s,");
        assertThat(Files.readAllLines(layout.summaryCsv()).get(0))
                .contains(",received_kib_per_s,received_kib_per_s_min,received_kib_per_s_max,");
        assertThat(layout.summaryMd()).content().contains("| received KiB/s |", "![direct: received against users](charts/direct-users-received_kib_per_s.png)");
        assertThat(layout.charts().resolve("direct-users-received_kib_per_s.png")).isNotEmptyFile();
        assertThat(new ObjectMapper().readTree(layout.runJson().toFile()).path("points").get(0).path("figures")
                .path("received_kib_per_s").asDouble()).isPositive();
        assertThat(results.resolve("index.html")).content().contains("<th>received KiB/s</th>");

        RunLayout other = new AnalysableRunFixture(results, "run-b").write();
        RunAnalysis.analyse(other, AnalysisOptions.defaults().withFigures(figures), line -> { });
        ComparedRun a = ComparedRun.load(layout.dir(), null, figures);
        ComparedRun b = ComparedRun.load(other.dir(), null, figures);
        Path compared = results.resolve("comparison");
        ComparisonReport.write(Comparison.of(List.of(a, b)), compared, figures);
        LinkedHashMap<String, List<PointSummary>> byRun = new LinkedHashMap<>();
        byRun.put("a", new ArrayList<>(a.points().values()));
        byRun.put("b", new ArrayList<>(b.points().values()));
        List<Path> charts = ComparisonCharts.write(byRun, compared.resolve("charts"), figures);

        assertThat(compared.resolve(ComparisonReport.CSV_FILE)).content().contains(",received_kib_per_s,");
        assertThat(compared.resolve(ComparisonReport.MARKDOWN_FILE)).content().contains("| received KiB/s (higher is better) |");
        assertThat(charts).extracting(p -> p.getFileName().toString()).contains("direct-1-kib-users-received_kib_per_s.png");
    }

    @Test
    void theStandardCatalogueDoesNotHaveIt() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").repeats(1).write();

        RunAnalysis.analyse(layout, AnalysisOptions.defaults(), line -> { });

        assertThat(Files.readString(layout.points())).doesNotContain("received_kib_per_s");
        assertThat(layout.summaryMd()).content().doesNotContain("received KiB/s");
    }
}
