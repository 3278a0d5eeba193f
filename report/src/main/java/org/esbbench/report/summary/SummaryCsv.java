package org.esbbench.report.summary;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.CsvTable;
import org.esbbench.report.points.PointColumns;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.Spread;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code summary.csv}: one row per point, a column per figure of the catalogue with the point's value, and for
 * every figure that is not a sum {@code <id>_min} and {@code <id>_max}, the lowest and highest of its repeats.
 */
final class SummaryCsv {
    private SummaryCsv() {
    }

    static List<String> columns(Figures figures) {
        List<String> columns = new ArrayList<>(PointColumns.NAMES);
        columns.add("repeats");
        for (Figure f : figures.all()) {
            columns.add(f.id());
            if (f.combination().hasSpread()) {
                columns.add(f.id() + "_min");
                columns.add(f.id() + "_max");
            }
        }
        columns.add("flags");
        return columns;
    }

    static void write(List<PointSummary> points, Figures figures, Path file) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        for (PointSummary s : points) {
            List<Object> row = new ArrayList<>(PointColumns.values(s.point()));
            row.add(s.repeatCount());
            for (Figure f : figures.all()) {
                Spread v = s.value(f);
                row.add(v == null ? "" : f.recorded(v.value()));
                if (f.combination().hasSpread()) {
                    row.add(v == null ? "" : f.recorded(v.min()));
                    row.add(v == null ? "" : f.recorded(v.max()));
                }
            }
            row.add(String.join("; ", s.flags()));
            rows.add(row);
        }
        CsvTable.write(file, columns(figures), rows);
    }
}
