package org.esbbench.maven.management;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Keeps the server's GC recorded into one {@code gc.csv} across restarts of the server: the run goal restarts it
 * for each heap of a heap list, and a {@link GcRecording} lives and dies with one management connection.
 *
 * <p>A new server is noticed two ways: the recording lost its connection, or the server's process id in the run's
 * processes.csv changed. The second comes first as a rule: the JMX connector may take its connection check period
 * (up to a minute) to report a connection whose JVM is gone, and until then a stale recording would claim to
 * cover windows it sees nothing of. The old recording is then closed (its "recording stopped" row ends its span),
 * and a new connection and recording start in the background, appending to the same file with a "recording
 * started" row, so that {@link org.esbbench.report.usage.GcSeries} knows which windows each one covered.
 *
 * <p>{@link #follow} is called from the monitor's sampling tick and never blocks it: connecting, and unsubscribing
 * from a JVM that is gone, happen on a thread of their own.
 */
public final class GcFollower implements AutoCloseable {
    /** Pause between two reconnection attempts when the server is not back yet. */
    private static final Duration RETRY_PAUSE = Duration.ofSeconds(1);

    private final String url;
    private final JmxOptions options;
    private final Path gcCsv;
    private final Duration connectTimeout;
    private final Consumer<String> log;
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "esb-bench-gc-reconnect");
        t.setDaemon(true);
        return t;
    });
    /** The recording going on; null between a restart being noticed and the new recording starting. */
    private GcRecording recording;
    /** A connection this follower opened (the first one belongs to the caller). */
    private ManagementConnection owned;
    private Long serverPid;
    private Future<?> pending;
    private long nextAttemptNanos;
    private boolean closed;
    private int reconnections;

    private GcFollower(String url, JmxOptions options, Path gcCsv, Duration connectTimeout, Consumer<String> log) {
        this.url = url;
        this.options = options;
        this.gcCsv = gcCsv;
        this.connectTimeout = connectTimeout;
        this.log = log;
    }

    /** Starts recording over {@code first} (which stays the caller's to close), ready to follow restarts. */
    public static GcFollower start(ManagementConnection first, Path gcCsv, Duration connectTimeout,
                                   Consumer<String> log) throws IOException {
        GcFollower follower = new GcFollower(first.url().toString(), first.options(), gcCsv, connectTimeout, log);
        follower.recording = GcRecording.start(first, gcCsv, log);
        return follower;
    }

    /**
     * One look at the server: {@code currentServerPid} is the pid processes.csv gives the running server now (empty
     * when none is running or the server is not a process of the run). Starts a reconnection when the recording
     * lost its connection or the pid changed; does nothing while one is under way.
     */
    public synchronized void follow(Optional<Long> currentServerPid) {
        if (closed || (pending != null && !pending.isDone())) {
            return;
        }
        boolean replaced = currentServerPid.isPresent() && serverPid != null && !serverPid.equals(currentServerPid.get());
        if (currentServerPid.isPresent()) {
            serverPid = currentServerPid.get();
        }
        boolean lost = recording == null || !recording.isRecording();
        if (!replaced && !lost) {
            return;
        }
        if (!replaced && System.nanoTime() < nextAttemptNanos) {
            return;
        }
        nextAttemptNanos = System.nanoTime() + RETRY_PAUSE.toNanos();
        GcRecording old = recording;
        ManagementConnection oldConnection = owned;
        recording = null;
        owned = null;
        if (replaced) {
            log.accept("the server was restarted (pid " + currentServerPid.get() + "): recording its GC anew");
        }
        pending = background.submit(() -> reconnect(old, oldConnection));
    }

    /** How many times a new recording started after the first; for the tests and the log. */
    public synchronized int reconnections() {
        return reconnections;
    }

    /** Whether a recording is connected now. */
    public synchronized boolean isRecording() {
        return recording != null && recording.isRecording();
    }

    private void reconnect(GcRecording old, ManagementConnection oldConnection) {
        if (old != null) {
            old.close();
        }
        if (oldConnection != null) {
            oldConnection.close();
        }
        ManagementConnection connection;
        try {
            connection = ManagementConnection.connect(url, options, connectTimeout);
        } catch (IOException e) {
            log.accept("GC recording: no connection to the server yet (" + e.getMessage() + "); trying again");
            return;
        }
        synchronized (this) {
            if (closed) {
                connection.close();
                return;
            }
            try {
                recording = GcRecording.start(connection, gcCsv, log);
                owned = connection;
                reconnections++;
            } catch (IOException | RuntimeException e) {
                connection.close();
                log.accept("GC recording: cannot record the restarted server (" + e.getMessage() + "); trying again");
            }
        }
    }

    /** Ends the recording (its "recording stopped" row) and closes the connection this follower opened. */
    @Override
    public void close() {
        GcRecording last;
        ManagementConnection connection;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            last = recording;
            connection = owned;
            recording = null;
            owned = null;
        }
        background.shutdown();
        try {
            // a reconnection under way sees closed and closes what it opened: no recording starts after this
            background.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (last != null) {
            last.close();
        }
        if (connection != null) {
            connection.close();
        }
    }
}
