package org.esbbench.report.roundreport;

import java.util.List;

/**
 * A table of the round report as both round.md and round.html show it: what each cell says is decided once
 * ({@link RoundTables}), each writer only renders it.
 *
 * @param id       a name for the table (the HTML table's class, a test's handle)
 * @param headings the column headings
 * @param numeric  per column, whether it holds numbers (right-aligned)
 * @param rows     the rows
 */
record ReportTable(String id, List<String> headings, List<Boolean> numeric, List<Row> rows) {

    /**
     * A cell: its text, a detail after it (the range of a median, how many iterations; on a line of its own in the
     * page) and a link, each possibly empty.
     */
    record Cell(String text, String detail, String href) {
        static Cell of(String text) {
            return new Cell(text, "", "");
        }

        static Cell of(String text, String detail) {
            return new Cell(text, detail, "");
        }

        static Cell link(String text, String href) {
            return new Cell(text, "", href);
        }

        /** The text with its detail, as plain text. */
        String plain() {
            return detail.isEmpty() ? text : text + " " + detail;
        }
    }

    /**
     * @param cells    the cells, one per column
     * @param summary  whether the row sums the others up (the average rows): set apart
     */
    record Row(List<Cell> cells, boolean summary) {
        Row {
            cells = List.copyOf(cells);
        }
    }

    ReportTable {
        headings = List.copyOf(headings);
        numeric = List.copyOf(numeric);
        rows = List.copyOf(rows);
        for (Row r : rows) {
            if (r.cells().size() != headings.size()) {
                throw new IllegalArgumentException(id + ": a row of " + r.cells().size() + " cells under "
                        + headings.size() + " headings");
            }
        }
    }
}
