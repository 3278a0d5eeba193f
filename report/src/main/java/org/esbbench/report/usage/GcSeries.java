package org.esbbench.report.usage;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Predicate;

/**
 * The server's garbage collections as the plugin's GC recording wrote them to {@code gc.csv}, read back to give the
 * GC figures of a measurement window [from, to] (epoch milliseconds, both inclusive, as the window of the
 * latency figures):
 * <ul>
 *   <li><b>GC throughput</b> (the share of wall time the application was not stopped by the collector, as WSO2
 *       publishes it): {@code 100 × (1 − pause time / window length)}, where the pause time is the sum of the
 *       durations of the stop-the-world collections (not the concurrent cycles, see {@link GcCollectors}) that
 *       ended in the window;</li>
 *   <li><b>heap footprint after full GC</b> (WSO2's "average memory footprint after full GC"): the mean heap
 *       occupancy, in MiB, right after the full collections that ended in [from, to + slack]; the suite
 *       forces one at the end of each point (a System.gc() over the management connection), just after its window, which
 *       the slack lets in;</li>
 *   <li>the number of pauses and the longest pause that ended in the window.</li>
 * </ul>
 * A figure is empty when the recording did not run over the whole window (not connected yet, connection
 * lost, notifications dropped by the JMX connector): "no data" must not read as "no GC". A window the
 * recording covered without any collection has a GC throughput of 100%. The JVM reports durations in whole
 * milliseconds, so each pause is known to ±1 ms.
 */
public final class GcSeries {
    public static final String[] HEADER = {"epochMs", "collector", "action", "cause", "durationMs", "heapBeforeBytes",
            "heapAfterBytes", "concurrent"};
    /** Marker rows (empty collector): the recording was connected from this instant ... */
    public static final String RECORDING_STARTED = "recording started";
    /** ... until this one (closed, or connection lost: the cause says which). */
    public static final String RECORDING_STOPPED = "recording stopped";
    /** The JMX connector dropped notifications before this instant: the windows around it are incomplete. */
    public static final String NOTIFICATIONS_LOST = "notifications lost";

    private static final double MIB = 1024.0 * 1024.0;

    /** One collection (a pause, a full collection, or a concurrent cycle) as the JVM reported it. */
    public record Collection(long epochMs, String collector, String action, String cause, long durationMs,
                             long heapBeforeBytes, long heapAfterBytes, boolean concurrent) {
        public boolean isPause() {
            return !concurrent;
        }

        public boolean isFull() {
            return GcCollectors.isFullCollection(collector, action, cause);
        }
    }

    private record Span(long from, long to) {
    }

    private final List<Collection> collections;
    private final List<Span> recorded;
    private final long[] lostAt;

    private GcSeries(List<Collection> collections, List<Span> recorded, long[] lostAt) {
        this.collections = List.copyOf(collections);
        this.recorded = List.copyOf(recorded);
        this.lostAt = lostAt;
    }

    /** Reads a gc.csv; a missing file is an empty series (nothing was recorded: every figure is empty). */
    public static GcSeries read(Path csv) throws IOException {
        List<Collection> collections = new ArrayList<>();
        List<Span> recorded = new ArrayList<>();
        List<Long> lost = new ArrayList<>();
        if (!Files.exists(csv)) {
            return new GcSeries(collections, recorded, new long[0]);
        }
        Long openedAt = null;
        try (Reader in = Files.newBufferedReader(csv)) {
            CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(HEADER).setSkipHeaderRecord(true).build();
            for (CSVRecord r : format.parse(in)) {
                try {
                    long at = Long.parseLong(r.get("epochMs"));
                    String collector = r.get("collector");
                    String action = r.get("action");
                    if (!collector.isEmpty()) {
                        collections.add(new Collection(at, collector, action, r.get("cause"),
                                Long.parseLong(r.get("durationMs")), Long.parseLong(r.get("heapBeforeBytes")),
                                Long.parseLong(r.get("heapAfterBytes")), Boolean.parseBoolean(r.get("concurrent"))));
                    } else if (RECORDING_STARTED.equals(action)) {
                        if (openedAt != null) {
                            recorded.add(new Span(openedAt, at));
                        }
                        openedAt = at;
                    } else if (RECORDING_STOPPED.equals(action) && openedAt != null) {
                        recorded.add(new Span(openedAt, at));
                        openedAt = null;
                    } else if (NOTIFICATIONS_LOST.equals(action)) {
                        lost.add(at);
                    }
                } catch (IllegalArgumentException | IllegalStateException e) {
                    throw new IOException(csv + " line " + r.getRecordNumber() + " is not a GC row: " + e.getMessage(), e);
                }
            }
        }
        if (openedAt != null) {
            // still recording when read (or the build died before closing it): covered up to now
            recorded.add(new Span(openedAt, Long.MAX_VALUE));
        }
        collections.sort((a, b) -> Long.compare(a.epochMs(), b.epochMs()));
        return new GcSeries(collections, recorded, lost.stream().mapToLong(Long::longValue).toArray());
    }

