package org.esbbench.report.folder;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Properties;

/**
 * The run folder's record of the PerfMon ServerAgent the plans' collector read ({@code perfmon.properties}): its
 * address, whether the suite started it, and the cores of its host when known (the suite's own machine for an
 * agent it started; the profile's {@code perfmon.cores} for an agent on another host). The analysis needs the
 * cores to turn the host's CPU percentage into CPU time per message.
 *
 * @param address host:port of the agent
 * @param started true when the suite started the agent beside a local server
 * @param cores   the agent's host's cores, when known
 */
public record PerfMonAgentFile(String address, boolean started, OptionalInt cores) {
    public static final String NAME = RunLayout.PERFMON_AGENT;

    public static Path in(Path runDir) {
        return runDir.resolve(NAME);
    }

    public void write(Path runDir) throws IOException {
        Properties p = new Properties();
        p.setProperty("address", address);
        p.setProperty("started", Boolean.toString(started));
        cores.ifPresent(c -> p.setProperty("cores", Integer.toString(c)));
        try (Writer w = Files.newBufferedWriter(in(runDir))) {
            p.store(w, "The PerfMon ServerAgent of this run (written by esb-bench:start)");
        }
    }

    /** The run's record; empty when the run had no PerfMon agent. */
    public static Optional<PerfMonAgentFile> read(Path runDir) throws IOException {
        Path file = in(runDir);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        OptionalInt cores = OptionalInt.empty();
        String c = p.getProperty("cores", "").trim();
        if (!c.isEmpty()) {
            try {
                int n = Integer.parseInt(c);
                cores = n > 0 ? OptionalInt.of(n) : OptionalInt.empty();
            } catch (NumberFormatException e) {
                // unknown cores: no CPU per message from the host's figures
            }
        }
        return Optional.of(new PerfMonAgentFile(p.getProperty("address", "").trim(),
                Boolean.parseBoolean(p.getProperty("started", "false").trim()), cores));
    }
}
