package org.esbbench.maven.monitor;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.esbbench.report.folder.RunLayout;

/**
 * Writes CPU time series, {@code epochMs,process,cpuMs}, one row per source and tick, to a CSV file (read back by
 * {@code org.esbbench.report.usage.CpuSeries}). The analysis interpolates a series at each scenario run's
 * measurement-window bounds: CPU cost per message is the server's CPU time in the window divided by the messages
 * measured in it. A series rather than two readings because the window bounds are only known from the results
 * file afterwards. Whoever owns the sampler decides when a tick is ({@link #sampleOnce()}).
 */
public final class CpuSampler implements AutoCloseable {
    private final Map<String, CpuSource> sources = new LinkedHashMap<>();
    private final BufferedWriter out;

    public CpuSampler(Path csv) throws IOException {
        Files.createDirectories(csv.toAbsolutePath().getParent());
        boolean fresh = !Files.exists(csv) || Files.size(csv) == 0;
        out = Files.newBufferedWriter(csv, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (fresh) {
            out.write(RunLayout.CPU_HEADER + "\n");
            out.flush();
        }
    }

    /** Samples {@code source} under {@code name} (server, backend, jmeter, machine) from the next tick on. */
    public synchronized CpuSampler watch(String name, CpuSource source) {
        sources.put(name, source);
        return this;
    }

    /** One row per source that has a reading now; a source that fails has none this tick. */
    public synchronized void sampleOnce() throws IOException {
        long now = System.currentTimeMillis();
        for (Map.Entry<String, CpuSource> e : sources.entrySet()) {
            OptionalLong cpu;
            try {
                cpu = e.getValue().cpuMillis();
            } catch (RuntimeException ex) {
                cpu = OptionalLong.empty(); // a process gone or a connection lost
            }
            if (cpu.isPresent()) {
                out.write(now + "," + e.getKey() + "," + cpu.getAsLong() + "\n");
            }
        }
        out.flush();
    }

    /** Takes a last sample (so the series covers up to now) and closes the file. */
    @Override
    public synchronized void close() throws IOException {
        try {
            sampleOnce();
        } finally {
            out.close();
        }
    }
}
