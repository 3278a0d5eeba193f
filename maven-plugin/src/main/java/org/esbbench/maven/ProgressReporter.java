package org.esbbench.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.esbbench.core.Scenario;

/**
 * Prints, at a steady interval while JMeter runs the plans, where the run is: scenario k of n, which window
 * (warm-up or measurement), elapsed time, ETA, current throughput and errors. It reads the results files
 * JMeter streams into its results folder, so it needs nothing from JMeter itself.
 */
public final class ProgressReporter implements AutoCloseable {
    private final RunPlan plan;
    private final Path resultsDir;
    private final long notBeforeMs;
    private final Consumer<String> out;
    private final Map<Scenario, JtlTail> tails = new HashMap<>();
    private final Thread thread;
    private final long startedNanos = System.nanoTime();
    private volatile boolean running = true;

    /**
     * @param notBeforeMs results files last modified before this time belong to an earlier run and are ignored
     */
    public ProgressReporter(RunPlan plan, Path resultsDir, long notBeforeMs, Duration interval, Consumer<String> out) {
        this.plan = plan;
        this.resultsDir = resultsDir;
        this.notBeforeMs = notBeforeMs;
        this.out = out;
        this.thread = new Thread(() -> loop(interval), "esb-bench-progress");
        this.thread.setDaemon(true);
    }

    public ProgressReporter start() {
        thread.start();
        return this;
    }

    private void loop(Duration interval) {
        long lastSamples = 0;
        long lastNanos = System.nanoTime();
        while (running) {
            try {
                Thread.sleep(interval.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            try {
                long now = System.nanoTime();
                Optional<String> line = report(lastSamples, (now - lastNanos) / 1e9);
                lastSamples = totalSamples();
                lastNanos = now;
                line.ifPresent(out);
            } catch (IOException | RuntimeException e) {
                out.accept("progress unavailable: " + e.getMessage());
            }
        }
    }

    Optional<String> report(long samplesBefore, double intervalSeconds) throws IOException {
        discoverFiles();
        // JMeter runs the plans one after the other, in its own (file name) order: the plan running now is
        // the one whose results began last (a file with no sample yet is the newest of all), and it is the
        // k-th to have begun.
        Scenario current = null;
        for (Map.Entry<Scenario, JtlTail> e : tails.entrySet()) {
            e.getValue().poll();
            if (current == null || began(e.getValue()) > began(tails.get(current))) {
                current = e.getKey();
            }
        }
        if (current == null) {
            return Optional.of("waiting for JMeter to start the first plan ("
                    + formatDuration(elapsedSeconds()) + " elapsed)");
        }
        JtlTail tail = tails.get(current);
        int index = tails.size() - 1;
        long perScenario = plan.warmupSeconds() + plan.measurementSeconds();
        long inScenario = tail.firstTimestamp() < 0 ? 0 : (System.currentTimeMillis() - tail.firstTimestamp()) / 1000;
        String window = inScenario < plan.warmupSeconds() ? "warm-up" : inScenario < perScenario ? "measurement" : "ending";
        long remaining = Math.max(0, perScenario - inScenario) + (plan.scenarios().size() - index - 1) * perScenario;
        double rate = intervalSeconds <= 0 ? 0 : (totalSamples() - samplesBefore) / intervalSeconds;
        double errorPct = tail.samples() == 0 ? 0 : 100.0 * tail.failures() / tail.samples();
        return Optional.of(String.format(Locale.ROOT,
                "scenario %d of %d: %s | %s %s of %s | elapsed %s | ETA %s | %.1f samples/s | errors %d (%.2f%%)",
                index + 1, plan.scenarios().size(), current.id(), window, formatDuration(inScenario),
                formatDuration(perScenario), formatDuration(elapsedSeconds()), formatDuration(remaining),
                rate, tail.failures(), errorPct));
    }

    private static long began(JtlTail tail) {
        return tail.firstTimestamp() < 0 ? Long.MAX_VALUE : tail.firstTimestamp();
    }

    private long totalSamples() {
        return tails.values().stream().mapToLong(JtlTail::samples).sum();
    }

    private long elapsedSeconds() {
        return (System.nanoTime() - startedNanos) / 1_000_000_000L;
    }

    private void discoverFiles() throws IOException {
        if (!Files.isDirectory(resultsDir)) {
            return;
        }
        try (Stream<Path> files = Files.list(resultsDir)) {
            List<Path> csvs = files.filter(f -> f.toString().endsWith(".csv")).toList();
            for (Scenario s : plan.scenarios()) {
                if (tails.containsKey(s)) {
                    continue;
                }
                for (Path f : csvs) {
                    if (ResultFiles.isResultsOf(f, s) && Files.getLastModifiedTime(f).toMillis() >= notBeforeMs) {
                        tails.put(s, new JtlTail(f));
                    }
                }
            }
        }
    }

    static String formatDuration(long seconds) {
        return String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, (seconds / 60) % 60, seconds % 60);
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
