package org.esbbench.maven;

import org.esbbench.report.usage.CpuSeries;
import org.esbbench.report.usage.GcCollectors;
import org.esbbench.report.usage.GcSeries;
import org.esbbench.report.usage.RunFigures;
import org.esbbench.report.usage.SaturationCheck;
import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;
import com.sun.management.OperatingSystemMXBean;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
import javax.management.Notification;
import javax.management.NotificationFilterSupport;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.remote.JMXConnectionNotification;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.management.RuntimeMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Records a JVM's garbage collections over JMX into {@code gc.csv} (read back by {@link GcSeries}), and
 * optionally samples its process CPU time into a {@link CpuSampler}-style {@code cpu.csv}, so a server reached
 * only by its JMX address (an external one) has CPU figures too.
 *
 * <p>The JVM's own GC notifications ({@link GarbageCollectionNotificationInfo}) rather than the GC log: they
 * carry collector, cause, duration and per-pool heap usage before and after in a stable format, where the log's
 * layout changes with collector and JDK version.
 *
 * <p>Times are wall-clock milliseconds of <em>this</em> machine (the one JMeter's timestamps come from): the
 * remote uptime is anchored to the local clock when connecting, and each collection's end (uptime based) is
 * placed on it. Two remote JVMs' clocks never need to agree.
 *
 * <p>Notifications arrive on the JMX client's own thread and CPU samples on a daemon thread; neither ever
 * throws into the build: when the connection drops (the server stopped) the recorder says so once in the log,
 * writes a "recording stopped" row and stops.
 */
public final class GcRecorder implements AutoCloseable {
    private static final Duration RETRY_PAUSE = Duration.ofMillis(250);

    private final JMXServiceURL url;
    private final JMXConnector connector;
    private final MBeanServerConnection mbeans;
    private final Consumer<String> log;
    private final CSVPrinter gcOut;
    private final long uptimeAnchorEpochMs;
    private final Set<String> heapPools;
    private final List<ObjectName> collectors;
    private final NotificationListener onCollection = this::onCollection;
    private final NotificationListener onConnection = this::onConnection;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final ScheduledExecutorService cpuTicks = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "esb-bench-jmx-cpu"));
    private long fullCollections;
    private BufferedWriter cpuOut;
    private String cpuProcess;
    private OperatingSystemMXBean os;

    private GcRecorder(JMXServiceURL url, JMXConnector connector, Path gcCsv, Consumer<String> log) throws IOException {
        this.url = url;
        this.connector = connector;
        this.log = log;
        this.mbeans = connector.getMBeanServerConnection();
        RuntimeMXBean runtime = ManagementFactory.getPlatformMXBean(mbeans, RuntimeMXBean.class);
        long before = System.currentTimeMillis();
        long uptime = runtime.getUptime();
        long after = System.currentTimeMillis();
        this.uptimeAnchorEpochMs = (before + after) / 2 - uptime;
        this.heapPools = ManagementFactory.getPlatformMXBeans(mbeans, MemoryPoolMXBean.class).stream()
                .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
        try {
            this.collectors = new ArrayList<>(mbeans.queryNames(new ObjectName(ManagementFactory.GARBAGE_COLLECTOR_MXBEAN_DOMAIN_TYPE + ",*"), null));
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
        Files.createDirectories(gcCsv.toAbsolutePath().getParent());
        boolean fresh = !Files.exists(gcCsv) || Files.size(gcCsv) == 0;
        BufferedWriter out = Files.newBufferedWriter(gcCsv, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        this.gcOut = new CSVPrinter(out, fresh ? CSVFormat.DEFAULT.builder().setHeader(GcSeries.HEADER).build() : CSVFormat.DEFAULT);
    }

    /**
     * Connects to the JMX connector at {@code url}, retrying until {@code timeout} has passed (the JVM may still
     * be starting), subscribes to every collector's notifications and writes the "recording started" row.
     *
     * @throws IOException when no connection could be made in time (the message carries the last error)
     */
    public static GcRecorder connect(JMXServiceURL url, Duration timeout, Path gcCsv, Consumer<String> log) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        ExecutorService connecting = Executors.newSingleThreadExecutor(r -> daemon(r, "esb-bench-jmx-connect"));
        Exception last = null;
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new IOException("no JMX connection to " + url + " within " + timeout.toSeconds() + " s"
                            + (last == null ? "" : ": " + last), last);
                }
                // In a thread of its own: an RMI connect to a host that drops packets would block far longer.
                Future<JMXConnector> attempt = connecting.submit(() -> JMXConnectorFactory.connect(url));
                try {
                    JMXConnector connector = attempt.get(left, TimeUnit.NANOSECONDS);
                    return start(url, connector, gcCsv, log);
                } catch (ExecutionException e) {
                    last = e.getCause() instanceof Exception cause ? cause : e;
                } catch (TimeoutException e) {
                    attempt.cancel(true);
                    last = e;
                    continue;
                }
                Thread.sleep(Math.min(RETRY_PAUSE.toMillis(), Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while connecting to " + url);
        } finally {
            connecting.shutdownNow();
        }
    }

    /** Convenience for a service URL string such as {@link JmxFlags#serviceUrl} builds. */
    public static GcRecorder connect(String serviceUrl, Duration timeout, Path gcCsv, Consumer<String> log) throws IOException {
        return connect(new JMXServiceURL(serviceUrl), timeout, gcCsv, log);
    }

    private static GcRecorder start(JMXServiceURL url, JMXConnector connector, Path gcCsv, Consumer<String> log) throws IOException {
        GcRecorder recorder;
        try {
            recorder = new GcRecorder(url, connector, gcCsv, log);
        } catch (IOException | RuntimeException e) {
            closeQuietly(connector);
            throw e;
        }
        recorder.subscribe();
        return recorder;
    }

    private void subscribe() throws IOException {
        connector.addConnectionNotificationListener(onConnection, null, null);
        NotificationFilterSupport onlyCollections = new NotificationFilterSupport();
        onlyCollections.enableType(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION);
        try {
            for (ObjectName collector : collectors) {
                mbeans.addNotificationListener(collector, onCollection, onlyCollections, null);
            }
        } catch (Exception e) {
            close();
            throw new IOException("cannot subscribe to the GC notifications of " + url + ": " + e, e);
        }
        marker(GcSeries.RECORDING_STARTED, url.toString());
        log.accept("recording GC of " + url + " (collectors: " + collectors.stream()
                .map(n -> n.getKeyProperty("name")).sorted().collect(Collectors.joining(", ")) + ")");
    }

    /**
     * Also samples the remote process's CPU time (all its threads, from the JVM's OperatingSystemMXBean)
     * every {@code interval}, appending {@code epochMs,process,cpuMs} rows to {@code cpuCsv}. Meant for a server
     * the local {@link CpuSampler} cannot see; pointed at the same file as a running CpuSampler, each tick
     * appends whole lines in one write, which Linux keeps intact.
     */
    public synchronized GcRecorder sampleCpu(Path cpuCsv, String process, Duration interval) throws IOException {
        if (cpuOut != null) {
            throw new IllegalStateException("already sampling the CPU time of " + cpuProcess);
        }
        os = ManagementFactory.getPlatformMXBean(mbeans, OperatingSystemMXBean.class);
        Files.createDirectories(cpuCsv.toAbsolutePath().getParent());
        boolean fresh = !Files.exists(cpuCsv) || Files.size(cpuCsv) == 0;
        cpuOut = Files.newBufferedWriter(cpuCsv, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (fresh) {
            cpuOut.write("epochMs,process,cpuMs\n");
        }
        cpuProcess = process;
        sampleCpuOnce();
        cpuTicks.scheduleWithFixedDelay(this::sampleCpuOnce, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    /**
     * Runs a full collection in the remote JVM ({@code MemoryMXBean.gc()}, i.e. {@code System.gc()}) and waits
     * up to {@code timeout} for its notification to be recorded, so the heap footprint after full GC is in
     * gc.csv before the caller moves on.
     *
     * @return true when the full collection was recorded; false (and a log line) when the connection is gone,
     * or when the JVM turned the call into something else (-XX:+DisableExplicitGC, -XX:+ExplicitGCInvokesConcurrent)
     */
    public boolean forceFullGc(Duration timeout) {
        if (stopped.get()) {
            return false;
        }
        long seen;
        synchronized (this) {
            seen = fullCollections;
        }
        try {
            ManagementFactory.getPlatformMXBean(mbeans, MemoryMXBean.class).gc();
        } catch (IOException | RuntimeException e) {
            lost(e);
            return false;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (this) {
            try {
                while (fullCollections == seen && !stopped.get()) {
                    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                    if (left <= 0) {
                        log.accept("no full collection reported by " + url + " within " + timeout.toMillis()
                                + " ms of System.gc() (explicit GC disabled or concurrent?)");
                        return false;
                    }
                    wait(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            return fullCollections != seen;
        }
    }

    /** False once the connection dropped or the recorder was closed. */
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
            if (stopped.get()) {
                return;
            }
            write(uptimeAnchorEpochMs + gc.getEndTime(), collector, info.getGcAction(), info.getGcCause(),
                    gc.getDuration(), heapBytes(gc.getMemoryUsageBeforeGc()), heapBytes(gc.getMemoryUsageAfterGc()),
                    GcCollectors.isConcurrent(collector));
            if (GcCollectors.isFullCollection(collector, info.getGcAction(), info.getGcCause())) {
                fullCollections++;
                notifyAll();
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
                    lost(new IOException("JMX connection " + n.getType().substring("jmx.remote.connection.".length())));
            case JMXConnectionNotification.NOTIFS_LOST -> {
                synchronized (this) {
                    if (!stopped.get()) {
                        log.accept("the JMX connector of " + url + " dropped GC notifications: " + n.getMessage());
                        marker(GcSeries.NOTIFICATIONS_LOST, String.valueOf(n.getUserData()));
                    }
                }
            }
            default -> {
            }
        }
    }

    private void sampleCpuOnce() {
        try {
            long cpuNanos = os.getProcessCpuTime();
            long now = System.currentTimeMillis();
            synchronized (this) {
                if (cpuNanos >= 0 && !stopped.get()) {
                    cpuOut.write(now + "," + cpuProcess + "," + TimeUnit.NANOSECONDS.toMillis(cpuNanos) + "\n");
                    cpuOut.flush();
                }
            }
        } catch (IOException | RuntimeException e) {
            // a proxy call on a dead connection surfaces as UndeclaredThrowableException (a RuntimeException)
            lost(e);
        }
    }

    /** First failure wins: one log line, one "recording stopped" row, and the recorder goes quiet. */
    private void lost(Exception e) {
        synchronized (this) {
            if (stopped.get()) {
                return;
            }
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            marker(GcSeries.RECORDING_STOPPED, "connection lost: " + cause);
            stopped.set(true);
            notifyAll();
            log.accept("lost the JMX connection to " + url + " (" + cause + "): GC and CPU recording stopped");
        }
        cpuTicks.shutdown();
    }

    private void marker(String action, String cause) {
        write(System.currentTimeMillis(), "", action, cause, 0, 0, 0, false);
    }

    private synchronized void write(long epochMs, String collector, String action, String cause, long durationMs,
                                    long heapBefore, long heapAfter, boolean concurrent) {
        try {
            gcOut.printRecord(epochMs, collector, action, cause, durationMs, heapBefore, heapAfter, concurrent);
            gcOut.flush();
        } catch (IOException e) {
            // the run's folder became unwritable: nothing sensible left to record
            stopped.set(true);
            log.accept("cannot write the GC series: " + e);
        }
    }

    /** Takes a last CPU sample, writes the "recording stopped" row, unsubscribes and disconnects. */
    @Override
    public void close() {
        cpuTicks.shutdown();
        try {
            cpuTicks.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (cpuOut != null && !stopped.get()) {
            sampleCpuOnce();
        }
        synchronized (this) {
            if (!stopped.getAndSet(true)) {
                write(System.currentTimeMillis(), "", GcSeries.RECORDING_STOPPED, "closed", 0, 0, 0, false);
            }
            notifyAll();
        }
        try {
            connector.removeConnectionNotificationListener(onConnection);
        } catch (Exception ignored) {
            // already gone
        }
        closeQuietly(connector);
        synchronized (this) {
            try {
                gcOut.close();
                if (cpuOut != null) {
                    cpuOut.close();
                }
            } catch (IOException e) {
                log.accept("cannot close the GC or CPU series: " + e);
            }
        }
    }

    private static void closeQuietly(JMXConnector connector) {
        try {
            connector.close();  // also drops the server-side listeners
        } catch (IOException | RuntimeException ignored) {
            // the server is gone already: nothing to release there
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
