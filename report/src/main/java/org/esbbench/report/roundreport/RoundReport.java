package org.esbbench.report.roundreport;

import org.esbbench.report.round.PublishedRatios;
import org.esbbench.report.round.RoundCell;
import org.esbbench.report.round.RoundCells;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundTable;
import org.esbbench.report.round.TargetRunResult;

import org.esbbench.report.figures.Decimal;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.index.ResultsIndex;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.esbbench.report.capacity.RoundCapacities;
import java.util.function.Consumer;

/**
 * The report of a round ({@code results/round-<id>/}): reads its {@code round.json} and the summary.csv of each
 * target run's folder (its siblings, {@code results/<runId>/}) and writes beside round.json
 * <ul>
 *   <li>{@code round.csv}: a row per target at each point, median and lowest–highest over the iterations;</li>
 *   <li>{@code round.md} and {@code round.html}: the targets side by side per scenario (catalogue order, an
 *       average row), the flags, the unstable cells, the ratios to direct beside the published ones, the order
 *       of the runs and links to each run's report;</li>
 *   <li>{@code charts/round-*.png} and {@code .svg}: grouped bars per figure and of the ratios;</li>
 * </ul>
 * then writes the results index again, which links the round. Nothing here measures: the report can be written
 * again at any time (the {@code round} command does), also of a round that stopped part way.
 */
public final class RoundReport {

    /**
     * What the report found, for callers and tests.
     *
     * @param round    the round's record
     * @param rows     a row per target at each point, as round.csv has them (table order)
     * @param unstable the rows flagged unstable, in the same order
     * @param files    the files written in the round's folder, the charts after the tables
     * @param index    the results index written after the report
     */
    public record Result(RoundRecord round, List<RoundCell> rows, List<RoundCell> unstable, List<Path> files,
                         Path index) {
        public Result {
            rows = List.copyOf(rows);
            unstable = List.copyOf(unstable);
            files = List.copyOf(files);
        }
    }

    private RoundReport() {
    }

    /**
     * Writes the report of the round in {@code roundDir}, then the results index of its parent folder.
     *
     * @param log gets a line for each target run without figures, and the files written
     * @throws IOException when {@code roundDir} has no readable round.json, or a file cannot be written
     */
    public static Result write(Path roundDir, Consumer<String> log) throws IOException {
        RoundRecord round = RoundRecord.read(roundDir);
        Path results = roundDir.toAbsolutePath().normalize().getParent();
        List<TargetRunResult> runs = round.runs().stream().map(r -> TargetRunResult.load(results, r, log)).toList();
        RoundTable table = new RoundTable(round, RoundCells.of(round, runs));
        PublishedRatios published = PublishedRatios.load();

        Optional<RoundCapacities> capacities = RoundCapacities.of(round, runs, results, log);

        Path csv = roundDir.resolve(RoundCsv.FILE);
        RoundCsv.write(table.cells(), csv);
        // A capacity round's points are each at its own server's capacity: bars of them side by side compare nothing.
        List<RoundCharts.Written> charts = capacities.isPresent() ? List.of()
                : RoundCharts.write(table, published, roundDir.resolve(RunLayout.CHARTS));
        RoundContent content = new RoundContent(table, runs, charts, published, capacities);
        Path md = roundDir.resolve(RoundMarkdown.FILE);
        Files.writeString(md, RoundMarkdown.of(content), StandardCharsets.UTF_8);
        Path html = roundDir.resolve(RoundPage.FILE);
        Files.writeString(html, RoundPage.render(content), StandardCharsets.UTF_8);
        log.accept("round report: " + md + ", " + html + ", " + csv + " and " + charts.size() + " charts in "
                + roundDir.resolve(RunLayout.CHARTS));
        table.unstable().forEach(c -> log.accept("round: unstable: " + c.target() + ", " + c.point().key()
                + ": throughput spread " + Decimal.fixed(c.spreadPercent(), 1) + " %"));

        // As after every run's analysis: the index lists the round (and its runs) at once.
        Path index = ResultsIndex.write(results);
        log.accept("results index: " + index);

        List<Path> files = new ArrayList<>(List.of(csv, md, html));
        charts.forEach(c -> {
            Path png = roundDir.resolve(RunLayout.CHARTS).resolve(c.fileName());
            files.add(png);
            files.add(png.resolveSibling(c.fileName().replaceFirst("\\.png$", ".svg")));
        });
        return new Result(round, table.cells(), table.unstable(), files, index);
    }
}
