package org.esbbench.report.folder;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The run folder's record of the JMeter engines that generated the load ({@code generators.json}), written by
 * {@code esb-bench:start} once the engines passed their probe, and read by the monitor (which engine processes to
 * follow) and the analysis (each engine's CPU and share of the load). A run without {@code -Dgenerators} has no
 * such file: one local JMeter per scenario run generated its load.
 *
 * @param kind          {@code local} (engines the suite started on loopback) or {@code remote} (engines already
 *                      running elsewhere)
 * @param ssl           whether RMI ran over SSL
 * @param mode          JMeter's sample sender mode ({@code mode} property), e.g. StrippedAsynch
 * @param clientAddress the client's {@code java.rmi.server.hostname}
 * @param clientPort    the client's {@code client.rmi.localport} (0 = any)
 * @param splitRule     how totals are shared among the engines, in words
 * @param engines       the engines, in {@code -Dgenerators} order
 */
public record EnginesFile(String kind, boolean ssl, String mode, String clientAddress, int clientPort,
                             String splitRule, List<Engine> engines) {

    public static final String NAME = RunLayout.GENERATORS;

    /**
     * One engine, as the suite started or probed it.
     *
     * @param id           engine-1..N, in {@code -Dgenerators} order
     * @param host         the host the client reaches it at
     * @param registryPort its RMI registry port ({@code server_port})
     * @param objectPort   its RMI object port ({@code server.rmi.localport}), 0 when unknown
     * @param local        true when the suite started it on this machine (its CPU comes from /proc)
     * @param pid          its process id on its host, 0 when unknown
     * @param cores        the cores of its host, 0 when unknown
     * @param jmeter       its JMeter version
     * @param java         its Java version
     * @param replyQueue   the JMS reply queue it uses (each engine its own: JMeter's receiver takes every reply
     *                     on its queue)
     * @param clockBoundMs how far its clock may be from the client's, as the probe bounded it
     * @param perfmonPort  the PerfMon agent port on its host (remote engines), 0 = none
     */
    public record Engine(String id, String host, int registryPort, int objectPort, boolean local, long pid,
                         int cores, String jmeter, String java, String replyQueue, long clockBoundMs,
                         int perfmonPort) {

        /** The {@code -R} entry the client uses for it, which is also the host string the engine is told. */
        public String address() {
            return host + ":" + registryPort;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public EnginesFile {
        engines = List.copyOf(engines);
    }

    public static Path in(Path runDir) {
        return runDir.resolve(NAME);
    }

    public void write(Path runDir) throws IOException {
        Path file = in(runDir);
        Path tmp = file.resolveSibling(NAME + ".tmp");
        JSON.writeValue(tmp.toFile(), this);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** The run's record; empty when the run's load came from one local JMeter. */
    public static Optional<EnginesFile> read(Path runDir) throws IOException {
        Path file = in(runDir);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(JSON.readValue(file.toFile(), EnginesFile.class));
    }

    /** Each engine's share of a total (users or arrivals per second), in engine order. */
    public List<Integer> shares(int total) {
        return org.esbbench.report.points.LoadSplit.of(total, engines.size());
    }
}
