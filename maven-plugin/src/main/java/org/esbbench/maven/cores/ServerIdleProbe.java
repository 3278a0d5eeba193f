package org.esbbench.maven.cores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.esbbench.maven.monitor.ThreadRunTime;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.report.folder.RunLayout;

/**
 * A few seconds of a warm server doing nothing, written to {@code server-idle.csv}: the analysis takes the server's
 * CPU over it as what the server costs idle, and gives CPU per message net of that. Taken after the last scenario
 * run and before each restart of the server: the load is over, the full GC the suite asks for after each scenario
 * run is done, and the JIT has compiled what the load needed. (Right after a start, or after the chain's warm-up,
 * the compiler threads are still at work: measured so, the reference server's "idle" was 86 ms of CPU per second,
 * more than it spends serving 20 messages a second.)
 *
 * <p>For a local server the probe reads the server's threads' run time itself, to the nanosecond, each second: the
 * total, its JIT compiler threads' part, and the spread of the one-second rates net of JIT (half their range), which
 * bounds how far the idle cost, and so the net CPU per message, may be off. (The monitor's counters move in 10 ms
 * ticks: over a 3 s probe of a server idling at 5 ms/s that is ±3 ms/s, ±170 µs per message at 20 msg/s.)
 */
public final class ServerIdleProbe {
    /** The parameter of the probe's seconds (default 5: five one-second rates for the spread; 0: no probe). */
    static final String PARAMETER = "idleProbe";
    static final int DEFAULT_SECONDS = 5;
    /** For the last scenario run's connections to close and its full GC to end. */
    static final Duration SETTLE = Duration.ofSeconds(1);

    private ServerIdleProbe() {
    }

    /**
     * @param server the server's process when it runs here (its threads are read), else empty (the analysis reads the
     *               probe's span off the monitor's series)
     */
    public static void measure(RunLayout layout, Optional<ProcessHandle> server, BuildLog log) throws IOException {
        int seconds = seconds(layout);
        if (seconds == 0) {
            return; // -DidleProbe=0: the net CPU per msg is left unknown
        }
        long from;
        List<long[]> readings = new ArrayList<>(); // {total ns, JIT ns} at each second
        try {
            Thread.sleep(SETTLE.toMillis());
            from = System.currentTimeMillis();
            long next = from;
            for (int s = 0; s <= seconds; s++) {
                server.flatMap(ServerIdleProbe::read).ifPresent(readings::add);
                next += 1000;
                if (s < seconds) {
                    Thread.sleep(Math.max(0, next - System.currentTimeMillis()));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return; // the build is ending: no probe
        }
        long to = System.currentTimeMillis();
        java.nio.file.Path csv = layout.dir().resolve(RunLayout.SERVER_IDLE);
        String header = Files.exists(csv) ? "" : RunLayout.SERVER_IDLE_HEADER + "\n";
        Optional<double[]> figures = readings.size() == seconds + 1 ? Optional.of(figures(readings)) : Optional.empty();
        Files.writeString(csv, header + from + "," + to + "," + figures.map(f -> String.format(Locale.ROOT,
                "%.3f,%.3f,%.3f", f[0], f[1], f[2])).orElse(",,") + "\n", StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        log.info("server idle for " + seconds + " s after its load: its CPU then is its idle cost" + figures.map(f ->
                String.format(Locale.ROOT, " (%.1f ms/s, JIT %.1f of it, one-second rates within ±%.1f ms/s)",
                        f[0] / seconds, f[1] / seconds, f[2])).orElse(""));
    }

    private static int seconds(RunLayout layout) throws IOException {
        String value = java.nio.file.Files.exists(layout.runParametersFile())
                ? org.esbbench.report.folder.RunParametersFile.read(layout.runParametersFile()).parameters().get(PARAMETER)
                : null;
        return value == null || value.isBlank() ? DEFAULT_SECONDS : Integer.parseInt(value.trim());
    }

    private static Optional<long[]> read(ProcessHandle server) {
        return ThreadRunTime.of(server).map(t -> new long[] {t.allNs(), t.compilerNs()});
    }

    /** {cpu ms, JIT ms, half the range of the one-second rates net of JIT in ms/s} of the probe's readings. */
    static double[] figures(List<long[]> readings) {
        long[] first = readings.get(0);
        long[] last = readings.get(readings.size() - 1);
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (int i = 1; i < readings.size(); i++) {
            long[] a = readings.get(i - 1);
            long[] b = readings.get(i);
            double ms = ((b[0] - a[0]) - (b[1] - a[1])) / 1e6;
            min = Math.min(min, ms);
            max = Math.max(max, ms);
        }
        return new double[] {(last[0] - first[0]) / 1e6, (last[1] - first[1]) / 1e6, (max - min) / 2};
    }
}
