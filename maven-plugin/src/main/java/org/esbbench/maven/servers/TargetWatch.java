package org.esbbench.maven.servers;

import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.ProcessRegistry;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.esbbench.report.folder.ProcessesFile;

/**
 * Watches, while the run goal measures, the processes the measurement depends on: the server and the echo backend
 * the suite started ({@code processes.csv} says they run). One that has died (killed, crashed, out of memory) makes
 * every later sample an error of the harness, not a figure of the server: the run goal stops the JMeter of the point,
 * names the cause and starts no further point. A dead server is not restarted: a server that died under load is a
 * result to look at, and a restarted one would mix two lives (and their warm-ups) in one run; {@code -Dresume}
 * measures the rest once the cause is known.
 */
public final class TargetWatch {
    static final List<String> WATCHED = List.of("server", "backend");

    private final ProcessRegistry registry;

    public TargetWatch(ProcessRegistry registry) {
        this.registry = registry;
    }

    /**
     * The first watched process that {@code processes.csv} lists as running but is gone, as "server process (pid N)
     * exited (signal 9)"; empty while all live.
     */
    public Optional<String> death() {
        List<ProcessesFile.Entry> entries;
        try {
            entries = ProcessesFile.read(registry.file());
        } catch (IOException e) {
            return Optional.empty(); // being rewritten: the next look sees it
        }
        for (ProcessesFile.Entry e : entries) {
            if (e.running() && WATCHED.contains(e.name()) && !alive(e)) {
                return Optional.of(e.name() + " process (pid " + e.pid() + ") exited ("
                        + ManagedProcess.endOf(e.pid()).orElse("exit status unknown: not started by this build") + ")");
            }
        }
        return Optional.empty();
    }

    private static boolean alive(ProcessesFile.Entry e) {
        return ManagedProcess.attach(e.name(), e.pid(), e.startedAtMs(), java.nio.file.Path.of(e.log()), List.of())
                .isPresent();
    }
}
