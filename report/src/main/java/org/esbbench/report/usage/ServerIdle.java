package org.esbbench.report.usage;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.folder.RunLayout;

/**
 * What of the server's CPU in a window is not the cost of its messages: what it costs doing nothing (its idle probes,
 * {@code server-idle.csv}: a few seconds of the warm server without load, after its last scenario run and before
 * each restart) and what its JIT compiler threads took in the window ({@code server.jit} of cpu.csv). A JVM's
 * timers cost the same at 20 messages a second as at 2,000, and at a low rate it compiles for minutes after its
 * warm-up: divided by few messages they swamp the CPU per message, so the analysis also gives it net of both and
 * flags a window whose server CPU was mostly its idle cost.
 *
 * <p>A probe row the build measured itself carries the server's CPU over the probe to the nanosecond
 * ({@code cpuMs}, {@code jitMs}: the kernel's per-thread run time) and the spread of its one-second rates: cpu.csv's
 * counters move in 10 ms ticks, too coarse for a few seconds of an idle JVM. Older rows ({@code fromMs,toMs} only)
 * are read off the series.
 */
final class ServerIdle {
    /** The flag of a window where at least {@link #MOSTLY} of the server's CPU was its idle cost. */
    static final String MOSTLY_IDLE = "server-mostly-idle";
    static final double MOSTLY = 0.5;
    /** The flag of a window whose server CPU net of idle and JIT is below zero. */
    static final String NOT_MEASURABLE = "net-cpu-not-measurable";
    /**
     * How far the window's server CPU may be off: the process's counter (utime and stime of /proc/PID/stat) moves in
     * 10 ms ticks, so a difference of two readings is within one tick; the run-time counter, read once a second, is
     * interpolated within the second at each edge of the window, about as far off at 20 msg/s.
     */
    static final double TICK_MS = 10;

    /** One probe: its span, and (when the build measured it) its CPU, its JIT's, the half-range of its 1 s rates. */
    private record Probe(long fromMs, long toMs, Double cpuMs, Double jitMs, Double spreadMsPerS) {
    }

    /**
     * The idle cost for a window.
     *
     * @param msPerMs       the server's idle CPU net of JIT, ms per ms
     * @param spreadMsPerMs half the range of its one-second rates over the probe; null when unknown
     */
    record Rate(double msPerMs, Double spreadMsPerMs) {
    }

    /**
     * A window's CPU per message net of idle and JIT.
     *
     * @param netMicros    per message; null when unknown or below zero
     * @param spreadMicros how far the net figure may be off, per message: the idle probe's spread over the window
     *                     and one tick of the window's counter; null when the probe has no spread
     * @param jitMicros    the JIT compiler threads' CPU per message; null when unknown
     * @param idleMs       the idle cost over the window; null when unknown
     * @param flags        what a reader must know: a mostly-idle window, a net figure below zero
     */
    record Net(Double netMicros, Double spreadMicros, Double jitMicros, Double idleMs, List<String> flags) {
    }

    private final List<Probe> probes;
    private final CpuSeries jit;
    /** The server's threads' run time read with {@link #jit} (to the ns); runs before it have none. */
    private final CpuSeries runTime;

    private ServerIdle(List<Probe> probes, CpuSeries jit, CpuSeries runTime) {
        this.probes = probes;
        this.jit = jit;
        this.runTime = runTime;
    }

