package org.esbbench.backend;

import org.esbbench.backend.load.BackendProcess;
import org.esbbench.backend.load.BareDelayingEcho;
import org.esbbench.backend.load.ClosedLoopHttpLoad;
import org.esbbench.backend.load.ListenOverflows;
import org.esbbench.backend.load.MachineCpu;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The delay backend against its own baseline, in one run: the product backend (its jar) and
 * {@link BareDelayingEcho} (the simplest correct delaying echo on Netty), one after the other with the same
 * load tool ({@link ClosedLoopHttpLoad}: N keep-alive connections, a closed loop each), the same delay, the same
 * JVM flags, at each connection count. Per point it prints p50/p99, throughput against the ideal N / delay, the
 * server's CPU per request, and the load tool's own figures (its event loop's CPU, its lateness, the machine's
 * busy share), then two verdicts: "p99 backend ≤ p99 bare (same run)" and "p99 within 1 % of the delay", each
 * judged only where the load tool was not saturated, and it says which it was.
 *
 * <p>Not a test of the build (its name matches neither Surefire's nor Failsafe's patterns): a measurement,
 * run by {@code backend-netty/bench/delay-baseline.sh}, which holds the ports lock. Only transport errors and
 * wrong replies fail it; the verdicts are printed, not asserted, because a shared 2-core machine decides them
 * as much as the code does.
 */
