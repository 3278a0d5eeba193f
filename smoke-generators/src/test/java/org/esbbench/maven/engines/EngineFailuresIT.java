package org.esbbench.maven.engines;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.ProcessRegistry;
import org.esbbench.maven.processes.Readiness;
import org.esbbench.maven.processes.StopOnExit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.folder.EnginesFile;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How distributed runs fail, driven through the plugin's own classes on the JMeter this module laid out: an engine
 * that does not answer fails the start in seconds, naming it; an engine killed during a point fails that point,
 * naming it, within seconds, its samples are kept aside, the engines are started again and pass a new probe, and
 * nothing is left running.
 */
class EngineFailuresIT {

    private Path root;
    private JMeterInstallation jmeter;
    private RunLayout layout;
    private ProcessRegistry registry;
    private StopOnExit guard;

    @BeforeEach
    void layout() throws IOException {
        root = Path.of(System.getProperty("esbbench.root", "..")).toAbsolutePath().normalize();
        jmeter = JMeterInstallation.fromPluginConfig(Path.of(System.getProperty("esbbench.generators.jmeterConfig",
                "target/config.json")));
        String id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-failures-"
                + ProcessHandle.current().pid();
        layout = new RunLayout(Files.createDirectories(Path.of("target/failures").resolve(id)));
        registry = new ProcessRegistry(layout.processes());
        guard = new StopOnExit(registry, "engine-failures-it");
    }

    @AfterEach
    void nothingLeft() {
        guard.stopNow(Duration.ofSeconds(10));
        guard.close();
        List<String> left = ProcessHandle.allProcesses()
                .filter(h -> h.info().commandLine().map(c -> c.contains("-Desbbench.run=" + layout.runId())).orElse(false))
                .map(h -> h.pid() + " " + h.info().commandLine().orElse("")).toList();
        assertThat(left).as("processes of the test still alive").isEmpty();
    }

    private EngineFleet fleet(String generators) throws InvalidRunException {
        return new EngineFleet(root, layout, jmeter, Engines.parse(Map.of("generators", generators,
                "generatorHeap", "256")), 256, line -> System.out.println("[fleet] " + line));
    }