    /**
     * Whether {@code csv} has a "recording started" row at or after {@code sinceEpochMs}: a recording began then (the
     * run goal waits for one after restarting the server). False when the file is missing or unreadable yet.
     */
    public static boolean recordingStartedSince(Path csv, long sinceEpochMs) {
        if (!Files.exists(csv)) {
            return false;
        }
        try (Reader in = Files.newBufferedReader(csv)) {
            CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(HEADER).setSkipHeaderRecord(true).build();
            for (CSVRecord r : format.parse(in)) {
                if (r.isConsistent() && r.get("collector").isEmpty() && RECORDING_STARTED.equals(r.get("action"))
                        && Long.parseLong(r.get("epochMs")) >= sinceEpochMs) {
                    return true;
                }
            }
        } catch (IOException | RuntimeException e) {
            // being written: the next look reads it whole
        }
        return false;
    }

    public List<Collection> collections() {
        return collections;
    }

    /** True when one recording session ran over the whole window and the connector lost no notification in it. */
    public boolean covers(long fromEpochMs, long toEpochMs) {
        requireWindow(fromEpochMs, toEpochMs);
        for (long t : lostAt) {
            if (t >= fromEpochMs && t <= toEpochMs) {
                return false;
            }
        }
        return recorded.stream().anyMatch(s -> s.from() <= fromEpochMs && s.to() >= toEpochMs);
    }

    /** 100 × (1 − pause time of the stop-the-world collections that ended in the window / window length). */
    public OptionalDouble gcThroughputPercent(long fromEpochMs, long toEpochMs) {
        OptionalLong paused = totalPauseMs(fromEpochMs, toEpochMs);
        if (paused.isEmpty()) {
            return OptionalDouble.empty();
        }
        double share = Math.min(1.0, (double) paused.getAsLong() / (toEpochMs - fromEpochMs));
        return OptionalDouble.of(100.0 * (1.0 - share));
    }

    /** Sum of the durations of the stop-the-world collections that ended in the window. */
    public OptionalLong totalPauseMs(long fromEpochMs, long toEpochMs) {
        if (!covers(fromEpochMs, toEpochMs)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(pausesIn(fromEpochMs, toEpochMs).stream().mapToLong(Collection::durationMs).sum());
    }

    /** Number of stop-the-world collections that ended in the window. */
    public OptionalLong pauseCount(long fromEpochMs, long toEpochMs) {
        if (!covers(fromEpochMs, toEpochMs)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(pausesIn(fromEpochMs, toEpochMs).size());
    }

    /** Longest stop-the-world collection that ended in the window; 0 when the window had none. */
    public OptionalLong maxPauseMs(long fromEpochMs, long toEpochMs) {
        if (!covers(fromEpochMs, toEpochMs)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(pausesIn(fromEpochMs, toEpochMs).stream().mapToLong(Collection::durationMs).max().orElse(0));
    }

    /**
     * Mean heap occupancy in MiB (2^20 bytes) after the full collections that ended in [from, to + slack];
     * empty when there was none (a footprint cannot be guessed from young collections).
     */
    public OptionalDouble heapAfterFullGcMb(long fromEpochMs, long toEpochMs, long slackMs) {
        requireWindow(fromEpochMs, toEpochMs);
        if (slackMs < 0) {
            throw new IllegalArgumentException("slack must not be negative, was " + slackMs);
        }
        return matching(fromEpochMs, toEpochMs + slackMs, Collection::isFull).stream()
                .mapToLong(Collection::heapAfterBytes).average().stream().map(b -> b / MIB).findFirst();
    }

    private List<Collection> pausesIn(long from, long to) {
        return matching(from, to, Collection::isPause);
    }

    private List<Collection> matching(long from, long to, Predicate<Collection> which) {
        return collections.stream().filter(c -> c.epochMs() >= from && c.epochMs() <= to).filter(which).toList();
    }

    private static void requireWindow(long from, long to) {
        if (to <= from) {
            throw new IllegalArgumentException("window end " + to + " must be after its start " + from);
        }
    }
}
