package org.esbbench.report.points;

import java.util.Comparator;

/**
 * One measured point: a scenario at a concurrency, payload size and backend delay. A run measures one or more
 * points, each one or more times (repeats).
 *
 * @param scenario  scenario id (e.g. "direct")
 * @param users     concurrent users (closed model)
 * @param sizeBytes payload size in bytes
 * @param delayMs   backend delay in milliseconds
 */
public record Point(String scenario, int users, int sizeBytes, long delayMs) implements Comparable<Point> {

    private static final Comparator<Point> ORDER = Comparator.comparing(Point::scenario)
            .thenComparingLong(Point::delayMs).thenComparingInt(Point::sizeBytes).thenComparingInt(Point::users);

    /** A file-name-safe key, e.g. {@code direct_u10_s1024_d0}. */
    public String key() {
        return scenario + "_u" + users + "_s" + sizeBytes + "_d" + delayMs;
    }

    /** The series a point belongs to in the charts against concurrency: same scenario, size and delay. */
    public String seriesLabel() {
        return sizeLabel(sizeBytes) + (delayMs > 0 ? ", delay " + delayMs + " ms" : "");
    }

    public static String sizeLabel(int bytes) {
        if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + " MiB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + " KiB";
        }
        return bytes + " B";
    }

    @Override
    public int compareTo(Point o) {
        return ORDER.compare(this, o);
    }
}
