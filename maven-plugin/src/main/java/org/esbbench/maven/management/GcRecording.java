package org.esbbench.maven.management;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.management.RuntimeMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javax.management.MalformedObjectNameException;
import javax.management.Notification;
import javax.management.NotificationFilterSupport;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.remote.JMXConnectionNotification;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.esbbench.report.usage.GcCollectors;
import org.esbbench.report.usage.GcSeries;

/**
 * Records a JVM's garbage collections, as its management agent reports them, into {@code gc.csv} (read back by
 * {@link GcSeries}).
 *
 * <p>The JVM's own GC notifications ({@link GarbageCollectionNotificationInfo}) rather than the GC log: they
 * carry collector, cause, duration and per-pool heap usage before and after in a stable format, where the log's
 * layout changes with collector and JDK version.
 *
 * <p>Times are wall-clock milliseconds of <em>this</em> machine (the one JMeter's timestamps come from): the
 * remote uptime is anchored to the local clock when the recording starts, and each collection's end (uptime
 * based) is placed on it. Two JVMs' clocks never need to agree.
 *
 * <p>Notifications arrive on the connector's own thread; nothing is ever thrown from there: when the connection
 * drops (the server stopped) the recording says so once in the log, writes a "recording stopped" row and goes
 * quiet.
 */
public final class GcRecording implements AutoCloseable {
    private final ManagementConnection connection;
    private final Consumer<String> log;
    private final CSVPrinter out;
    private final long uptimeAnchorEpochMs;
    private final Set<String> heapPools;
    private final List<ObjectName> collectors;
    private final NotificationListener onCollection = this::onCollection;
    private final NotificationListener onConnection = this::onConnection;
    private final AtomicBoolean stopped = new AtomicBoolean();

    private GcRecording(ManagementConnection connection, Path gcCsv, Consumer<String> log) throws IOException {
        this.connection = connection;
        this.log = log;
        RuntimeMXBean runtime = connection.platformBean(RuntimeMXBean.class);
        long before = System.currentTimeMillis();
        long uptime = runtime.getUptime();
        long after = System.currentTimeMillis();
        this.uptimeAnchorEpochMs = (before + after) / 2 - uptime;
        this.heapPools = ManagementFactory.getPlatformMXBeans(connection.mbeans(), MemoryPoolMXBean.class).stream()
                .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
        this.collectors = collectors(connection);
        Files.createDirectories(gcCsv.toAbsolutePath().getParent());
        boolean fresh = !Files.exists(gcCsv) || Files.size(gcCsv) == 0;
        BufferedWriter file = Files.newBufferedWriter(gcCsv, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        this.out = new CSVPrinter(file, fresh ? CSVFormat.DEFAULT.builder().setHeader(GcSeries.HEADER).build() : CSVFormat.DEFAULT);
    }

    /** The remote JVM's garbage collector beans. */
    static List<ObjectName> collectors(ManagementConnection connection) throws IOException {
        try {
            return List.copyOf(connection.mbeans().queryNames(
                    new ObjectName(ManagementFactory.GARBAGE_COLLECTOR_MXBEAN_DOMAIN_TYPE + ",*"), null));
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Only the notifications of finished collections. */
    static NotificationFilterSupport collectionsOnly() {
        NotificationFilterSupport filter = new NotificationFilterSupport();
        filter.enableType(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION);
        return filter;
    }

    /**
     * Subscribes to every collector's notifications over {@code connection} and writes the "recording started" row.
     * Closing the recording does not close the connection.
     */
    public static GcRecording start(ManagementConnection connection, Path gcCsv, Consumer<String> log) throws IOException {
        GcRecording recording = new GcRecording(connection, gcCsv, log);
        recording.subscribe();
        return recording;
    }

    private void subscribe() throws IOException {
        connection.onConnectionChange(onConnection);
        try {
            for (ObjectName collector : collectors) {
                connection.mbeans().addNotificationListener(collector, onCollection, collectionsOnly(), null);
            }
        } catch (Exception e) {
            close();
            throw new IOException("cannot subscribe to the GC notifications of " + connection.url() + ": " + e, e);
        }
        marker(GcSeries.RECORDING_STARTED, connection.url().toString());
        log.accept("recording GC of " + connection.url() + " (collectors: " + collectors.stream()
                .map(n -> n.getKeyProperty("name")).sorted().collect(Collectors.joining(", ")) + ")");
    }

    /** False once the connection dropped or the recording was closed. */
    public boolean isRecording() {
        return !stopped.get();
    }

    private void onCollection(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        GcInfo gc = info.getGcInfo();
        String collector = info.getGcName();
        synchronized (this) {
            if (!stopped.get()) {
                write(uptimeAnchorEpochMs + gc.getEndTime(), collector, info.getGcAction(), info.getGcCause(),
                        gc.getDuration(), heapBytes(gc.getMemoryUsageBeforeGc()), heapBytes(gc.getMemoryUsageAfterGc()),
                        GcCollectors.isConcurrent(collector));
            }
        }
    }

    private long heapBytes(Map<String, MemoryUsage> pools) {
        return pools.entrySet().stream().filter(e -> heapPools.contains(e.getKey()))
                .mapToLong(e -> e.getValue().getUsed()).sum();
    }

    private void onConnection(Notification n, Object handback) {
        switch (n.getType()) {
            case JMXConnectionNotification.FAILED, JMXConnectionNotification.CLOSED ->
                    lost("JMX connection " + n.getType().substring("jmx.remote.connection.".length()));
            case JMXConnectionNotification.NOTIFS_LOST -> {
                synchronized (this) {
                    if (!stopped.get()) {
                        log.accept("the JMX connector of " + connection.url() + " dropped GC notifications: " + n.getMessage());
                        marker(GcSeries.NOTIFICATIONS_LOST, String.valueOf(n.getUserData()));
                    }
                }
            }
            default -> {
            }
        }
    }

    /** First loss wins: one log line, one "recording stopped" row, and the recording goes quiet. */
    private synchronized void lost(String cause) {
        if (stopped.get()) {
            return;
        }
        marker(GcSeries.RECORDING_STOPPED, "connection lost: " + cause);
        stopped.set(true);
        log.accept("lost the JMX connection to " + connection.url() + " (" + cause + "): GC recording stopped");
    }

    private void marker(String action, String cause) {
        write(System.currentTimeMillis(), "", action, cause, 0, 0, 0, false);
    }

    private synchronized void write(long epochMs, String collector, String action, String cause, long durationMs,
                                    long heapBefore, long heapAfter, boolean concurrent) {
        try {
            out.printRecord(epochMs, collector, action, cause, durationMs, heapBefore, heapAfter, concurrent);
            out.flush();
        } catch (IOException e) {
            // the run's folder became unwritable: nothing sensible left to record
            stopped.set(true);
            log.accept("cannot write the GC series: " + e);
        }
    }

    /** Writes the "recording stopped" row (unless the connection was lost before), unsubscribes, closes the file. */
    @Override
    public void close() {
        synchronized (this) {
            if (!stopped.getAndSet(true)) {
                write(System.currentTimeMillis(), "", GcSeries.RECORDING_STOPPED, "closed", 0, 0, 0, false);
            }
        }
        connection.removeConnectionListener(onConnection);
        for (ObjectName collector : collectors) {
            try {
                connection.mbeans().removeNotificationListener(collector, onCollection);
            } catch (Exception alreadyGone) {
                // the connection or the JVM is gone: no listener left to remove
            }
        }
        synchronized (this) {
            try {
                out.close();
            } catch (IOException e) {
                log.accept("cannot close the GC series: " + e);
            }
        }
    }
}
