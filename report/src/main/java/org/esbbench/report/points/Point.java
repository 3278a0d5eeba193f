package org.esbbench.report.points;

import java.util.Comparator;

/**
 * One measured point: a plan (a scenario or a user's plan) at a load level, payload size and backend delay. The
 * load is either concurrent users (closed model: {@code rate} is 0) or arrivals per second (open model:
 * {@code users} is 0). A run measures one or more points, each one or more times (repeats).
 *
 * @param scenario  scenario or plan id (e.g. "direct")
 * @param users     concurrent users (closed model), else 0
 * @param rate      arrivals per second (open model), else 0
 * @param sizeBytes payload size in bytes
 * @param delayMs   backend delay in milliseconds
 */
public record Point(String scenario, int users, int rate, int sizeBytes, long delayMs) implements Comparable<Point> {

    private static final Comparator<Point> ORDER = Comparator.comparing(Point::scenario)
            .thenComparingLong(Point::delayMs).thenComparingInt(Point::sizeBytes).thenComparingInt(Point::rate)
            .thenComparingInt(Point::users);

    /** A closed-model point. */
    public Point(String scenario, int users, int sizeBytes, long delayMs) {
        this(scenario, users, 0, sizeBytes, delayMs);
    }

    /** An open-model point: {@code rate} arrivals per second. */
    public static Point open(String scenario, int rate, int sizeBytes, long delayMs) {
        return new Point(scenario, 0, rate, sizeBytes, delayMs);
    }

    public boolean isOpen() {
        return rate > 0;
    }

    /** The load level: users, or arrivals per second in the open model. */
    public int load() {
        return isOpen() ? rate : users;
    }

    /** "10" users or "50/s" arrivals. */
    public String loadLabel() {
        return isOpen() ? rate + "/s" : Integer.toString(users);
    }

    /** A file-name-safe key, e.g. {@code direct_u10_s1024_d0}, or {@code direct_r50_s1024_d0} in the open model. */
    public String key() {
        return scenario + (isOpen() ? "_r" + rate : "_u" + users) + "_s" + sizeBytes + "_d" + delayMs;
    }

    /** The series a point belongs to in the charts against load: same scenario, model, size and delay. */
    public String seriesLabel() {
        return sizeLabel(sizeBytes) + (delayMs > 0 ? ", delay " + delayMs + " ms" : "") + (isOpen() ? ", open model (arrivals/s)" : "");
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
