package org.esbbench.maven.engines;

import org.esbbench.maven.processes.OnStarted;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.ProcessRegistry;
import org.esbbench.maven.processes.StopOnExit;
import org.esbbench.maven.scenario.JMeterCommand;
import org.esbbench.maven.scenario.PlanProperties;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.esbbench.maven.engines.EngineLauncher.LocalEngine;
import org.esbbench.maven.engines.Engines.EngineAddress;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.points.LoadSplit;
import org.esbbench.report.folder.EnginesFile;
import org.esbbench.report.folder.RunLayout;

/**
 * The JMeter engines of a run with {@code -Dgenerators}, from both goals' side. The start goal starts the local
 * ones ({@link EngineLauncher}), probes them all ({@link EngineProbe}) and records them in {@code generators.json}
 * before the monitor starts (it reads which engines to follow). The run goal builds each scenario run's JMeter
 * client, watches the engines while it runs ({@link EngineWatch}), stops a point whose engine was lost, and starts
 * dead local engines again before the next point.
 */
public final class EngineFleet {

    /** Heap of the probe's short-lived client, MB. */
    static final int PROBE_CLIENT_HEAP_MB = 256;
    /** How long the client may take to stop its engines after StopTestNow before it is stopped itself. */
    static final Duration STOP_TEST_GRACE = Duration.ofSeconds(15);

    private final Path root;
    private final RunLayout layout;
    private final JMeterInstallation jmeter;
    private final Engines generators;
    private final int jmeterHeapMb;
    private final Consumer<String> log;
    private final RmiKeystore keystore;

    public EngineFleet(Path root, RunLayout layout, JMeterInstallation jmeter, Engines generators, int jmeterHeapMb,
                Consumer<String> log) {
        this.root = root;
        this.layout = layout;
        this.jmeter = jmeter;
        this.generators = generators;
        this.jmeterHeapMb = jmeterHeapMb;
        this.log = log;
        this.keystore = RmiKeystore.in(root);
    }

    public Path rmiDir() {
        return keystore.dir();
    }

    private EngineLauncher launcher() {
        return new EngineLauncher(root, layout, jmeter, keystore.dir(), generators.engineHeapMb(jmeterHeapMb),
                generators.ssl(), log);
    }

    // ---- start goal ----

    /**
     * Starts the local engines (if any), probes every engine and writes generators.json.
     *
     * @param registry the run's processes.csv: every process is registered the moment it runs
     * @param guard    the start goal's shutdown hook, which stops them if the build ends first
     */
    public EnginesFile startAndProbe(ProcessRegistry registry, StopOnExit guard) throws IOException, InvalidRunException {
        OnStarted onStarted = OnStarted.registerIn(registry, guard);
        keystore.ensure();
        Files.createDirectories(layout.logs());
        Map<String, LocalEngine> local = new LinkedHashMap<>();
        List<EngineAddress> engines = new ArrayList<>();
        if (generators.kind() == Engines.Kind.LOCAL) {
            for (LocalEngine e : launcher().startAll(generators.engines().size(), onStarted)) {
                local.put(e.id(), e);
                engines.add(new EngineAddress(e.id(), "127.0.0.1", e.registryPort()));
            }
        } else {
            engines.addAll(generators.engines());
            EngineProbe.requireReachable(engines);
        }
        String clientAddress = clientAddress(engines);
        List<EngineProbe.Passed> passed = probe(engines, clientAddress, onStarted, registry);
        List<EnginesFile.Engine> recorded = new ArrayList<>();
        for (EngineProbe.Passed p : passed) {
            Optional<LocalEngine> l = Optional.ofNullable(local.get(p.engine().id()));
            recorded.add(new EnginesFile.Engine(p.engine().id(), p.engine().host(), p.engine().registryPort(),
                    l.map(LocalEngine::objectPort).orElse(0), l.isPresent(), p.facts().number("pid"),
                    (int) p.facts().number("cores"), p.facts().get("jmeter"), p.facts().get("java"),
                    p.facts().get("replyQueue"), p.clockBoundMs(), l.isPresent() ? 0 : generators.perfmonPort()));
        }
        EnginesFile file = new EnginesFile(generators.kind().id(), generators.ssl(), generators.mode(),
                clientAddress, generators.clientPort(), LoadSplit.RULE, recorded);
        file.write(layout.dir());
        return file;
    }

