package org.esbbench.maven;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Checks around starting a server: is its port free before, does its health check answer after. */
public final class Readiness {
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

    /**
     * Polls {@code health} until it answers 200, the process dies, or {@code timeout} passes.
     * @throws InvalidRunException with the process's last log lines when it never became healthy
     */
    public static Duration awaitHealthy(ManagedProcess process, URI health, Duration timeout) throws InvalidRunException {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        HttpRequest request = HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(2)).GET().build();
        String last = "no answer yet";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new InvalidRunException(process + " exited before " + health + " answered; its log "
                        + process.log() + " ends with:\n" + process.logTail(20));
            }
            try {
                HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return Duration.ofNanos(System.nanoTime() - start);
                }
                last = "status " + response.statusCode();
            } catch (IOException e) {
                last = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InvalidRunException("interrupted while waiting for " + health);
            }
            sleep(200);
        }
        throw new InvalidRunException(process + " did not answer " + health + " within " + timeout.toSeconds()
                + " s (last: " + last + "); its log " + process.log() + " ends with:\n" + process.logTail(20));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
