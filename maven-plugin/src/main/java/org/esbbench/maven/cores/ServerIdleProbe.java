package org.esbbench.maven.cores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.report.folder.RunLayout;

/**
 * A few seconds of a warm server doing nothing, written to {@code server-idle.csv}: the analysis reads the server's
 * CPU over it as what the server costs idle, and gives CPU per message net of that. Taken after the last scenario
 * run and before each restart of the server: the load is over, the full GC the suite asks for after each scenario
 * run is done, and the JIT has compiled what the load needed. (Right after a start, or after the chain's warm-up,
 * the compiler threads are still at work: measured so, the reference server's "idle" was 86 ms of CPU per second,
 * more than it spends serving 20 messages a second.)
 */
public final class ServerIdleProbe {
    /** Long enough for several of the monitor's samples (every 250 ms), short enough to cost nothing in a run. */
    static final Duration LENGTH = Duration.ofSeconds(3);
    /** For the last scenario run's connections to close and its full GC to end. */
    static final Duration SETTLE = Duration.ofSeconds(1);

    private ServerIdleProbe() {
    }

    public static void measure(RunLayout layout, BuildLog log) throws IOException {
        long from;
        try {
            Thread.sleep(SETTLE.toMillis());
            from = System.currentTimeMillis();
            Thread.sleep(LENGTH.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return; // the build is ending: no probe
        }
        long to = System.currentTimeMillis();
        java.nio.file.Path csv = layout.dir().resolve(RunLayout.SERVER_IDLE);
        String header = Files.exists(csv) ? "" : RunLayout.SERVER_IDLE_HEADER + "\n";
        Files.writeString(csv, header + from + "," + to + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        log.info("server idle for " + LENGTH.toSeconds() + " s after its load: its CPU then is its idle cost");
    }
}
