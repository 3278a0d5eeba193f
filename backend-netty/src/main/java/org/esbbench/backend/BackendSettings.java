package org.esbbench.backend;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Everything the echo backend is configured with. Built by {@link EchoBackendCommand} from flags, or
 * directly by tests and launchers that run the backend in-process.
 *
 * @param bindAddress       address to listen on; loopback by default so a benchmark never listens beyond the box
 * @param port              TCP port; 0 picks a free one (see {@link EchoServer#port()})
 * @param delayMillis       delay before every echo reply, unless a request overrides it with {@link DelayHeader#NAME}
 * @param eventLoopThreads  worker event-loop threads; 0 means one per core
 * @param maxBodyBytes      largest request body accepted; larger bodies get 413
 * @param idleTimeout       a connection with no traffic (and no reply pending) for this long is closed
 * @param backlog           listen queue length requested from the kernel; 0 asks for the kernel's maximum
 *                          (net.core.somaxconn), which also caps any larger value
 * @param healthPath        path answered at once with 200 "UP", never delayed
 * @param shutdownGrace     how long a stopping server waits for replies already scheduled
 * @param transport         event-loop transport to use
 * @param tls               TLS settings, or {@code null} for plain HTTP
 * @param verbose           add the request line and decoder exception to the WARN line of each rejection
 */
public record BackendSettings(
        String bindAddress,
        int port,
        long delayMillis,
        int eventLoopThreads,
        long maxBodyBytes,
        Duration idleTimeout,
        int backlog,
        String healthPath,
        Duration shutdownGrace,
        Transport transport,
        Tls tls,
        boolean verbose) {

    public static final int DEFAULT_PORT = 8688;
    public static final long DEFAULT_MAX_BODY_BYTES = 256L * 1024 * 1024;
    /** Upper bound of a delay, flag or header: long enough for any benchmark, short enough to catch typos. */
    public static final long MAX_DELAY_MILLIS = 600_000;

    public BackendSettings {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be 0..65535, was " + port);
        }
        if (delayMillis < 0 || delayMillis > MAX_DELAY_MILLIS) {
            throw new IllegalArgumentException("delay must be 0.." + MAX_DELAY_MILLIS + " ms, was " + delayMillis);
        }
        if (eventLoopThreads < 0) {
            throw new IllegalArgumentException("event-loop threads must be 0 (one per core) or more, was " + eventLoopThreads);
        }
        if (maxBodyBytes < 1 || maxBodyBytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("max body must be 1 B..2 GiB, was " + maxBodyBytes);
        }
        if (idleTimeout.isNegative()) {
            throw new IllegalArgumentException("idle timeout must not be negative");
        }
        if (backlog < 0) {
            throw new IllegalArgumentException("backlog must be 0 (the kernel's maximum) or more, was " + backlog);
        }
        if (!healthPath.startsWith("/")) {
            throw new IllegalArgumentException("health path must start with '/', was " + healthPath);
        }
    }

    /** The defaults of the command line: loopback, port 8688, no delay. */
    public static BackendSettings defaults() {
        return new BackendSettings("127.0.0.1", DEFAULT_PORT, 0, 0, DEFAULT_MAX_BODY_BYTES,
                Duration.ofSeconds(120), 0, "/health", Duration.ofSeconds(10), Transport.AUTO, null, false);
    }

    public BackendSettings withPort(int newPort) {
        return new BackendSettings(bindAddress, newPort, delayMillis, eventLoopThreads, maxBodyBytes, idleTimeout,
                backlog, healthPath, shutdownGrace, transport, tls, verbose);
    }

    public BackendSettings withDelayMillis(long newDelay) {
        return new BackendSettings(bindAddress, port, newDelay, eventLoopThreads, maxBodyBytes, idleTimeout,
                backlog, healthPath, shutdownGrace, transport, tls, verbose);
    }

    public BackendSettings withMaxBodyBytes(long newMax) {
        return new BackendSettings(bindAddress, port, delayMillis, eventLoopThreads, newMax, idleTimeout,
                backlog, healthPath, shutdownGrace, transport, tls, verbose);
    }

    public BackendSettings withIdleTimeout(Duration newTimeout) {
        return new BackendSettings(bindAddress, port, delayMillis, eventLoopThreads, maxBodyBytes, newTimeout,
                backlog, healthPath, shutdownGrace, transport, tls, verbose);
    }

    public BackendSettings withTls(Tls newTls) {
        return new BackendSettings(bindAddress, port, delayMillis, eventLoopThreads, maxBodyBytes, idleTimeout,
                backlog, healthPath, shutdownGrace, transport, newTls, verbose);
    }

    /**
     * TLS for the listener.
     *
     * @param keystore PKCS12 keystore with the server key and certificate, or {@code null} for a self-signed
     *                 certificate generated at start (for benchmarks, where the client trusts anything)
     * @param password keystore password (ignored without a keystore)
     */
    public record Tls(Path keystore, char[] password) {
        public static Tls selfSigned() {
            return new Tls(null, new char[0]);
        }
    }
}
