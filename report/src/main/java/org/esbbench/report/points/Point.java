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
 * @param heap      the server's heap (as -Xmx takes it, e.g. "512m") when the run measures several heaps; ""
 *                  when the heap is not varied (the run's one heap is in run.json): keys and file names of such a
 *                  point are the same as before heaps could be a list
 * @param serverCores the count of the server's cores (its CPUs of its own) when the run measures several counts
 *                  (-DserverCpus=1,2); 0 when the count is not varied (the run's CPU layout is in cpus.properties)
 */
public record Point(String scenario, int users, int rate, int sizeBytes, long delayMs, String heap, int serverCores)
        implements Comparable<Point> {

    private static final Comparator<Point> ORDER = Comparator.comparing(Point::scenario)
            .thenComparing(Point::heapBytes).thenComparing(Point::heap).thenComparingInt(Point::serverCores)
            .thenComparingLong(Point::delayMs).thenComparingInt(Point::sizeBytes).thenComparingInt(Point::rate)
            .thenComparingInt(Point::users);

    public Point {
        heap = heap == null ? "" : heap.trim().toLowerCase(java.util.Locale.ROOT);
        if (!heap.isEmpty() && !heap.matches("[1-9][0-9]*[kmg]?")) {
            throw new IllegalArgumentException("heap '" + heap + "': a heap size such as 512m or 2g");
        }
        if (serverCores < 0) {
            throw new IllegalArgumentException("server cores " + serverCores + ": a count of cores, or 0");
        }
    }

    /** A point whose count of server cores is not varied. */
    public Point(String scenario, int users, int rate, int sizeBytes, long delayMs, String heap) {
        this(scenario, users, rate, sizeBytes, delayMs, heap, 0);
    }

    /** A point whose heap is not varied. */
    public Point(String scenario, int users, int rate, int sizeBytes, long delayMs) {
        this(scenario, users, rate, sizeBytes, delayMs, "");
    }

    /** A closed-model point whose heap is not varied. */
    public Point(String scenario, int users, int sizeBytes, long delayMs) {
        this(scenario, users, 0, sizeBytes, delayMs, "");
    }

    /** An open-model point: {@code rate} arrivals per second. */
    public static Point open(String scenario, int rate, int sizeBytes, long delayMs) {
        return new Point(scenario, 0, rate, sizeBytes, delayMs, "");
    }

    /** The same point at the server heap {@code heap} ("" when the run does not vary the heap). */
    public Point withHeap(String heap) {
        return new Point(scenario, users, rate, sizeBytes, delayMs, heap, serverCores);
    }

    /** The same point on {@code cores} server cores (0 when the run does not vary the count). */
    /** The same point in the open model at {@code rate} arrivals per second (a capacity search's probe). */
    public Point withRate(int rate) {
        return new Point(scenario, 0, rate, sizeBytes, delayMs, heap, serverCores);
    }

    public Point withServerCores(int cores) {
        return new Point(scenario, users, rate, sizeBytes, delayMs, heap, cores);
    }

    /** The server's settings the run varies: "512m", "2 server cores", "512m · 2 server cores", or "". */
    public String serverLabel() {
        return heap + (heap.isEmpty() || serverCores == 0 ? "" : " · ") + serverCoresLabel();
    }

    /** "2 server cores", "" when the count is not varied. */
    public String serverCoresLabel() {
        return serverCores == 0 ? "" : serverCores + (serverCores == 1 ? " server core" : " server cores");
    }

    /** The heap in bytes, for ordering 256m before 1g; 0 when not varied. */
    public long heapBytes() {
        return heapBytes(heap);
    }

    /** A JVM size such as "512m" in bytes; 0 for "". */
    public static long heapBytes(String heap) {
        if (heap == null || heap.isEmpty()) {
            return 0;
        }
        char unit = heap.charAt(heap.length() - 1);
        long scale = switch (unit) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            default -> 1;
        };
        String digits = Character.isDigit(unit) ? heap : heap.substring(0, heap.length() - 1);
        try {
            return Math.multiplyExact(Long.parseLong(digits), scale);
        } catch (NumberFormatException | ArithmeticException e) {
            return Long.MAX_VALUE;
        }
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

    /**
     * A file-name-safe key, e.g. {@code direct_u10_s1024_d0}, or {@code direct_r50_s1024_d0} in the open model;
     * when the run measures several heaps, {@code _h<heap>} follows: {@code direct_u10_s1024_d0_h512m}; when it
     * measures several counts of server cores, {@code _c<cores>}: {@code direct_u8_s1024_d0_c2}.
     */
    public String key() {
        return scenario + (isOpen() ? "_r" + rate : "_u" + users) + "_s" + sizeBytes + "_d" + delayMs
                + (heap.isEmpty() ? "" : "_h" + heap) + (serverCores == 0 ? "" : "_c" + serverCores);
    }

    /**
     * The series a point belongs to in the charts against load: same scenario, model, size, delay, heap and count of
     * server cores.
     */
    public String seriesLabel() {
        return sizeLabel(sizeBytes) + (delayMs > 0 ? ", delay " + delayMs + " ms" : "")
                + (heap.isEmpty() ? "" : ", heap " + heap) + (serverCores == 0 ? "" : ", " + serverCoresLabel())
                + (isOpen() ? ", open model (arrivals/s)" : "");
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
