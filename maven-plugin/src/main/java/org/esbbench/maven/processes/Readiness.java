package org.esbbench.maven.processes;

import org.esbbench.maven.parameters.InvalidRunException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/** Checks around starting a server: is its port free before, does its health check answer after. */
public final class Readiness {
    private static final Duration POLL = Duration.ofMillis(200);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Readiness() {
    }

    /** Fails when something already listens on {@code host:port}, since our server could not bind it. */
    public static void requireFreePort(String what, String host, int port) throws InvalidRunException {
        try (ServerSocket socket = new ServerSocket()) {
            // As the servers themselves bind: connections of a run that just ended linger in TIME_WAIT on the
            // port and must not count as "in use"; a listening socket still does.
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getByName(host), port));
        } catch (IOException e) {
            throw new InvalidRunException("port " + host + ":" + port + " for the " + what + " is already in use ("
                    + e.getMessage() + "); stop what listens there (see `ss -ltnp 'sport = :" + port + "'`) "
                    + "or choose another port in the target profile");
        }
    }

    /** One look at whether a starting process is ready: empty when it is, else what it answered. */
    @FunctionalInterface
    public interface Probe {
        java.util.Optional<String> notReady() throws IOException, InterruptedException;
    }

    /**
     * Polls {@code health} until it answers 200, the process dies, or {@code timeout} passes.
     * @throws InvalidRunException with the process's last log lines when it never became healthy
     */
    public static Duration awaitHealthy(ManagedProcess process, URI health, Duration timeout) throws InvalidRunException {
        return await(process, health.toString(), timeout, false, httpStatus(health, 200));
    }

    /** Polls until {@code host:port} accepts a TCP connection, the process dies, or {@code timeout} passes. */
    public static Duration awaitTcp(ManagedProcess process, String host, int port, Duration timeout) throws InvalidRunException {
        return await(process, "a TCP connection to " + host + ":" + port, timeout, false, tcpAccepts(host, port));
    }

    /** A probe that is ready when {@code url} answers {@code status} (or, for {@code status} 2, any 2xx). */
    public static Probe httpStatus(URI url, int status) {
        HttpRequest request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(2)).GET().build();
        return () -> {
            int got = HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            boolean ready = status == 2 ? got / 100 == 2 : got == status;
            return ready ? java.util.Optional.empty() : java.util.Optional.of("status " + got);
        };
    }

    /** A probe that is ready when {@code host:port} accepts a TCP connection. */
    public static Probe tcpAccepts(String host, int port) {
        return () -> {
            try (java.net.Socket socket = new java.net.Socket()) {
                socket.connect(new InetSocketAddress(host, port), 2000);
                return java.util.Optional.empty();
            }
        };
    }

    /**
     * Polls {@code probe} every 200 ms until it is ready, the process ends, or {@code timeout} passes. A process
     * that is only a launcher ({@code launcherMayExit}: it starts the real server and ends) may end with status 0.
     * @throws InvalidRunException naming {@code what}, the last answer and the process's last log lines
     */
    public static Duration await(ManagedProcess process, String what, Duration timeout, boolean launcherMayExit, Probe probe)
            throws InvalidRunException {
        Deadline deadline = Deadline.in(timeout);
        AtomicReference<String> last = new AtomicReference<>("no answer yet");
        boolean ready;
        try {
            ready = deadline.await(POLL, () -> {
                if (!process.isAlive()) {
                    Integer code = process.exitCode();
                    if (!launcherMayExit || code == null || code != 0) {
                        throw new InvalidRunException(process + " exited" + (code == null ? "" : " with " + code)
                                + " before " + what + " answered; its log " + process.log() + " ends with:\n"
                                + process.logTail(20));
                    }
                }
                try {
                    java.util.Optional<String> answer = probe.notReady();
                    answer.ifPresent(last::set);
                    return answer.isEmpty();
                } catch (IOException e) {
                    last.set(e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
                    return false;
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InvalidRunException("interrupted while waiting for " + what);
        }
        if (ready) {
            return deadline.elapsed();
        }
        throw new InvalidRunException(process + " did not answer " + what + " within " + timeout.toSeconds()
                + " s (last: " + last.get() + "); its log " + process.log() + " ends with:\n" + process.logTail(20));
    }
}
