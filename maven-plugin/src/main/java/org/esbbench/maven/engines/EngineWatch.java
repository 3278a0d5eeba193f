package org.esbbench.maven.engines;

import org.esbbench.maven.processes.ManagedProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.esbbench.maven.engines.Engines.EngineAddress;

/**
 * Watches the engines of one scenario run while its JMeter client runs, because the client itself does not notice
 * a lost engine: it waits for that engine's end of test forever. The point fails, naming the engine, when a local
 * engine's process has ended, when a remote engine's registry port misses two TCP connects in a row, or when the
 * client's output says an engine did not start or refused the test. Called every few seconds by the run goal.
 */
public final class EngineWatch {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    /** What the JMeter client prints when an engine does not take the test (it then goes on without it). */
    static final List<String> CLIENT_FAILURES = List.of("have not started", "Failed to configure",
            "Error in rconfigure()", "Engine is busy");

    /** One engine watched: its process when the suite started it on this machine. */
    record Watched(EngineAddress engine, Optional<ManagedProcess> process, Path log) {
    }

    private final List<Watched> engines;
    private final Path clientOutput;
    private final long clientOutputOffset;
    private final Map<String, Integer> misses = new HashMap<>();
    private String problem = "";

    EngineWatch(List<Watched> engines, Path clientOutput) {
        this.engines = List.copyOf(engines);
        this.clientOutput = clientOutput;
        this.clientOutputOffset = EngineLauncher.size(clientOutput);
    }

    /** The first problem seen, "" while there is none. */
    public String problem() {
        return problem;
    }

    /** Looks once; true (and {@link #problem()} says why) when the point must fail. */
    public boolean failed() {
        if (!problem.isEmpty()) {
            return true;
        }
        problem = check().orElse("");
        return !problem.isEmpty();
    }

    private Optional<String> check() {
        for (Watched w : engines) {
            EngineAddress e = w.engine();
            if (w.process().isPresent()) {
                ManagedProcess p = w.process().get();
                if (!p.isAlive()) {
                    return Optional.of(e.id() + " (" + e.address() + ", pid " + p.pid() + ") exited during the point"
                            + " (log " + w.log() + ")");
                }
            } else if (EngineProbe.unreachable(e, CONNECT_TIMEOUT).isPresent()) {
                int n = misses.merge(e.id(), 1, Integer::sum);
                if (n >= 2) {
                    return Optional.of(e.id() + " (" + e.address() + ") stopped answering on its registry port at "
                            + LocalTime.now().truncatedTo(ChronoUnit.SECONDS));
                }
            } else {
                misses.remove(e.id());
            }
        }
        return clientFailure();
    }

    /** A line of the client's output (since this scenario run began) that says an engine did not take the test. */
    private Optional<String> clientFailure() {
        String out;
        try {
            out = EngineLauncher.outputSince(clientOutput, clientOutputOffset);
        } catch (IOException e) {
            return Optional.empty();
        }
        return clientFailure(out, engines.stream().map(Watched::engine).toList());
    }

    static Optional<String> clientFailure(String output, List<EngineAddress> engines) {
        for (String line : output.lines().toList()) {
            for (String marker : CLIENT_FAILURES) {
                if (line.contains(marker)) {
                    String named = engines.stream().filter(e -> line.contains(e.address()))
                            .map(e -> e.id() + " (" + e.address() + ")").findFirst().orElse("an engine");
                    return Optional.of(named + " did not take the test; the JMeter client said: " + line.strip());
                }
            }
        }
        return Optional.empty();
    }
}
