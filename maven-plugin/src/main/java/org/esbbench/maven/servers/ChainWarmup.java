package org.esbbench.maven.servers;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.esbbench.core.Scenario;
import org.esbbench.maven.checks.Preflight;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.BuildLog;

/**
 * Load through the whole chain (server, broker, echo backend) before the first scenario run, so that the first
 * scenario measured does not pay for the cold start of everything: a server's JIT compiles its hot paths in its
 * first tens of seconds, and with the server on a core of its own the compiler threads compete with it for that
 * core. Each of the run's scenarios in turn, the preflight's request sent over and over by a few clients for
 * {@code chainWarmup} seconds in all; no figure is taken from it. A reply that fails is counted and said, never
 * fatal: the preflight has already shown that each scenario answers correctly.
 */
public final class ChainWarmup {
    /** Clients at once: enough to keep a server core busy, few enough to stay on the harness's cores. */
    static final int CLIENTS = 4;

    private final Preflight preflight;
    private final List<Scenario> scenarios;
    private final BuildLog log;

    public ChainWarmup(Preflight preflight, List<Scenario> scenarios, BuildLog log) {
        this.preflight = preflight;
        this.scenarios = scenarios;
        this.log = log;
    }

    /** The most {@code auto} takes: a minute warms every server measured here (docs/benchmarks.md). */
    static final long AUTO_MAX_SECONDS = 60;

    /**
     * How long the warm-up of {@code -DchainWarmup} is: {@code auto} is the run's warm-up window, at most
     * {@value #AUTO_MAX_SECONDS} s; a number is seconds, 0 none.
     */
    public static Duration length(String value, long warmupSeconds) {
        String v = value == null ? "" : value.trim();
        if (v.isEmpty() || v.equals("auto")) {
            return Duration.ofSeconds(Math.min(warmupSeconds, AUTO_MAX_SECONDS));
        }
        return Duration.ofSeconds(Long.parseLong(v));
    }

    /** Sends the run's scenarios' requests for {@code length} in all, each scenario an equal share of it. */
    public void run(Duration length) throws InvalidRunException {
        if (length.isZero() || scenarios.isEmpty()) {
            return;
        }
        long share = Math.max(1, length.toMillis() / scenarios.size());
        Map<String, long[]> counts = new LinkedHashMap<>();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
                .version(HttpClient.Version.HTTP_1_1).build();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS, r -> {
            Thread t = new Thread(r, "esb-bench-chain-warmup");
            t.setDaemon(true);
            return t;
        });
        try {
            for (Scenario scenario : scenarios) {
                long until = System.currentTimeMillis() + share;
                AtomicLong ok = new AtomicLong();
                AtomicLong failed = new AtomicLong();
                Preflight.CheckedRequest request = scenario.isHttp() ? preflight.httpRequest(scenario) : null;
                List<Future<?>> running = new ArrayList<>();
                for (int c = 0; c < CLIENTS; c++) {
                    running.add(clients.submit(() -> {
                        while (System.currentTimeMillis() < until && !Thread.currentThread().isInterrupted()) {
                            (once(http, scenario, request) ? ok : failed).incrementAndGet();
                        }
                    }));
                }
                for (Future<?> f : running) {
                    f.get(share + 60_000, TimeUnit.MILLISECONDS);
                }
                counts.put(scenario.id(), new long[]{ok.get(), failed.get()});
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InvalidRunException("interrupted while warming up the chain");
        } catch (IOException | java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            log.warn("the chain's warm-up stopped early: " + e.getMessage());
        } finally {
            clients.shutdownNow();
        }
        StringBuilder said = new StringBuilder("chain warmed up for " + length.toSeconds() + " s before the first"
                + " scenario run:");
        counts.forEach((id, n) -> said.append(' ').append(id).append(' ').append(n[0])
                .append(n[1] == 0 ? "" : " (" + n[1] + " failed)").append(','));
        log.info(said.substring(0, said.length() - 1) + " requests");
    }

    private boolean once(HttpClient http, Scenario scenario, Preflight.CheckedRequest request) {
        try {
            if (request == null) {
                return preflight.jmsOnce(scenario) == null;
            }
            HttpResponse<byte[]> r = http.send(request.request(), HttpResponse.BodyHandlers.ofByteArray());
            return request.check().check(r.statusCode(), r.body()) == null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            return false;
        }
    }
}
