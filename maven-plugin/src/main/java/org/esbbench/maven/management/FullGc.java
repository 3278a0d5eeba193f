package org.esbbench.maven.management;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.IOException;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.management.Notification;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.report.usage.GcCollectors;

/**
 * Asks a JVM for a full collection ({@code MemoryMXBean.gc()}, i.e. {@code System.gc()}) over its management
 * connection and waits until the JVM reports one, so that the heap footprint after full GC is measured for every
 * scenario run even when the run itself caused none. The recording of it is the monitor's job (its
 * {@link GcRecording} gets the same notification); this class only asks and confirms.
 */
public final class FullGc {
    /** How long the server's JVM may take to report the full collection asked for after each scenario run. */
    private static final Duration AFTER_SCENARIO_RUN_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration MANAGEMENT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private FullGc() {
    }

    /**
     * Asks the server's JVM for a full collection over a short management connection, so that the heap footprint
     * after full GC is measured for every scenario run; the monitor records the collection. A failure is said, not
     * thrown: the run goes on without that figure.
     */
    public static void afterScenarioRun(String agent, JmxOptions options, BuildLog log) {
        try (ManagementConnection connection = ManagementConnection.connect(agent, options, MANAGEMENT_CONNECT_TIMEOUT)) {
            if (!run(connection, AFTER_SCENARIO_RUN_TIMEOUT)) {
                log.info("the server's JVM did not report the requested full GC within "
                        + AFTER_SCENARIO_RUN_TIMEOUT.toSeconds() + " s (explicit GC disabled or concurrent?)");
            }
        } catch (IOException e) {
            log.warn("could not ask the server's JVM for a full GC: " + e.getMessage());
        } catch (SecurityException e) {
            // a read-only JMX role (jmx.user) may record GC but not invoke one
            log.warn("the server's JVM refused the full GC (" + e.getMessage() + "): give jmx.user readwrite access in"
                    + " the agent's access file for the heap after full GC");
        }
    }

    /**
     * @return true when the JVM reported a full collection within {@code timeout}; false when it did not (explicit
     * GC disabled, -XX:+ExplicitGCInvokesConcurrent) or the connection failed
     */
    public static boolean run(ManagementConnection connection, Duration timeout) throws IOException {
        CountDownLatch full = new CountDownLatch(1);
        NotificationListener listener = (Notification n, Object handback) -> {
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
            if (GcCollectors.isFullCollection(info.getGcName(), info.getGcAction(), info.getGcCause())) {
                full.countDown();
            }
        };
        List<ObjectName> collectors = GcRecording.collectors(connection);
        try {
            for (ObjectName collector : collectors) {
                connection.mbeans().addNotificationListener(collector, listener, GcRecording.collectionsOnly(), null);
            }
            connection.platformBean(MemoryMXBean.class).gc();
            return full.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (javax.management.InstanceNotFoundException e) {
            throw new IOException(e);
        } catch (RuntimeException e) {
            // a proxy call on a dead connection surfaces as UndeclaredThrowableException
            throw new IOException("full GC over " + connection.url() + " failed: " + e, e);
        } finally {
            for (ObjectName collector : collectors) {
                try {
                    connection.mbeans().removeNotificationListener(collector, listener);
                } catch (Exception alreadyGone) {
                    // nothing left to remove
                }
            }
        }
    }
}
