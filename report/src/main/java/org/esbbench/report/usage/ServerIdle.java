package org.esbbench.report.usage;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.folder.RunLayout;

/**
 * What the server costs doing nothing: its CPU time per second over the idle probes of {@code server-idle.csv}
 * (a few seconds of the warm server without load, after its last scenario run and before each restart), read from
 * the server's CPU series. A JVM's timers, JIT and GC threads cost the same at 20 messages a second as at 2,000: divided
 * by few messages they swamp the CPU per message, so the analysis also gives it net of this idle cost and flags a
 * window whose server CPU was mostly this.
 */
final class ServerIdle {
    /** The flag of a window where at least {@link #MOSTLY} of the server's CPU was its idle cost. */
    static final String MOSTLY_IDLE = "server-mostly-idle";
    static final double MOSTLY = 0.5;

    private record Probe(long fromMs, long toMs) {
    }

    private final List<Probe> probes;

    private ServerIdle(List<Probe> probes) {
        this.probes = probes;
    }

    static ServerIdle read(Path runDir) throws IOException {
        List<Probe> probes = new ArrayList<>();
        Path csv = runDir.resolve(RunLayout.SERVER_IDLE);
        if (Files.exists(csv)) {
            try (Reader in = Files.newBufferedReader(csv)) {
                for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                    probes.add(new Probe(Long.parseLong(r.get("fromMs")), Long.parseLong(r.get("toMs"))));
                }
            }
        }
        return new ServerIdle(probes);
    }

    /**
     * The server's idle CPU in ms per ms for the window [from, to]: from the first probe after the window (the same
     * server, warm, its load over), else (a run stopped before its probe) none.
     */
    OptionalDouble rateFor(long from, long to, CpuSeries server) {
        for (Probe p : probes) {
            if (p.fromMs() >= to) {
                OptionalDouble ms = server.cpuMillisBetween(p.fromMs(), p.toMs());
                return ms.isPresent() ? OptionalDouble.of(ms.getAsDouble() / Math.max(1, p.toMs() - p.fromMs()))
                        : OptionalDouble.empty();
            }
        }
        return OptionalDouble.empty();
    }

    /** The server's CPU µs per message net of its idle cost; null when either is unknown. */
    static Double netPerMessage(Double serverCpuMs, Double idleMs, long samples) {
        if (serverCpuMs == null || idleMs == null || samples == 0) {
            return null;
        }
        return Math.max(0, serverCpuMs - idleMs) * 1000 / samples;
    }

    /** The mostly-idle flag when the idle cost is at least half the window's server CPU. */
    static java.util.Optional<String> flag(Double serverCpuMs, Double idleMs, long windowMs, Double net) {
        if (serverCpuMs == null || idleMs == null || serverCpuMs <= 0 || idleMs / serverCpuMs < MOSTLY) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(Locale.ROOT, "%s: %.0f%% of the server's CPU in the window is what"
                + " it spends idle (%.1f ms/s, measured without load): CPU per msg is mostly the idle JVM; net of it"
                + " %s µs", MOSTLY_IDLE, 100 * Math.min(1, idleMs / serverCpuMs), idleMs * 1000 / windowMs,
                net == null ? "unknown" : String.format(Locale.ROOT, "%.1f", net)));
    }
}
