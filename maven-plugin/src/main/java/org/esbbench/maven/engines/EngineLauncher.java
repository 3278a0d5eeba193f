package org.esbbench.maven.engines;

import org.esbbench.maven.scenario.SampleVariables;
import org.esbbench.maven.processes.JvmCommand;
import org.esbbench.maven.processes.Deadline;
import org.esbbench.maven.processes.OnStarted;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ManagedProcess;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.folder.RunLayout;

/**
 * The JMeter engines of {@code -Dgenerators=local:N} ({@code jmeter -s}): engine-1..N on loopback, each on two free
 * ports of its own (RMI registry and object), with its own JMS reply queue ({@code perf.reply.engine-k}: JMeter's
 * JMS receiver takes every message of its reply queue, so two engines on one queue would steal each other's
 * replies), the run's payload and keystore folders, and esb-bench's load-share hook installed by
 * {@code scripts/jmeter/engine-init.groovy}. They run in {@code config/rmi} (the keystore's relative name) and
 * live for the whole run, registered in processes.csv like every process the run starts, so the stop goal and
 * the shutdown hooks stop them.
 */
final class EngineLauncher {

    /** How long an engine may take to bind its RMI objects and install the hook (typically 3-5 s on 2 cores). */
    static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    static final String INIT_SCRIPT = "scripts/jmeter/engine-init.groovy";
    /** The engine prints it once the init script installed the hook, which runs after its RMI objects are bound. */
    static final String READY_LINE = "esb-bench engine hook installed";

    /** One local engine, started. */
    record LocalEngine(String id, int registryPort, int objectPort, ManagedProcess process) {
        String address() {
            return "127.0.0.1:" + registryPort;
        }

        String replyQueue() {
            return EngineLauncher.replyQueue(id);
        }
    }

    private final Path root;
    private final RunLayout layout;
    private final JMeterInstallation jmeter;
    private final Path rmiDir;
    private final int heapMb;
    private final boolean ssl;
    private final Consumer<String> log;

    EngineLauncher(Path root, RunLayout layout, JMeterInstallation jmeter, Path rmiDir, int heapMb, boolean ssl,
                   Consumer<String> log) {
        this.root = root;
        this.layout = layout;
        this.jmeter = jmeter;
        this.rmiDir = rmiDir;
        this.heapMb = heapMb;
        this.ssl = ssl;
        this.log = log;
    }

    static String replyQueue(String engineId) {
        return "perf.reply." + engineId;
    }

    Path output(String id) {
        return layout.engineOutput(id);
    }

    /** A local engine's JMeter log (its -j), which the watch of a scenario run reads too. */
    static Path engineLog(RunLayout layout, String id) {
        return layout.engineLog(id);
    }

    /** The engine's command line: nothing secret on it (the keystore password is in the -q file). */
    List<String> command(String id, int registryPort, int objectPort) {
        List<String> cmd = new ArrayList<>(List.of(JvmCommand.java(),
                "-Xms" + heapMb + "m", "-Xmx" + heapMb + "m", "-Djava.awt.headless=true",
                // JMeter refuses a host name that resolves to loopback unless told the address.
                "-Djava.rmi.server.hostname=127.0.0.1",
                "-Desbbench.run=" + layout.runId(), "-Desbbench.engine=" + id,
                "-jar", jmeter.launcherJar().toString(), "-s",
                "-j", engineLog(layout, id).toString(),
                "-q", rmiDir.resolve(RmiKeystore.PROPERTIES).toString(),
                "-Jserver_port=" + registryPort, "-Jserver.rmi.localport=" + objectPort,
                "-Jjsr223.init.file=" + root.resolve(INIT_SCRIPT),
                "-JpayloadDir=" + root.resolve("data/generated"), "-JkeystoreDir=" + root.resolve("config/keystores"),
                "-JreplyQueue=" + replyQueue(id),
                // The engine builds each sample's event, with the sample variables (elapsed_us) it names.
                SampleVariables.argument(jmeter)));
        if (!ssl) {
            cmd.add("-Jserver.rmi.ssl.disable=true");
        }
        return cmd;
    }