    @Test
    void anEngineThatDoesNotAnswerFailsTheStartInSecondsNamingIt() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> fleet("127.0.0.1:" + closed).startAndProbe(registry, guard))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("engine-1 (127.0.0.1:" + closed + ") does not answer on its RMI registry port");
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void anEngineKilledDuringAPointFailsThatPointNamingItAndTheEnginesComeBack() throws Exception {
        HttpServer echo = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        echo.createContext("/", exchange -> {
            try {
                Thread.sleep(50); // a slow server: little CPU for a 2-core machine
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = "<ok/>".getBytes();
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        echo.start();
        try {
            EngineFleet fleet = fleet("local:2");
            EnginesFile file = fleet.startAndProbe(registry, guard);
            Files.createDirectories(layout.logs());
            Path jtl = Files.createDirectories(layout.dir().resolve("jtl")).resolve("direct.csv");
            Path out = layout.jmeterOutput("direct");
            int stopPort = EngineFleet.freeUdpPort();
            List<String> cmd = fleet.clientCommand(file, root.resolve("jmx/soap-http.jmx"),
                    pointProperties(echo.getAddress().getPort()), jtl, layout.jmeterLog("direct"), stopPort);
            ManagedProcess client = ManagedProcess.start("jmeter-direct", cmd, fleet.rmiDir(), out);
            guard.add(client);
            registry.register(client);
            EngineWatch watch = fleet.watch(file, registry, out);

            waitUntil(() -> Files.exists(jtl) && Files.size(jtl) > 0, Duration.ofSeconds(40));
            ManagedProcess engine2 = registry.running("engine-2").orElseThrow();
            ProcessHandle.of(engine2.pid()).orElseThrow().destroyForcibly();
            long killed = System.nanoTime();
            waitUntil(watch::failed, Duration.ofSeconds(20));
            Duration detected = Duration.ofNanos(System.nanoTime() - killed);
            System.out.println("[it] engine-2 killed; the watch said after " + detected.toMillis() + " ms: " + watch.problem());

            assertThat(watch.problem()).startsWith("engine-2 (127.0.0.1:" + file.engines().get(1).registryPort()
                    + ", pid " + engine2.pid() + ") exited during the point");
            assertThat(detected).isLessThan(Duration.ofSeconds(20));
            long t0 = System.nanoTime();
            Optional<Path> partial = fleet.abort(client, stopPort, jtl);
            System.out.println("[it] client stopped after " + (System.nanoTime() - t0) / 1_000_000 + " ms");
            assertThat(client.isAlive()).isFalse();
            assertThat(jtl).doesNotExist();
            assertThat(partial).hasValueSatisfying(p -> assertThat(p.getFileName().toString()).isEqualTo("direct.csv.partial"));

            fleet.restartLocal(true, registry, guard);
            List<EngineProbe.Passed> passed = fleet.probeRecorded(registry, guard);
            assertThat(passed).extracting(p -> p.engine().id()).containsExactly("engine-1", "engine-2");
            assertThat(registry.running("engine-2").orElseThrow().pid()).isNotEqualTo(engine2.pid());
        } finally {
            echo.stop(0);
        }
    }

    @Test
    void anEngineWithoutTheExtensionIsNamedByTheProbe() throws Exception {
        // Another machine's engine that was not given the bundle: a JMeter whose lib/ext lacks esb-bench's jar.
        JMeterInstallation bare = JMeterInstallation.of(withoutExtension(jmeter.home(),
                layout.dir().resolve("jmeter-without-extension")));
        Path rmiDir = RmiKeystore.in(root).dir();
        RmiKeystore.in(root).ensure();
        int port = EngineLauncher.freePort();
        EngineLauncher launcher = new EngineLauncher(root, layout, bare, rmiDir, 256, true,
                line -> System.out.println("[engine] " + line));
        Files.createDirectories(layout.logs());
        ManagedProcess engine = ManagedProcess.start("engine-bare", launcher.command("engine-bare", port,
                EngineLauncher.freePort()), rmiDir, launcher.output("engine-bare"));
        guard.add(engine);
        registry.register(engine);
        // Without the extension there is no hook to print its line: ready when its RMI registry accepts connections
        // (JMeter creates the registry after it exports the engine's object).
        Readiness.awaitTcp(engine, "127.0.0.1", port, Duration.ofSeconds(40));

        long t0 = System.nanoTime();
        assertThatThrownBy(() -> fleet("127.0.0.1:" + port).startAndProbe(registry, guard))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("engine-1 (127.0.0.1:" + port + ")")
                .hasMessageContaining("lacks the esb-bench extension");
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        System.out.println("[it] the probe named the engine without the extension after " + took.toMillis() + " ms");
        assertThat(took).isLessThan(Duration.ofSeconds(60));
    }

    /** A JMeter home beside {@code home}: bin/ copied, lib/ and lib/ext/ linked file by file, minus esb-bench's jar. */
    private static Path withoutExtension(Path home, Path copy) throws IOException {
        try (var files = Files.walk(home.resolve("bin"))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path to = copy.resolve(home.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        for (String dir : List.of("lib", "lib/ext")) {
            Files.createDirectories(copy.resolve(dir));
            try (var files = Files.list(home.resolve(dir))) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    String name = f.getFileName().toString();
                    if (!(dir.equals("lib") && name.equals("ext")) && !name.startsWith("esb-bench-jmeter-ext")) {
                        Files.createSymbolicLink(copy.resolve(dir).resolve(name), f);
                    }
                }
            }
        }
        return copy;
    }

    /** A 30 s closed-model point of 3 users against the test's own slow server. */
    private Map<String, String> pointProperties(int port) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("host", "127.0.0.1");
        p.put("port", Integer.toString(port));
        p.put("protocol", "http");
        p.put("path", "/service/EchoService");
        p.put("scenario", "direct");
        p.put("model", "closed");
        p.put("users", "3");
        p.put("rampup", "1");
        p.put("hold", "30");
        p.put("rate", "0");
        p.put("duration", "30");
        p.put("drain", "0");
        p.put("warmup", "5");
        p.put("measurement", "20");
        p.put("size", "1024");
        p.put("delay", "0");
        p.put("reuse", "5000");
        p.put("connectTimeout", "2000");
        p.put("responseTimeout", "2000");
        p.put("payloadDir", root.resolve("data/generated").toString());
        p.put("keystoreDir", root.resolve("config/keystores").toString());
        p.put("perfmonFile", layout.perfmon("direct").toString());
        return p;
    }

    private interface Condition {
        boolean met() throws Exception;
    }

    private static void waitUntil(Condition condition, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.met()) {
            assertThat(System.nanoTime()).as("waited " + timeout.toSeconds() + " s").isLessThan(deadline);
            Thread.sleep(250);
        }
    }
}
