package org.esbbench.maven.cores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.report.folder.RunLayout;

/**
 * A few seconds of a started server doing nothing (health check and preflight done, the monitor recording, no load
 * yet), written to {@code server-idle.csv}: the analysis reads the server's CPU over it as what the server costs
 * idle, and gives CPU per message net of that. Taken after each start of the server.
 */
public final class ServerIdleProbe {
    /** Long enough for several of the monitor's samples (every 250 ms), short enough to cost nothing in a run. */
    static final Duration LENGTH = Duration.ofSeconds(2);

    private ServerIdleProbe() {
    }

    public static void measure(RunLayout layout, BuildLog log) throws IOException {
        long from = System.currentTimeMillis();
        try {
            Thread.sleep(LENGTH.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return; // the build is ending: no probe
        }
        long to = System.currentTimeMillis();
        java.nio.file.Path csv = layout.dir().resolve(RunLayout.SERVER_IDLE);
        String header = Files.exists(csv) ? "" : RunLayout.SERVER_IDLE_HEADER + "\n";
        Files.writeString(csv, header + from + "," + to + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        log.info("server idle for " + LENGTH.toSeconds() + " s before the load: its CPU then is its idle cost");
    }
}