    /**
     * Starts engines engine-1..{@code count} on fresh ports, all at once, and waits until each is ready.
     *
     * @param onStarted registers each process as soon as it runs (so that a failure later stops it)
     */
    List<LocalEngine> startAll(int count, OnStarted onStarted) throws IOException, InvalidRunException {
        List<int[]> ports = new ArrayList<>();
        for (int k = 1; k <= count; k++) {
            ports.add(new int[] {freePort(), freePort()});
        }
        List<LocalEngine> engines = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        for (int k = 1; k <= count; k++) {
            String id = "engine-" + k;
            offsets.add(size(output(id)));
            engines.add(launch(id, ports.get(k - 1)[0], ports.get(k - 1)[1], onStarted));
        }
        long t0 = System.nanoTime();
        for (int i = 0; i < engines.size(); i++) {
            awaitReady(engines.get(i), offsets.get(i));
        }
        log.accept(count + " JMeter engine(s) ready on loopback after " + (System.nanoTime() - t0) / 1_000_000 + " ms: "
                + String.join(", ", engines.stream().map(e -> e.id() + " " + e.address() + " (pid " + e.process().pid()
                + ")").toList()));
        return engines;
    }

    /** Starts one engine again on its ports (after it died or after a failed point) and waits until it is ready. */
    LocalEngine restart(String id, int registryPort, int objectPort, OnStarted onStarted)
            throws IOException, InvalidRunException {
        long offset = size(output(id));
        LocalEngine engine = launch(id, registryPort, objectPort, onStarted);
        awaitReady(engine, offset);
        log.accept(id + " restarted on " + engine.address() + " (pid " + engine.process().pid() + ")");
        return engine;
    }

    private LocalEngine launch(String id, int registryPort, int objectPort, OnStarted onStarted) throws IOException {
        ManagedProcess process = ManagedProcess.start(id,
                org.esbbench.maven.cores.RunCpus.of(layout).harness(command(id, registryPort, objectPort)), rmiDir, output(id));
        onStarted.accept(process);
        return new LocalEngine(id, registryPort, objectPort, process);
    }

    /**
     * Ready: the output, past {@code offset} (an engine restarted appends to the same file), has the hook's line,
     * which the init script prints after the RMI registry and object are bound.
     */
    void awaitReady(LocalEngine engine, long offset) throws InvalidRunException, IOException {
        boolean ready;
        try {
            ready = Deadline.until(READY_TIMEOUT, Duration.ofMillis(100), () -> {
                if (readySince(engine, offset)) {
                    return true;
                }
                if (!engine.process().isAlive()) {
                    throw new InvalidRunException(engine.id() + " (JMeter engine on " + engine.address() + ") exited"
                            + " while starting (exit " + engine.process().exitCode() + "; " + output(engine.id())
                            + "):\n" + engine.process().logTail(15));
                }
                return false;
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while " + engine.id() + " started", e);
        }
        if (ready) {
            return;
        }
        throw new InvalidRunException(engine.id() + " (JMeter engine on " + engine.address() + ") was not ready within "
                + READY_TIMEOUT.toSeconds() + " s: no '" + READY_LINE + "' line from " + INIT_SCRIPT + " in "
                + output(engine.id()) + " (is the esb-bench extension in JMeter's lib/ext?):\n" + engine.process().logTail(15));
    }

    private boolean readySince(LocalEngine engine, long offset) {
        try {
            return outputSince(output(engine.id()), offset).contains(READY_LINE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static long size(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** What a file gained past {@code offset} ("" when it has not grown or does not exist). */
    static String outputSince(Path file, long offset) throws IOException {
        if (!Files.exists(file)) {
            return "";
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            if (length <= offset) {
                return "";
            }
            byte[] bytes = new byte[(int) Math.min(length - offset, 4 << 20)];
            in.seek(offset);
            in.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /** A free TCP port on loopback (taken and closed: a start that loses a race fails clearly, naming the engine). */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }
}