    /** The client's RMI address: given, 127.0.0.1 for local engines, else the local address that routes to engine-1. */
    String clientAddress(List<EngineAddress> engines) throws InvalidRunException {
        if (!generators.clientAddress().isEmpty()) {
            return generators.clientAddress();
        }
        try (DatagramSocket socket = new DatagramSocket()) {
            EngineAddress first = engines.get(0);
            socket.connect(new InetSocketAddress(first.host(), first.registryPort()));
            return socket.getLocalAddress().getHostAddress();
        } catch (IOException e) {
            throw new InvalidRunException("cannot tell this machine's address towards " + engines.get(0).address()
                    + " (" + e.getMessage() + "): give it with -DgeneratorClientAddress");
        }
    }

    private List<EngineProbe.Passed> probe(List<EngineAddress> engines, String clientAddress,
                                           OnStarted onStarted, ProcessRegistry registry)
            throws IOException, InvalidRunException {
        Files.createDirectories(layout.engineProbe(".jmx").getParent());
        Path plan = layout.engineProbe(".jmx");
        Files.writeString(plan, EngineProbe.plan());
        Path jtl = layout.engineProbe(".csv");
        Files.deleteIfExists(jtl);
        Path output = layout.engineProbe(".out");
        List<String> addresses = engines.stream().map(EngineAddress::address).toList();
        // The probe's one sample per engine is the last it sends: always StrippedBatch, which sends what it holds
        // before it reports the test's end (StrippedAsynch reports the end first and may lose its last batch).
        List<String> cmd = JMeterCommand.remote(jmeter, PROBE_CLIENT_HEAP_MB, plan, Map.of(), Map.of(), jtl,
                layout.engineProbe(".log"), remote(addresses, clientAddress, freeUdpPort(), Engines.BATCH));
        long started = System.currentTimeMillis();
        ManagedProcess client = ManagedProcess.start("jmeter-probe", org.esbbench.maven.cores.RunCpus.of(layout).harness(cmd),
                keystore.dir(), output);
        onStarted.accept(client);
        boolean ended;
        try {
            ended = awaitExit(client, EngineProbe.PROBE_TIMEOUT);
        } finally {
            if (client.isAlive()) {
                client.stop(Duration.ofSeconds(5));
            }
            registry.markStopped(client);
        }
        long endedAt = System.currentTimeMillis();
        Map<String, EngineProbe.Facts> answers = EngineProbe.read(jtl);
        String out = Files.exists(output) ? Files.readString(output) : "";
        List<String> problems = new ArrayList<>(EngineProbe.problems(engines, answers, EngineProbe.version(jmeter),
                EngineProbe.extensionSha256(jmeter), started, endedAt, out));
        if (!ended && problems.isEmpty()) {
            problems.add("the probe client did not end within " + EngineProbe.PROBE_TIMEOUT.toSeconds() + " s ("
                    + output + ")");
        }
        if (!problems.isEmpty()) {
            throw new InvalidRunException("engine probe failed (" + (endedAt - started) + " ms; " + output + "):\n  "
                    + String.join("\n  ", problems));
        }
        List<EngineProbe.Passed> passed = new ArrayList<>();
        for (EngineAddress e : engines) {
            EngineProbe.Facts f = answers.get(e.address());
            passed.add(new EngineProbe.Passed(e, f, EngineProbe.clockBoundMs(f.number("now"), started, endedAt)));
            log.accept(e.id() + " (" + e.address() + ") passed the probe: JMeter " + f.get("jmeter") + ", Java "
                    + f.get("java") + ", pid " + f.get("pid") + ", " + f.get("cores") + " cores, reply queue "
                    + f.get("replyQueue"));
        }
        log.accept("engine probe: " + engines.size() + " engine(s) passed in " + (endedAt - started) + " ms");
        return passed;
    }

    /** Probes the engines generators.json records again (after a restart, say); fails naming any that does not pass. */
    List<EngineProbe.Passed> probeRecorded(ProcessRegistry registry, StopOnExit guard) throws IOException, InvalidRunException {
        EnginesFile file = recorded();
        List<EngineAddress> engines = file.engines().stream()
                .map(e -> new EngineAddress(e.id(), e.host(), e.registryPort())).toList();
        return probe(engines, file.clientAddress(), p -> {
            guard.add(p);
            registry.register(p);
        }, registry);
    }

    private JMeterCommand.Remote remote(List<String> addresses, String clientAddress, int stopPort) {
        return remote(addresses, clientAddress, stopPort, generators.mode());
    }

    private JMeterCommand.Remote remote(List<String> addresses, String clientAddress, int stopPort, String mode) {
        return new JMeterCommand.Remote(addresses, keystore.properties(), clientAddress, generators.clientPort(),
                generators.ssl(), mode, stopPort, layout.runId());
    }

    // ---- run goal ----

    public EnginesFile recorded() throws IOException, InvalidRunException {
        return EnginesFile.read(layout.dir()).orElseThrow(() -> new InvalidRunException("-Dgenerators is set but "
                + EnginesFile.in(layout.dir()) + " is missing: esb-bench:start records the engines it probed"));
    }

