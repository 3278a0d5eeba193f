package org.esbbench.report.round;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.StandardFigures;

import java.util.List;

/**
 * The figures a round sets the targets side by side on, as the published rounds did (throughput, then how slow the
 * slow replies were and what each message cost the server): the catalogue's own figures, so their CSV columns,
 * units and decimals are those of every run's summary.csv.
 */
public final class RoundFigures {
    public static final Figure THROUGHPUT = StandardFigures.THROUGHPUT;
    public static final List<Figure> ALL = List.of(StandardFigures.THROUGHPUT, StandardFigures.P99,
            StandardFigures.CPU_PER_MESSAGE);

    private RoundFigures() {
    }

    /** What a figure is called in the round's headings: "Throughput", "p99", "Server CPU per message". */
    public static String name(Figure figure) {
        if (figure.equals(StandardFigures.THROUGHPUT)) {
            return "Throughput";
        }
        if (figure.equals(StandardFigures.CPU_PER_MESSAGE)) {
            return "Server CPU per message";
        }
        return figure.title();
    }

    /** Its unit: requests (each a verified reply) per second for the throughput, else the catalogue's. */
    public static String unit(Figure figure) {
        return figure.equals(StandardFigures.THROUGHPUT) ? "req/s" : figure.unit();
    }

    /** The heading of a figure's table and its chart's value axis: "Throughput (req/s)", "p99 (ms)". */
    public static String title(Figure figure) {
        return name(figure) + " (" + unit(figure) + ")";
    }
}
