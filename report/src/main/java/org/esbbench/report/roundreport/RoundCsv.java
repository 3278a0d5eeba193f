package org.esbbench.report.roundreport;

import org.esbbench.report.round.RoundCell;
import org.esbbench.report.round.RoundFigures;

import org.esbbench.report.figures.Decimal;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.points.CsvTable;
import org.esbbench.report.points.PointColumns;
import org.esbbench.report.points.Spread;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code round.csv}: one row per target at each point, for tools: the point's columns as in every summary.csv,
 * the target, how many iterations measured it (of how many planned), each round figure's median with the lowest
 * and highest iteration, the throughput's spread, the ratio to the target's own {@code direct}, errors and
 * incorrect replies over the iterations, the flags, and the iterations' run folders.
 */
final class RoundCsv {
    static final String FILE = "round.csv";

    private RoundCsv() {
    }

    static List<String> columns() {
        List<String> columns = new ArrayList<>(PointColumns.NAMES);
        columns.addAll(List.of("target", "iterations", "iterations_planned"));
        for (Figure f : RoundFigures.ALL) {
            columns.addAll(List.of(f.id(), f.id() + "_low", f.id() + "_high"));
        }
        columns.addAll(List.of("spread_pct", "ratio_to_direct", "errors", "incorrect", "flags", "run_ids"));
        return columns;
    }

    static void write(List<RoundCell> cells, Path file) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        for (RoundCell c : cells) {
            List<Object> row = new ArrayList<>(PointColumns.values(c.point()));
            row.addAll(List.of(c.target(), c.measured(), c.planned()));
            for (Figure f : RoundFigures.ALL) {
                Spread v = c.value(f);
                row.add(v == null ? "" : f.recorded(v.value()));
                row.add(v == null ? "" : f.recorded(v.min()));
                row.add(v == null ? "" : f.recorded(v.max()));
            }
            row.add(c.spreadPercent() == null ? "" : Decimal.trimmed(c.spreadPercent(), 2));
            row.add(c.ratioToDirect() == null ? "" : Decimal.trimmed(c.ratioToDirect(), 4));
            row.addAll(List.of(c.errors(), c.incorrect(), c.flagsText(), String.join(" ", c.runIds())));
            rows.add(row);
        }
        CsvTable.write(file, columns(), rows);
    }
}
