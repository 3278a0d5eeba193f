package org.esbbench.maven.monitor;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The CPU of JMeter engines on another host, from the PerfMon ServerAgent there: one TCP connection per host that
 * asks for one line a second ({@code interval:1}) with each engine's process CPU ({@code cpu:pid=P:total}, the CPU
 * ms since the previous line) and the host's busy share ({@code cpu:combined}, percent of all its cores). The kernel
 * here cannot see those processes; the agent is what the suite already uses for a remote server's host.
 *
 * <p>The stream turns the agent's deltas into the cumulative counters the {@link CpuSampler} records: a process's
 * CPU ms summed over the lines, the host's busy ms summed as combined % × cores × the time between two lines
 * (measured here, on arrival). A lost connection is opened again (the sums go on, so the series stays monotonic);
 * while no line has come for {@link #STALE_MS}, or the agent gives no value for a pid (the process is gone), there is
 * no reading, so a gap shows as a gap and never as an idle engine.
 */
final class PerfMonStream implements AutoCloseable {
    /** Without a line for this long the readings are withheld. */
    static final long STALE_MS = 3_000;
    private static final int CONNECT_TIMEOUT_MS = 3_000;
    private static final long RECONNECT_PAUSE_MS = 2_000;

    private final String host;
    private final int port;
    private final List<Long> pids;
    private final int cores;
    private final LongSupplier clockMs;
    private final Map<Long, Long> processMs = new LinkedHashMap<>();
    private final Map<Long, Boolean> processSeen = new LinkedHashMap<>();
    private double hostBusyMs;
    private long lastLineMs = -1;
    private volatile boolean closed;
    private volatile Socket socket;
    private Thread reader;

    /**
     * @param host  the engine host the agent runs on
     * @param port  the agent's TCP port
     * @param pids  the engine processes on that host, as their probe reported them
     * @param cores the host's cores (for the busy ms), 0 when unknown: then no host reading
     */
    PerfMonStream(String host, int port, List<Long> pids, int cores) {
        this(host, port, pids, cores, System::currentTimeMillis);
    }

    PerfMonStream(String host, int port, List<Long> pids, int cores, LongSupplier clockMs) {
        this.host = host;
        this.port = port;
        this.pids = List.copyOf(pids);
        this.cores = cores;
        this.clockMs = clockMs;
        for (long pid : this.pids) {
            processMs.put(pid, 0L);
            processSeen.put(pid, false);
        }
    }

    /** The command that asks the agent for the metrics, one line each interval, values in this order. */
    String metricsCommand() {
        List<String> metrics = new ArrayList<>();
        pids.forEach(pid -> metrics.add("cpu:pid=" + pid + ":total"));
        metrics.add("cpu:combined");
        return "metrics:" + String.join("\t", metrics) + "\n";
    }

    /** Starts reading in a daemon thread; connects (again) until {@link #close()}. */
    PerfMonStream start() {
        reader = new Thread(this::readUntilClosed, "esb-bench-perfmon-" + host + ":" + port);
        reader.setDaemon(true);
        reader.start();
        return this;
    }

    private void readUntilClosed() {
        while (!closed) {
            try (Socket s = new Socket()) {
                socket = s;
                s.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
                s.setSoTimeout((int) STALE_MS * 2);
                OutputStream out = s.getOutputStream();
                out.write(("interval:1\n" + metricsCommand()).getBytes(StandardCharsets.UTF_8));
                out.flush();
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                synchronized (this) {
                    lastLineMs = -1; // the first line after a (re)connection only starts the clock
                }
                String line;
                while (!closed && (line = in.readLine()) != null) {
                    accept(line);
                }
            } catch (IOException | RuntimeException e) {
                // the agent is gone or not up yet: try again after a pause, readings withheld meanwhile
            }
            if (!closed) {
                try {
                    TimeUnit.MILLISECONDS.sleep(RECONNECT_PAUSE_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /**
     * One line of the agent: the values tab-separated in the order asked, empty for a metric it has no value for
     * (a pid that does not exist).
     */
    synchronized void accept(String line) {
        String[] f = line.split("\t", -1);
        long now = clockMs.getAsLong();
        for (int i = 0; i < pids.size(); i++) {
            long pid = pids.get(i);
            Double delta = i < f.length ? number(f[i]) : null;
            processSeen.put(pid, delta != null);
            if (delta != null && lastLineMs >= 0) {
                processMs.merge(pid, Math.round(delta), Long::sum);
            }
        }
        Double combined = pids.size() < f.length ? number(f[pids.size()]) : null;
        if (combined != null && lastLineMs >= 0 && cores > 0) {
            hostBusyMs += combined / 100 * cores * (now - lastLineMs);
        }
        lastLineMs = now;
    }

    /** The process's CPU ms since the stream began; empty while stale or when the agent had no value for it. */
    synchronized OptionalLong processMillis(long pid) {
        if (!fresh() || !processSeen.getOrDefault(pid, false)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(processMs.get(pid));
    }

    /** The host's busy CPU ms since the stream began (all cores); empty while stale or with unknown cores. */
    synchronized OptionalLong hostBusyMillis() {
        if (!fresh() || cores <= 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.round(hostBusyMs));
    }

    private boolean fresh() {
        return lastLineMs >= 0 && clockMs.getAsLong() - lastLineMs <= STALE_MS;
    }

    private static Double number(String s) {
        String t = s.trim();
        if (t.isEmpty()) {
            return null;
        }
        try {
            return Double.valueOf(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public void close() {
        closed = true;
        Socket s = socket;
        if (s != null) {
            try {
                s.getOutputStream().write("exit\n".getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // closing anyway
            }
            try {
                s.close();
            } catch (IOException e) {
                // nothing to do
            }
        }
        if (reader != null) {
            reader.interrupt();
        }
    }
}
