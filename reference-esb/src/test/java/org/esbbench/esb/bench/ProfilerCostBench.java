package org.esbbench.esb.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.time.Duration;
import one.profiler.AsyncProfiler;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.WsSecurityParty;
import org.esbbench.esb.mediation.WsSecurityMediation;
import org.esbbench.esb.mediation.XsltMediation;

/**
 * What async-profiler costs the server's own work, without the network, the load generator or the echo backend in
 * the figure: the reference server's own xslt mediation (its two stylesheets, Saxon-HE, on the 1 KiB request) and
 * ws-security mediation (a secured request verified and decrypted, the reply signed and encrypted) on Camel exchanges,
 * done in a loop on one thread, in ROUNDS rounds of two halves of SECONDS seconds each, one half
 * profiled (cpu every INTERVAL, JFR into a file, as -Dprofile=cpu records), in the order off,on / on,off / ... Per
 * half: operations per second and the process's CPU time per operation (its JIT, GC and the profiler's own threads
 * included). Per round the profiled half against the other (paired); their mean ± standard error over the rounds.
 *
 * <p>Run by {@code reference-esb/bench/profiler-cost.sh}; arguments: WORKLOAD (xslt or ws-security), library path,
 * checkout root, recording path, ROUNDS, SECONDS, WARMUP seconds, INTERVAL.
 */
public final class ProfilerCostBench {
    private ProfilerCostBench() {
    }

    interface Work {
        void once() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        String workload = args[0];
        AsyncProfiler profiler = AsyncProfiler.getInstance(args[1]);
        Path root = Path.of(args[2]);
        Path recording = Path.of(args[3]);
        int rounds = Integer.parseInt(args[4]);
        double seconds = Double.parseDouble(args[5]);
        double warmup = Double.parseDouble(args[6]);
        String interval = args[7];
        Work work = switch (workload) {
            case "xslt" -> xslt(root);
            case "ws-security" -> wsSecurity(root);
            default -> throw new IllegalArgumentException("workload: xslt or ws-security, not " + workload);
        };
        run(work, warmup);
        List<double[]> pairs = new ArrayList<>();
        double opsOff = 0;
        double opsOn = 0;
        double cpuOff = 0;
        double cpuOn = 0;
        for (int r = 0; r < rounds; r++) {
            double[][] half = new double[2][];
            for (int h = 0; h < 2; h++) {
                boolean on = (r + h) % 2 == 1;
                if (on) {
                    profiler.execute("start,event=cpu,interval=" + interval + ",jfr,file=" + recording + ",quiet");
                }
                half[on ? 1 : 0] = run(work, seconds);
                if (on) {
                    profiler.execute("stop,quiet");
                }
            }
            pairs.add(new double[] {half[1][0] / half[0][0] - 1, half[1][1] / half[0][1] - 1});
            opsOff += half[0][0];
            opsOn += half[1][0];
            cpuOff += half[0][1];
            cpuOn += half[1][1];
        }
        double[] ops = meanAndError(pairs, 0);
        double[] cpu = meanAndError(pairs, 1);
        System.out.printf(Locale.ROOT, "| %s | %d × %.1f s | %.1f/s | %.1f/s | %+.2f %% ± %.2f | %.1f | %.1f | %+.2f %% ± %.2f |%n",
                workload, rounds, seconds, opsOff / rounds, opsOn / rounds, 100 * ops[0], 100 * ops[1],
                cpuOff / rounds, cpuOn / rounds, 100 * cpu[0], 100 * cpu[1]);
    }

    /** Operations per second and the process's CPU µs per operation over {@code seconds} of {@code work}. */
    private static double[] run(Work work, double seconds) throws Exception {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu0 = os.getProcessCpuTime();
        long own0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        long end = t0 + (long) (seconds * 1e9);
        long n = 0;
        while (System.nanoTime() < end) {
            work.once();
            n++;
        }
        double elapsed = (System.nanoTime() - t0) / 1e9;
        double[] r = {n / elapsed, (os.getProcessCpuTime() - cpu0) / 1e3 / n,
                (threads.getCurrentThreadCpuTime() - own0) / 1e3 / n};
        if (Boolean.getBoolean("bench.verbose")) {
            System.err.printf(Locale.ROOT, "%.1f ops/s, %.1f us/op process, %.1f us/op thread%n", r[0], r[1], r[2]);
        }
        return r;
    }

    private static double[] meanAndError(List<double[]> pairs, int i) {
        double mean = pairs.stream().mapToDouble(p -> p[i]).average().orElse(0);
        double var = pairs.stream().mapToDouble(p -> (p[i] - mean) * (p[i] - mean)).sum() / (pairs.size() - 1);
        return new double[] {mean, Math.sqrt(var / pairs.size())};
    }

    /** The xslt scenario's mediation as the server runs it: its request stylesheet, then its reply stylesheet. */
    private static Work xslt(Path root) throws Exception {
        XsltMediation xslt = new XsltMediation("xslt/request.xsl", "xslt/reply.xsl");
        CamelContext camel = new DefaultCamelContext();
        byte[] body = Files.readAllBytes(root.resolve("data/generated/soap/buyStocks-1024.xml"));
        return () -> {
            Exchange exchange = new DefaultExchange(camel);
            exchange.getMessage().setBody(body);
            xslt.request(exchange);
            xslt.reply(exchange);
        };
    }

    /**
     * The ws-security scenario's mediation as the server runs it: a secured request (from a pool the client side
     * made) verified and decrypted, the reply signed and encrypted.
     */
    private static Work wsSecurity(Path root) throws Exception {
        Path keystores = root.resolve("config/keystores");
        WsSecurityParty client = WsSecurityParty.client(keystores, AlgorithmSuite.MODERN);
        WsSecurityMediation server = new WsSecurityMediation(WsSecurityParty.server(keystores, AlgorithmSuite.MODERN),
                Duration.ofSeconds(300));
        CamelContext camel = new DefaultCamelContext();
        byte[] body = Files.readAllBytes(root.resolve("data/generated/soap/buyStocks-1024.xml"));
        List<byte[]> pool = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            pool.add(client.secure(body, Duration.ofDays(7)));
        }
        int[] next = {0};
        return () -> {
            Exchange exchange = new DefaultExchange(camel);
            exchange.getMessage().setBody(pool.get(next[0]++ % pool.size()));
            server.verifyRequest(exchange);
            server.secureReply(exchange); // the echo backend's reply is the decrypted request
        };
    }
}
