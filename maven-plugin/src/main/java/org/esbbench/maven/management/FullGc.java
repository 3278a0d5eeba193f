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
import org.esbbench.report.usage.GcCollectors;

/**
 * Asks a JVM for a full collection ({@code MemoryMXBean.gc()}, i.e. {@code System.gc()}) over its management
 * connection and waits until the JVM reports one, so that the heap footprint after full GC is measured for every
 * scenario run even when the run itself caused none. The recording of it is the monitor's job (its
 * {@link GcRecording} gets the same notification); this class only asks and confirms.
 */
public final class FullGc {
    private FullGc() {
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
