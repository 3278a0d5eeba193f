package org.esbbench.maven.management;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.esbbench.maven.processes.Deadline;
import javax.management.MBeanServerConnection;
import javax.management.NotificationListener;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A connection to a JVM's management agent (JMX over RMI), made with retries until a deadline because the JVM
 * may still be starting. What is done over it (GC recording, a forced full GC, CPU time) is up to its users.
 */
public final class ManagementConnection implements AutoCloseable {
    private static final Duration RETRY_PAUSE = Duration.ofMillis(250);

    private final JMXServiceURL url;
    private final JmxOptions options;
    private final JMXConnector connector;
    private final MBeanServerConnection mbeans;

    private ManagementConnection(JMXServiceURL url, JmxOptions options, JMXConnector connector) throws IOException {
        this.url = url;
        this.options = options;
        this.connector = connector;
        this.mbeans = connector.getMBeanServerConnection();
    }

    /** Connects to a service URL such as {@link ManagementAgentFlags#serviceUrl} builds, without credentials or TLS. */
    public static ManagementConnection connect(String serviceUrl, Duration timeout) throws IOException {
        return connect(new JMXServiceURL(serviceUrl), JmxOptions.NONE, timeout);
    }

    /** Connects to a service URL with the credentials and TLS of a target profile. */
    public static ManagementConnection connect(String serviceUrl, JmxOptions options, Duration timeout) throws IOException {
        return connect(new JMXServiceURL(serviceUrl), options, timeout);
    }

    public static ManagementConnection connect(JMXServiceURL url, Duration timeout) throws IOException {
        return connect(url, JmxOptions.NONE, timeout);
    }

    /**
     * Connects to {@code url}, retrying until {@code timeout} has passed; at once, without retrying, when the agent
     * refuses the credentials or the TLS handshake fails (no later attempt would do better).
     *
     * @throws IOException when no connection could be made in time (the message carries the last error, never a
     *                     password)
     */
    public static ManagementConnection connect(JMXServiceURL url, JmxOptions options, Duration timeout) throws IOException {
        Map<String, Object> environment;
        try {
            environment = options.environment();
        } catch (IllegalArgumentException e) {
            throw new IOException("cannot connect to " + url + ": " + e.getMessage(), e);
        }
        Deadline deadline = Deadline.in(timeout);
        ExecutorService connecting = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "esb-bench-management-connect");
            t.setDaemon(true);
            return t;
        });
        Exception last = null;
        try {
            while (!deadline.passed()) {
                // In a thread of its own: an RMI connect to a host that drops packets would block far longer.
                Future<JMXConnector> attempt = connecting.submit(() -> JMXConnectorFactory.connect(url, environment));
                try {
                    return open(url, options, attempt.get(deadline.left().toNanos(), TimeUnit.NANOSECONDS));
                } catch (ExecutionException e) {
                    last = e.getCause() instanceof Exception cause ? cause : e;
                    refuseAtOnce(url, options, last);
                } catch (TimeoutException e) {
                    attempt.cancel(true);
                    last = e;
                    continue;
                }
                deadline.pause(RETRY_PAUSE);
            }
            throw new IOException("no JMX connection to " + url + " within " + timeout.toSeconds() + " s"
                    + (last == null ? "" : ": " + last), last);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while connecting to " + url);
        } finally {
            connecting.shutdownNow();
        }
    }

    /** Wrong credentials or a failed TLS handshake: said at once, with what to check in the profile. */
    private static void refuseAtOnce(JMXServiceURL url, JmxOptions options, Exception e) throws IOException {
        if (e instanceof SecurityException) {
            throw new IOException("the JMX agent at " + url + " refused the connection (" + options.describe() + "): "
                    + e.getMessage() + "; check jmx.user and jmx.password in the target profile against the agent's"
                    + " com.sun.management.jmxremote.password.file and access file", e);
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof javax.net.ssl.SSLException) {
                throw new IOException("TLS with the JMX agent at " + url + " failed (" + options.describe() + "): "
                        + t.getMessage() + "; check jmx.ssl (the agent's com.sun.management.jmxremote.ssl), jmx.registry.ssl"
                        + " and that jmx.truststore holds the agent's certificate", e);
            }
        }
    }

    private static ManagementConnection open(JMXServiceURL url, JmxOptions options, JMXConnector connector) throws IOException {
        try {
            return new ManagementConnection(url, options, connector);
        } catch (IOException | RuntimeException e) {
            closeQuietly(connector);
            throw e;
        }
    }

    /** The credentials and TLS this connection was made with (a reconnection uses the same). */
    public JmxOptions options() {
        return options;
    }

    public JMXServiceURL url() {
        return url;
    }

    public MBeanServerConnection mbeans() {
        return mbeans;
    }

    /** A platform MXBean of the remote JVM (RuntimeMXBean, MemoryMXBean, OperatingSystemMXBean, ...). */
    public <T extends java.lang.management.PlatformManagedObject> T platformBean(Class<T> type) throws IOException {
        return ManagementFactory.getPlatformMXBean(mbeans, type);
    }

    /** Told when the connection fails, closes, or the connector drops notifications. */
    public void onConnectionChange(NotificationListener listener) {
        connector.addConnectionNotificationListener(listener, null, null);
    }

    public void removeConnectionListener(NotificationListener listener) {
        try {
            connector.removeConnectionNotificationListener(listener);
        } catch (Exception alreadyGone) {
            // nothing to remove
        }
    }

    /** Disconnects (which also drops the listeners registered in the remote JVM); never throws. */
    @Override
    public void close() {
        closeQuietly(connector);
    }

    private static void closeQuietly(JMXConnector connector) {
        try {
            connector.close();
        } catch (IOException | RuntimeException ignored) {
            // the remote JVM is gone already: nothing to release there
        }
    }
}
