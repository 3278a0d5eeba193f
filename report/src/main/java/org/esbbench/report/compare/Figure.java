package org.esbbench.report.compare;

import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.Spread;

import java.util.function.Function;

/** The figures a comparison puts side by side, each a median over a point's repeats with its spread. */
public enum Figure {
    THROUGHPUT("throughput_per_s", "throughput/s", 1, PointSummary::throughputPerSecond),
    MEAN("mean_ms", "mean ms", 2, PointSummary::meanMs),
    P99("p99_ms", "p99 ms", 1, PointSummary::p99Ms),
    CPU("cpu_us_per_msg", "CPU µs/msg", 1, PointSummary::cpuMicrosPerMessage);

    private final String id;
    private final String title;
    private final int decimals;
    private final Function<PointSummary, Spread> value;

    Figure(String id, String title, int decimals, Function<PointSummary, Spread> value) {
        this.id = id;
        this.title = title;
        this.decimals = decimals;
        this.value = value;
    }

    /** Column-safe name, as in comparison.csv. */
    public String id() {
        return id;
    }

    /** Heading for tables. */
    public String title() {
        return title;
    }

    /** Decimals worth showing. */
    public int decimals() {
        return decimals;
    }

    /** The figure's spread over the point's repeats, {@code null} when the run did not measure it. */
    public Spread of(PointSummary point) {
        return point == null ? null : value.apply(point);
    }
}
