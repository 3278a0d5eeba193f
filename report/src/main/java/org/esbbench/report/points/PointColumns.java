package org.esbbench.report.points;

import org.apache.commons.csv.CSVRecord;

import java.util.List;

/**
 * The columns that name a point in the CSV files (points.csv, summary.csv), written and read in one place. The
 * {@code heap} column is always there: the server's heap when the run measures several, empty when it does not
 * vary the heap (run.json holds the run's one heap); so is {@code server_cores}: the count of the server's cores when
 * the run measures several, empty when it does not (cpus.properties holds the run's CPUs).
 */
public final class PointColumns {
    public static final List<String> NAMES = List.of("scenario", "users", "rate", "size_bytes", "delay_ms", "heap",
            "server_cores");

    private PointColumns() {
    }

    public static List<Object> values(Point p) {
        return List.of(p.scenario(), p.users(), p.rate(), p.sizeBytes(), p.delayMs(), p.heap(),
                p.serverCores() == 0 ? "" : Integer.toString(p.serverCores()));
    }

    public static Point read(CSVRecord c) {
        // Files written before the open model have no rate column: closed-model points; before heap lists, no heap;
        // before core counts, no server_cores.
        return new Point(c.get("scenario"), Integer.parseInt(c.get("users")),
                c.isMapped("rate") ? Integer.parseInt(c.get("rate")) : 0,
                Integer.parseInt(c.get("size_bytes")), Long.parseLong(c.get("delay_ms")),
                c.isMapped("heap") && c.isSet("heap") ? c.get("heap") : "",
                c.isMapped("server_cores") && c.isSet("server_cores") && !c.get("server_cores").isBlank()
                        ? Integer.parseInt(c.get("server_cores")) : 0);
    }
}
