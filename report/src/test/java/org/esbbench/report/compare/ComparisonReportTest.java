package org.esbbench.report.compare;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.index.RunFolderFixture;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ComparisonReportTest {
    @TempDir
    Path dir;

    private final Point direct = new Point("direct", 10, 1024, 0);
    private final Point xslt = new Point("xslt", 50, 10240, 0);

    private Comparison comparison() throws IOException {
        Path a = new RunFolderFixture(dir.resolve("a"), "run-a").point(direct, 10, 1000, 1020, 980)
                .point(xslt, 40, 300, 310, 290).write();
        Path b = new RunFolderFixture(dir.resolve("b"), "run-b").point(direct, 12, 1200, 1250, 1150).write();
        return Comparison.of(List.of(ComparedRun.load(a, "camel|4.18"), ComparedRun.load(b, null)));
    }

    @Test
    void markdownHasATablePerScenarioWithBothValuesTheRatioAndTheVerdict() throws IOException {
        String md = ComparisonReport.markdown(comparison());

        assertThat(md).contains("## direct", "## xslt");
        assertThat(md).contains("| users or rate | size | delay ms | figure | camel\\|4.18 | run-b | run-b / camel\\|4.18 | run-b vs camel\\|4.18 |");
        assertThat(md).contains("| 10 | 1 KiB | 0 | throughput msgs/s (higher is better) | 1000.0 [980.0–1020.0] | 1200.0 [1150.0–1250.0] | 1.200 (+20.0%) | significant |");
        assertThat(md).contains("| 10 | 1 KiB | 0 | p99 ms (lower is better) | 10.000 [10.000–10.000] | 12.000 [12.000–12.000] | 1.200 (+20.0%) | significant |");
        assertThat(md).contains("| 50 | 10 KiB | 0 | throughput msgs/s (higher is better) | 300.0 [290.0–310.0] | missing |  | missing |");
        assertThat(md).contains("## Points not measured by every run", "`xslt_u50_s10240_d0`: missing in run-b");
    }

    @Test
    void csvHasARowPerPointFigureAndRun() throws IOException {
        ComparisonReport.write(comparison(), dir.resolve("out"));

        assertThat(dir.resolve("out/comparison.md")).exists();
        List<CSVRecord> rows;
        try (Reader in = Files.newBufferedReader(dir.resolve("out/comparison.csv"))) {
            rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
        assertThat(rows).hasSize(2 * org.esbbench.report.figures.Figures.standard().compared().size() * 2);
        CSVRecord baseTput = rows.stream().filter(r -> r.get("scenario").equals("direct")
                && r.get("figure").equals("throughput_per_s") && r.get("run").equals("camel|4.18")).findFirst().orElseThrow();
        assertThat(baseTput.get("run_id")).isEqualTo("run-a");
        assertThat(baseTput.get("value")).isEqualTo("1000.000");
        assertThat(baseTput.get("min")).isEqualTo("980.000");
        assertThat(baseTput.get("verdict")).isEqualTo("baseline");
        CSVRecord otherTput = rows.stream().filter(r -> r.get("scenario").equals("direct")
                && r.get("figure").equals("throughput_per_s") && r.get("run").equals("run-b")).findFirst().orElseThrow();
        assertThat(otherTput.get("ratio_to_baseline")).isEqualTo("1.2000");
        assertThat(otherTput.get("verdict")).isEqualTo("significant");
        assertThat(otherTput.get("repeats")).isEqualTo("3");
        CSVRecord missing = rows.stream().filter(r -> r.get("scenario").equals("xslt") && r.get("run").equals("run-b"))
                .findFirst().orElseThrow();
        assertThat(missing.get("verdict")).isEqualTo("missing");
        assertThat(missing.get("value")).isEmpty();
    }
}