class DelayBaselineBenchmark {
    private static final List<Integer> CONNECTIONS = Arrays.stream(
            System.getProperty("bench.connections", "1000,5000").split(",")).map(String::trim)
            .map(Integer::valueOf).toList();
    private static final List<Long> DELAYS = Arrays.stream(System.getProperty("bench.delays", "1000").split(","))
            .map(String::trim).map(Long::valueOf).toList();
    private static final Duration MEASURE = Duration.ofSeconds(Long.getLong("bench.seconds", 20));
    private static final Duration WARM_UP = Duration.ofSeconds(Long.getLong("bench.warmup", 10));
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 1);
    private static final int CLIENT_THREADS = Integer.getInteger("bench.clientThreads", 1);
    private static final List<String> JVM_OPTIONS = List.of(
            System.getProperty("bench.jvmOptions", "-Xms256m -Xmx1g").trim().split("\\s+"));
    private static final int MAX_OPENING = 100;
    /** A directory: each server records a JFR profile there, named after server, connections and delay. */
    private static final String JFR_DIRECTORY = System.getProperty("bench.jfr", "");

    /** The target: p99 at most this share above the set delay. */
    private static final double WITHIN = 0.01;
    /** The client's event loop busy at least this much of its core: it is the limit, not the server. */
    private static final double LOOP_SATURATED_PERCENT = 90;
    /**
     * The client's own lateness (p99 of its lag probe) above this share of the 1 % budget: at least half of what
     * the server may add is already the client's, so the latencies cannot judge the server.
     */
    private static final double LAG_SHARE_OF_BUDGET = 0.5;

    private static final Path JAR = Path.of("target", "backend-netty.jar");
    private static final Path TEST_CLASSES = Path.of("target", "test-classes");
    private static final byte[] BODY = "<buyStocks><order><symbol>IBM</symbol></order></buyStocks>"
            .getBytes(StandardCharsets.UTF_8);

    enum Server {
        BARE("bare-delay"), BACKEND("backend");

        final String label;

        Server(String label) {
            this.label = label;
        }
    }

    /** One server measured at one point. */
    record Measured(Server server, int connections, long delayMillis, ClosedLoopHttpLoad.Result result,
                    ClosedLoopHttpLoad.ClientLoad client, double serverCpuMicrosPerRequest, double machineBusyPercent,
                    long listenOverflows) {
        double p99() {
            return result.percentileMillis(99);
        }

        double idealPerSecond() {
            return connections * 1000.0 / delayMillis;
        }

        /** Why the load tool is the limit at this point, or null when it is not. */
        String loadToolSaturation() {
            double budgetMillis = delayMillis * WITHIN;
            List<String> why = new ArrayList<>();
            if (client.loopBusyPercent() >= LOOP_SATURATED_PERCENT) {
                why.add(String.format("its event loop %.0f %% busy ≥ %.0f %%", client.loopBusyPercent(),
                        LOOP_SATURATED_PERCENT));
            }
            if (client.lagMillis(99) > LAG_SHARE_OF_BUDGET * budgetMillis) {
                why.add(String.format("its own lateness p99 %.2f ms > %.0f %% of the %.1f ms budget",
                        client.lagMillis(99), 100 * LAG_SHARE_OF_BUDGET, budgetMillis));
            }
            return why.isEmpty() ? null : String.join(", ", why);
        }
    }

    @Test
    void delayBackendAgainstTheBareDelayingEcho() throws Exception {
        System.out.println("== delay backend against a bare delaying Netty echo ==");
        System.out.println("command: " + commandLine());
        System.out.printf("machine: %d cores, %s; servers: %s each (one event loop per core, epoll); client: %d"
                        + " event-loop thread(s) in the test JVM; %d s warm-up + %d s window per point, %d round(s)%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name") + " "
                        + System.getProperty("java.version"), String.join(" ", JVM_OPTIONS), CLIENT_THREADS,
                WARM_UP.toSeconds(), MEASURE.toSeconds(), ROUNDS);
        System.out.println("the load tool is the limit (verdicts NOT JUDGED) when its event loop is ≥ "
                + (int) LOOP_SATURATED_PERCENT + " % busy, or its lateness p99 > "
                + (int) (100 * LAG_SHARE_OF_BUDGET) + " % of the 1 % budget");
        List<String> verdicts = new ArrayList<>();
        long errors = 0;
        for (long delay : DELAYS) {
            for (int connections : CONNECTIONS) {
                for (int round = 1; round <= ROUNDS; round++) {
                    // Alternate who goes first, so a drift of the machine's other load favours neither.
                    List<Server> order = round % 2 == 1 ? List.of(Server.BARE, Server.BACKEND)
                            : List.of(Server.BACKEND, Server.BARE);
                    Measured bare = null;
                    Measured backend = null;
                    for (Server server : order) {
                        Measured measured = measure(server, connections, delay);
                        printRow(measured);
                        errors += measured.result().errors() + measured.result().incorrect();
                        if (server == Server.BARE) {
                            bare = measured;
                        } else {
                            backend = measured;
                        }
                    }
                    String verdict = verdicts(bare, backend, round);
                    System.out.print(verdict);
                    verdicts.add(verdict);
                }
            }
        }
        System.out.println("== verdicts ==");
        verdicts.forEach(System.out::print);
        System.out.println("command: " + commandLine());
        assertThat(errors).as("transport errors and incorrect replies over all points (see the rows)").isZero();
    }

    private static Measured measure(Server server, int connections, long delayMillis) throws Exception {
        long overflowsBefore = ListenOverflows.read();
        try (BackendProcess process = start(server, connections, delayMillis)) {
            ClosedLoopHttpLoad.Target target = new ClosedLoopHttpLoad.Target(process.port(), "/service/EchoService",
                    Map.of("Content-Type", "text/xml"), Map.of(DelayHeader.NAME, "0"), BODY, BODY);
            try (ClosedLoopHttpLoad load = new ClosedLoopHttpLoad(target, CLIENT_THREADS)) {
                ClosedLoopHttpLoad.Opened opened = load.open(connections, MAX_OPENING, Duration.ofSeconds(60));
                assertThat(opened.connections()).as("%s: connections opened and answered (%d failed)", server.label,
                        opened.failed()).isEqualTo(connections);
                long[] serverCpu = new long[2];
                MachineCpu[] machine = new MachineCpu[2];
                ClosedLoopHttpLoad.Result result = load.run(Duration.ofMillis(delayMillis), WARM_UP, MEASURE,
                        Duration.ofMillis(10_000 + delayMillis),
                        () -> {
                            serverCpu[0] = process.cpuTime().toNanos();
                            machine[0] = readMachine();
                        },
                        () -> {
                            serverCpu[1] = process.cpuTime().toNanos();
                            machine[1] = readMachine();
                        });
                double cpuPerRequest = (serverCpu[1] - serverCpu[0]) / 1_000.0 / Math.max(1, result.replies());
                double busy = machine[1] == null ? Double.NaN : machine[1].busyPercentSince(machine[0]);
                return new Measured(server, connections, delayMillis, result, load.clientLoad(), cpuPerRequest, busy,
                        ListenOverflows.read() - overflowsBefore);
            }
        }
    }

    private static BackendProcess start(Server server, int connections, long delayMillis)
            throws IOException, InterruptedException {
        List<String> jvmOptions = new ArrayList<>(JVM_OPTIONS);
        if (!JFR_DIRECTORY.isBlank()) {
            Path recording = Path.of(JFR_DIRECTORY).toAbsolutePath()
                    .resolve(server.label + "-" + connections + "-" + delayMillis + "ms.jfr");
            Files.createDirectories(recording.getParent());
            jvmOptions.add("-XX:StartFlightRecording=settings=profile,filename=" + recording);
            System.out.println("JFR profile of " + server.label + ": " + recording);
        }
        if (server == Server.BACKEND) {
            return BackendProcess.start(JAR, jvmOptions, "--delay-ms", Long.toString(delayMillis));
        }
        if (!Files.isDirectory(TEST_CLASSES)) {
            throw new IllegalStateException("no " + TEST_CLASSES.toAbsolutePath() + ": run with mvn verify");
        }
        return BackendProcess.startMain(List.of(TEST_CLASSES, JAR), BareDelayingEcho.class.getName(), jvmOptions,
                "0", Long.toString(delayMillis));
    }

    private static MachineCpu readMachine() {
        try {
            return MachineCpu.read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void printRow(Measured m) {
        ClosedLoopHttpLoad.Result r = m.result();
        ClosedLoopHttpLoad.ClientLoad c = m.client();
        System.out.printf("%-10s %5d conns, delay %4d ms: p50 %8.1f ms, p99 %8.1f ms, p99.9 %8.1f ms, max %8.1f ms;"
                        + " %,8.0f req/s = %5.1f %% of ideal %,.0f/s; server CPU %5.1f µs/req; load tool: event loop"
                        + " %3.0f %% busy, JVM %3.0f %% of a core, lateness p99 %.2f ms / max %.1f ms; machine %3.0f %%"
                        + " busy; errors %d, incorrect %d, listen overflows %d%n",
                m.server().label, m.connections(), m.delayMillis(), r.percentileMillis(50), r.percentileMillis(99),
                r.percentileMillis(99.9), r.latencyMicros().getMaxValue() / 1000.0, r.throughputPerSecond(),
                100 * r.throughputPerSecond() / m.idealPerSecond(), m.idealPerSecond(), m.serverCpuMicrosPerRequest(),
                c.loopBusyPercent(), c.processPercentOfCore(), c.lagMillis(99),
                c.lagMicros().getMaxValue() / 1000.0, m.machineBusyPercent(), r.errors(), r.incorrect(),
                m.listenOverflows());
        if (r.errors() + r.incorrect() > 0) {
            System.out.println("  problems: " + r.firstProblems());
        }
    }

    /** Both verdicts of one point, each judged only where the load tool was not saturated in either run. */
    static String verdicts(Measured bare, Measured backend, int round) {
        StringBuilder out = new StringBuilder();
        double bound = backend.delayMillis() * (1 + WITHIN);
        String saturation = backend.loadToolSaturation();
        String bareSaturation = bare.loadToolSaturation();
        String head = String.format("%d conns, delay %d ms, round %d: ", backend.connections(),
                backend.delayMillis(), round);
        // Two decimals: the histogram's buckets are about 0.06 ms wide at 1 s, so "+0.0" would hide a NO.
        String compared = String.format("backend %.2f ms vs bare %.2f ms (%+.2f ms); CPU/req backend %.1f µs vs bare"
                        + " %.1f µs (%.2f×)", backend.p99(), bare.p99(), backend.p99() - bare.p99(),
                backend.serverCpuMicrosPerRequest(), bare.serverCpuMicrosPerRequest(),
                backend.serverCpuMicrosPerRequest() / bare.serverCpuMicrosPerRequest());
        if (saturation == null && bareSaturation == null) {
            out.append(head).append("p99 backend ≤ p99 bare (same run): ")
                    .append(backend.p99() <= bare.p99() ? "YES" : "NO").append(" — ").append(compared)
                    .append("; load tool not the limit\n");
            out.append(head).append("p99 within 1 % of the delay (≤ ").append(String.format("%.1f ms", bound))
                    .append("): ").append(backend.p99() <= bound ? "YES" : "NO")
                    .append(String.format(" — backend %.1f ms (bare %.1f ms: %s); load tool not the limit"
                                    + " (event loop %.0f %% busy, lateness p99 %.2f ms)%n", backend.p99(), bare.p99(),
                            bare.p99() <= bound ? "within" : "outside", backend.client().loopBusyPercent(),
                            backend.client().lagMillis(99)));
        } else {
            String why = "load tool is the limit (" + (saturation != null ? "backend run: " + saturation : "")
                    + (saturation != null && bareSaturation != null ? "; " : "")
                    + (bareSaturation != null ? "bare run: " + bareSaturation : "")
                    + "): the figures are the load tool's limit";
            out.append(head).append("p99 backend ≤ p99 bare (same run): NOT JUDGED — ").append(compared)
                    .append("; ").append(why).append('\n');
            out.append(head).append("p99 within 1 % of the delay: NOT JUDGED — ")
                    .append(String.format("backend %.1f ms, bare %.1f ms, bound %.1f ms; ", backend.p99(), bare.p99(),
                            bound)).append(why).append('\n');
        }
        return out.toString();
    }

    /** The Maven command that reproduces this run (what delay-baseline.sh runs, with this run's settings). */
    private static String commandLine() {
        return "mvn -B -o verify -pl backend-netty -DskipITs=false -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false"
                + " -Dit.test=DelayBaselineBenchmark -Dbench.connections=" + join(CONNECTIONS)
                + " -Dbench.delays=" + join(DELAYS) + " -Dbench.seconds=" + MEASURE.toSeconds()
                + " -Dbench.warmup=" + WARM_UP.toSeconds() + " -Dbench.rounds=" + ROUNDS
                + " -Dbench.clientThreads=" + CLIENT_THREADS + " '-Dbench.jvmOptions=" + String.join(" ", JVM_OPTIONS)
                + "' (under flock /tmp/esbbench-ports.lock)";
    }

    private static String join(List<? extends Number> values) {
        return String.join(",", values.stream().map(String::valueOf).toList());
    }
}
