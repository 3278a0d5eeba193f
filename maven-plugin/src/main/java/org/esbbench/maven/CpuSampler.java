package org.esbbench.maven;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Records the CPU time of the processes that matter (server under test, backend, load generator) as a
 * time series, {@code epochMs,process,cpuMs}, streamed to a CSV file while the run goes. The analysis
 * interpolates it at each scenario's measurement-window bounds: CPU cost per message is the server's CPU
 * time in the window divided by the messages measured in it. A series, rather than two readings, because
 * the window bounds are only known from the results file afterwards.
 *
 * <p>CPU time comes from the kernel's per-process accounting (/proc/PID/stat through ProcessHandle), which
 * counts all threads of the process, GC and JIT included.
 */
public final class CpuSampler implements AutoCloseable {
    private final Map<String, Supplier<OptionalLong>> processes = new ConcurrentHashMap<>();
    private final BufferedWriter out;
    private final Thread thread;
    private volatile boolean running = true;

    public CpuSampler(Path csv, Duration interval) throws IOException {
        Files.createDirectories(csv.toAbsolutePath().getParent());
        boolean fresh = !Files.exists(csv);
        out = Files.newBufferedWriter(csv, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (fresh) {
            out.write("epochMs,process,cpuMs\n");
        }
        thread = new Thread(() -> loop(interval), "esb-bench-cpu-sampler");
        thread.setDaemon(true);
    }

    /** Watches a process; the supplier is asked at every tick, so a process that appears later is picked up. */
    public CpuSampler watch(String name, Supplier<Optional<ProcessHandle>> process) {
        return watchCpu(name, () -> process.get().flatMap(h -> h.info().totalCpuDuration())
                .map(d -> OptionalLong.of(d.toMillis())).orElse(OptionalLong.empty()));
    }

    /** Watches any CPU time counter in ms (a remote JVM's over JMX, the whole machine's from /proc/stat). */
    public CpuSampler watchCpu(String name, Supplier<OptionalLong> cpuMillis) {
        processes.put(name, cpuMillis);
        return this;
    }

    public CpuSampler start() {
        thread.start();
        return this;
    }

    private void loop(Duration interval) {
        while (running) {
            sampleOnce();
            try {
                Thread.sleep(interval.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    synchronized void sampleOnce() {
        long now = System.currentTimeMillis();
        try {
            for (Map.Entry<String, Supplier<OptionalLong>> e : processes.entrySet()) {
                OptionalLong cpu;
                try {
                    cpu = e.getValue().get();
                } catch (RuntimeException ex) {
                    cpu = OptionalLong.empty(); // a process gone or a connection lost: no reading this tick
                }
                if (cpu.isPresent()) {
                    out.write(now + "," + e.getKey() + "," + cpu.getAsLong() + "\n");
                }
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        running = false;
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sampleOnce();
        out.close();
    }
}