    static ServerIdle read(Path runDir) throws IOException {
        List<Probe> probes = new ArrayList<>();
        Path csv = runDir.resolve(RunLayout.SERVER_IDLE);
        if (Files.exists(csv)) {
            try (Reader in = Files.newBufferedReader(csv)) {
                for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                    probes.add(new Probe(Long.parseLong(r.get("fromMs")), Long.parseLong(r.get("toMs")),
                            number(r, "cpuMs"), number(r, "jitMs"), number(r, "spreadMsPerS")));
                }
            }
        }
        Path cpu = runDir.resolve(RunLayout.CPU);
        return new ServerIdle(probes, CpuSeries.read(cpu, "server" + RunLayout.JIT),
                CpuSeries.read(cpu, "server" + RunLayout.RUN_TIME));
    }

    private static Double number(CSVRecord r, String column) {
        return r.isMapped(column) && r.isSet(column) && !r.get(column).isBlank() ? Double.valueOf(r.get(column)) : null;
    }

    /**
     * The server's idle cost for the window [from, to]: from the first probe after the window (the same server,
     * warm, its load over), else (a run stopped before its probe) none.
     */
    Optional<Rate> rateFor(long from, long to, CpuSeries server) {
        for (Probe p : probes) {
            if (p.fromMs() >= to) {
                double span = Math.max(1, p.toMs() - p.fromMs());
                if (p.cpuMs() != null) {
                    double jitMs = p.jitMs() == null ? 0 : p.jitMs();
                    return Optional.of(new Rate((p.cpuMs() - jitMs) / span,
                            p.spreadMsPerS() == null ? null : p.spreadMsPerS() / 1000));
                }
                OptionalDouble ms = server.cpuMillisBetween(p.fromMs(), p.toMs());
                return ms.isPresent() ? Optional.of(new Rate((ms.getAsDouble()
                        - jit.cpuMillisBetween(p.fromMs(), p.toMs()).orElse(0)) / span, null)) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The window's CPU per message net of idle and JIT, with what a reader must know about it. */
    Net net(Double serverCpuMs, long from, long to, long samples, CpuSeries server) {
        long windowMs = Math.max(1, to - from);
        Optional<Rate> rate = rateFor(from, to, server);
        Double idleMs = rate.map(r -> r.msPerMs() * windowMs).orElse(null);
        OptionalDouble jitMs = jit.cpuMillisBetween(from, to);
        Double jitMicros = jitMs.isPresent() && samples > 0 ? jitMs.getAsDouble() * 1000 / samples : null;
        Double spread = rate.map(Rate::spreadMsPerMs).filter(s -> samples > 0)
                .map(s -> (s * windowMs + TICK_MS) * 1000 / samples).orElse(null);
        List<String> flags = new ArrayList<>();
        Double net = null;
        // The server's CPU as read with its JIT's, at the same instants and to the ns, where the run has it.
        OptionalDouble read = runTime.cpuMillisBetween(from, to);
        Double cpuMs = read.isPresent() && jitMs.isPresent() ? Double.valueOf(read.getAsDouble()) : serverCpuMs;
        if (cpuMs != null && idleMs != null && samples > 0) {
            double left = cpuMs - jitMs.orElse(0) - idleMs;
            if (left >= 0) {
                net = left * 1000 / samples;
            } else {
                flags.add(String.format(Locale.ROOT, "%s: not measurable at this rate: the server's CPU in the window"
                        + " (%.0f ms) net of its JIT's (%.0f ms) is below what it spends idle over as long (%.0f ms)",
                        NOT_MEASURABLE, cpuMs, jitMs.orElse(0), idleMs));
            }
        }
        flag(serverCpuMs, idleMs, windowMs, net).ifPresent(flags::add);
        return new Net(net, spread, jitMicros, idleMs, flags);
    }

    /** The mostly-idle flag when the idle cost is at least half the window's server CPU. */
    static Optional<String> flag(Double serverCpuMs, Double idleMs, long windowMs, Double net) {
        if (serverCpuMs == null || idleMs == null || serverCpuMs <= 0 || idleMs / serverCpuMs < MOSTLY) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%s: %.0f%% of the server's CPU in the window is what"
                + " it spends idle (%.1f ms/s, measured without load): CPU per msg is mostly the idle JVM; net of it"
                + " %s µs", MOSTLY_IDLE, 100 * Math.min(1, idleMs / serverCpuMs), idleMs * 1000 / windowMs,
                net == null ? "unknown" : String.format(Locale.ROOT, "%.1f", net)));
    }
}