    public static List<String> addresses(EnginesFile file) {
        return file.engines().stream().map(EnginesFile.Engine::address).toList();
    }

    /** The client of one scenario run ({@link JMeterCommand#remote}); properties split with {@link PlanProperties#forEngines}. */
    public List<String> clientCommand(EnginesFile file, Path plan, Map<String, String> properties, Path jtl, Path jmeterLog,
                               int stopPort) {
        List<String> addresses = addresses(file);
        return JMeterCommand.remote(jmeter, jmeterHeapMb, plan, properties, PlanProperties.forEngines(properties, addresses),
                jtl, jmeterLog, remote(addresses, file.clientAddress(), stopPort));
    }

    /** The watch of one scenario run: local engines by their process, remote ones by their registry port. */
    public EngineWatch watch(EnginesFile file, ProcessRegistry registry, Path clientOutput) throws IOException {
        List<EngineWatch.Watched> watched = new ArrayList<>();
        for (EnginesFile.Engine e : file.engines()) {
            Optional<ManagedProcess> p = e.local() ? registry.running(e.id()) : Optional.empty();
            EngineAddress address = new EngineAddress(e.id(), e.host(), e.registryPort());
            // A local engine that died since the check before the point is watched by its port: it fails in two looks.
            watched.add(new EngineWatch.Watched(address, p, layout.engineLog(e.id())));
        }
        return new EngineWatch(watched, clientOutput);
    }

    /**
     * Local engines whose process is gone are started again on their ports (all of them with {@code all}, after a
     * failed point, so that no engine is left in a half-stopped test); generators.json gets their new pids.
     */
    public void restartLocal(boolean all, ProcessRegistry registry, StopOnExit guard) throws IOException, InvalidRunException {
        EnginesFile file = recorded();
        List<EnginesFile.Engine> updated = new ArrayList<>();
        boolean changed = false;
        for (EnginesFile.Engine e : file.engines()) {
            Optional<ManagedProcess> running = e.local() ? registry.running(e.id()) : Optional.empty();
            if (!e.local() || (running.isPresent() && !all)) {
                updated.add(e);
                continue;
            }
            if (running.isPresent()) {
                running.get().stop(Duration.ofSeconds(10));
                registry.markStopped(running.get());
            }
            LocalEngine fresh = launcher().restart(e.id(), e.registryPort(), e.objectPort(),
                    OnStarted.registerIn(registry, guard));
            updated.add(new EnginesFile.Engine(e.id(), e.host(), e.registryPort(), e.objectPort(), true,
                    fresh.process().pid(), e.cores(), e.jmeter(), e.java(), e.replyQueue(), e.clockBoundMs(), e.perfmonPort()));
            changed = true;
        }
        if (changed) {
            new EnginesFile(file.kind(), file.ssl(), file.mode(), file.clientAddress(), file.clientPort(),
                    file.splitRule(), updated).write(layout.dir());
        }
    }

    /**
     * Ends a scenario run whose engine was lost: StopTestNow to the client (it relays the stop to every engine
     * still there), up to 15 s for it to end, then TERM (its results file is flushed by its shutdown hook); the
     * results file becomes {@code .partial}, so half a load never counts as a point.
     *
     * @return the .partial file, or empty when the client wrote none
     */
    public Optional<Path> abort(ManagedProcess client, int stopPort, Path jtl) throws IOException {
        sendStopTestNow(stopPort);
        awaitExit(client, STOP_TEST_GRACE);
        if (client.isAlive()) {
            client.stop(Duration.ofSeconds(10));
        }
        if (!Files.exists(jtl)) {
            return Optional.empty();
        }
        Path partial = RunLayout.abortedResultsOf(jtl);
        return Optional.of(Files.move(jtl, partial, StandardCopyOption.REPLACE_EXISTING));
    }

    /** Whether the process ended within {@code timeout}. */
    static boolean awaitExit(ManagedProcess process, Duration timeout) {
        Optional<ProcessHandle> handle = ProcessHandle.of(process.pid());
        if (handle.isEmpty()) {
            return true;
        }
        try {
            handle.get().onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return !process.isAlive();
        }
    }

    /** JMeter's non-GUI stop command, which the client accepts from loopback on its nongui port. */
    static void sendStopTestNow(int port) {
        byte[] command = "StopTestNow".getBytes(StandardCharsets.US_ASCII);
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.send(new DatagramPacket(command, command.length, InetAddress.getLoopbackAddress(), port));
        } catch (IOException e) {
            // the TERM that follows stops the client anyway
        }
    }

    /** A free UDP port on loopback for the client's StopTestNow listener. */
    public static int freeUdpPort() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
