package org.esbbench.esb.bench;

import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.transform.stream.StreamSource;
import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.Serializer;
import net.sf.saxon.s9api.Xslt30Transformer;
import net.sf.saxon.s9api.XsltExecutable;
import one.profiler.AsyncProfiler;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.WsSecurityParty;

/**
 * What async-profiler costs the server's own work, without the network, the load generator or the echo backend in
 * the figure: the reference server's xslt work (its two stylesheets, Saxon-HE, on the 1 KiB request) and ws-security
 * work (a secured request verified and decrypted, the reply signed and encrypted, with core's WS-Security party as
 * the server has it) done in a loop on one thread, in ROUNDS rounds of two halves of SECONDS seconds each, one half
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

    /** The xslt scenario's request and reply stylesheets on the 1 KiB request, as the server compiles them. */
    private static Work xslt(Path root) throws Exception {
        Processor saxon = new Processor(false);
        XsltExecutable request = saxon.newXsltCompiler().compile(new StreamSource(
                ProfilerCostBench.class.getResource("/xslt/request.xsl").toString()));
        XsltExecutable reply = saxon.newXsltCompiler().compile(new StreamSource(
                ProfilerCostBench.class.getResource("/xslt/reply.xsl").toString()));
        byte[] body = Files.readAllBytes(root.resolve("data/generated/soap/buyStocks-1024.xml"));
        return () -> transform(reply, transform(request, body, saxon), saxon);
    }

    private static byte[] transform(XsltExecutable xslt, byte[] in, Processor saxon) throws Exception {
        Xslt30Transformer t = xslt.load30();
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length * 2);
        Serializer s = saxon.newSerializer(out);
        t.transform(new StreamSource(new java.io.ByteArrayInputStream(in)), s);
        return out.toByteArray();
    }

    /** The ws-security scenario's server side: a pooled secured request verified and decrypted, the reply secured. */
    private static Work wsSecurity(Path root) throws Exception {
        Path keystores = root.resolve("config/keystores");
        WsSecurityParty client = WsSecurityParty.client(keystores, AlgorithmSuite.MODERN);
        WsSecurityParty server = WsSecurityParty.server(keystores, AlgorithmSuite.MODERN);
        byte[] body = Files.readAllBytes(root.resolve("data/generated/soap/buyStocks-1024.xml"));
        List<byte[]> pool = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            pool.add(client.secure(body, java.time.Duration.ofDays(7)));
        }
        int[] next = {0};
        return () -> {
            server.verifyAndDecrypt(pool.get(next[0]++ % pool.size()));
            server.secure(body);
        };
    }
}
