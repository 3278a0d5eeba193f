package org.esbbench.report.dashboard;

import org.esbbench.report.samples.JtlReader;
import org.esbbench.report.samples.Window;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/** The window options the dashboard and agreement commands share (a picocli mixin). */
final class WindowOptions {

    @Option(names = "--warmup", required = true, description = "Warm-up window in seconds, from the run's start.")
    double warmupSeconds;

    @Option(names = "--measurement", required = true, description = "Measurement window in seconds.")
    double measurementSeconds;

    @Option(names = "--run-start", description = "The run's start, epoch ms (default: the file's earliest sample start).")
    Long runStartMillis;

    /** The windows of {@code jtl}: from --run-start, or from its earliest sample start. */
    Window of(Path jtl) throws IOException {
        long start = runStartMillis != null ? runStartMillis : earliestStart(jtl);
        return Window.ofSeconds(start, warmupSeconds, measurementSeconds);
    }

    static long earliestStart(Path jtl) throws IOException {
        AtomicLong earliest = new AtomicLong(Long.MAX_VALUE);
        if (JtlReader.read(jtl, sample -> earliest.accumulateAndGet(sample.startMillis(), Math::min)) == 0) {
            throw new IOException(jtl + " holds no samples");
        }
        return earliest.get();
    }
}
