package org.esbbench.maven.servers;

import org.esbbench.maven.processes.JvmCommand;
import org.esbbench.maven.management.FullGc;
import org.esbbench.maven.management.ManagementAgentFlags;
import org.esbbench.maven.management.ManagementConnection;
import org.esbbench.maven.processes.ListeningSockets;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.ProcessGroup;
import org.esbbench.maven.processes.ProcessRegistry;
import org.esbbench.maven.processes.TinyServer;
import org.esbbench.maven.targets.TargetProfile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.esbbench.maven.management.GarbageMakerJvm;
import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server started from its profile: setup, command with placeholders, 2xx health, pid file, stop signal. */
class CommandServerLauncherTest {
    @TempDir
    Path root;

    private TargetProfile profile(String text) throws Exception {
        Files.createDirectories(root.resolve("config/targets"));
        Files.writeString(root.resolve("config/targets/tiny.properties"), text);
        return TargetProfile.load(root.resolve("config/targets"), "tiny");
    }

    private static String java() {
        return JvmCommand.java();
    }

    private static String classes() throws Exception {
        return Path.of(TinyServer.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    @Test
    void setsUpStartsWaitsForHealthTakesThePidFromItsFileAndStopsWithTheProfilesSignal() throws Exception {
        int port = GarbageMakerJvm.freePort();
        Files.createDirectories(root.resolve("scripts"));
        Files.writeString(root.resolve("scripts/setup.sh"), "#!/bin/sh\necho \"setup for $1\" > \"$2\"\n");
        TargetProfile profile = profile("host=127.0.0.1\nport=" + port + "\n"
                + "server.setup=scripts/setup.sh ${port} ${root}/setup-ran\n"
                + "server.command=" + java() + " -cp " + classes() + " " + TinyServer.class.getName() + " ${port} ${work}/tiny.pid\n"
                + "server.health=http://${host}:${port}/health\n"
                + "server.stop=INT\n"
                + "server.pid=file:${work}/tiny.pid\n");
        RunLayout layout = new RunLayout(Files.createDirectories(root.resolve("results/run")));
        ProcessRegistry registry = new ProcessRegistry(layout.processes());
        List<ManagedProcess> registered = new ArrayList<>();
        TargetServers servers = new TargetServers(root, layout, profile, Duration.ofSeconds(30), line -> { });
        assertThat(servers.startsServer()).isTrue();
        try {
            servers.setupServer("64m");
            assertThat(Files.readString(root.resolve("setup-ran"))).isEqualTo("setup for " + port + "\n");

            ManagedProcess server = servers.startServer(null, "64m", 0, layout.serverGcLog(), "modern", p -> {
                registered.add(p);
                registry.register(p);
            }).orElseThrow();

            // The started JVM wrote its own pid: the launcher and the server are the same process here.
            assertThat(server.pid()).isEqualTo(Long.parseLong(Files.readString(layout.dir().resolve("server/tiny.pid"))));
            assertThat(server.name()).isEqualTo("server");
            assertThat(ProcessesFile.read(layout.processes())).extracting(ProcessesFile.Entry::name, ProcessesFile.Entry::stopSignal)
                    .contains(org.assertj.core.groups.Tuple.tuple("server", "INT"));

            List<String> stopped = registry.stopAll(Duration.ofSeconds(10));
            assertThat(stopped).allMatch(l -> l.endsWith(" stopped"));
            // SIGINT runs the JVM's shutdown hooks (a kill would not).
            assertThat(Files.readString(layout.processOutput("server"))).contains("tiny server: up", "tiny server: shutting down");
        } finally {
            registered.forEach(p -> p.stop(Duration.ofSeconds(2)));
        }
    }

    /**
     * A JVM server from server.command (as Apache Synapse will be) with ${management}: the suite's connector answers
     * at the profile's jmx= address (a full GC, as after each scenario run), the server listens on loopback only,
     * and it runs in a process group of its own, recorded in processes.csv.
     */
    @Test
    void aJvmServerWithManagementGetsTheLoopbackConnectorAndAGroupOfItsOwn() throws Exception {
        int port = GarbageMakerJvm.freePort();
        int jmx = GarbageMakerJvm.freePort();
        TargetProfile profile = profile("host=127.0.0.1\nport=" + port + "\njmx=127.0.0.1:" + jmx + "\n"
                + "server.command=" + java() + " -Xmx${heap} ${management} -cp " + classes() + " "
                + TinyServer.class.getName() + " ${port} ${work}/tiny.pid\n"
                + "server.health=http://${host}:${port}/health\n");
        RunLayout layout = new RunLayout(Files.createDirectories(root.resolve("results/run")));
        ProcessRegistry registry = new ProcessRegistry(layout.processes());
        List<ManagedProcess> registered = new ArrayList<>();
        TargetServers servers = new TargetServers(root, layout, profile, Duration.ofSeconds(30), line -> { });
        try {
            ManagedProcess server = servers.startServer(null, "64m", 0, layout.serverGcLog(), "modern", p -> {
                registered.add(p);
                registry.register(p);
            }).orElseThrow();

            assertThat(server.group()).map(ProcessGroup::id).contains(server.pid());
            assertThat(ProcessesFile.read(layout.processes())).singleElement()
                    .satisfies(e -> assertThat(e.processGroup()).hasValue(server.pid()));
            try (org.esbbench.maven.management.ManagementConnection connection =
                         org.esbbench.maven.management.ManagementConnection.connect(
                                 org.esbbench.maven.management.ManagementAgentFlags.serviceUrl("127.0.0.1", jmx),
                                 Duration.ofSeconds(30))) {
                assertThat(org.esbbench.maven.management.FullGc.run(connection, Duration.ofSeconds(30))).isTrue();
            }
            assertThat(ListeningSockets.of(List.of(server.pid())))
                    .allSatisfy(l -> assertThat(l.loopback()).as(l.toString()).isTrue())
                    .extracting(ListeningSockets.Listener::port).containsExactlyInAnyOrder(port, jmx);

            assertThat(registry.stopAll(Duration.ofSeconds(10))).allMatch(l -> l.endsWith(" stopped"));
            assertThat(server.anythingLeft()).isFalse();
        } finally {
            registered.forEach(p -> p.stop(Duration.ofSeconds(2)));
        }
    }

    @Test
    void aSetupThatFailsStopsTheStartWithItsOutput() throws Exception {
        Files.createDirectories(root.resolve("scripts"));
        Files.writeString(root.resolve("scripts/setup.sh"), "#!/bin/sh\necho 'no package here' >&2\nexit 3\n");
        TargetProfile profile = profile("port=" + GarbageMakerJvm.freePort() + "\nserver.setup=scripts/setup.sh\nserver.command=true\n");
        RunLayout layout = new RunLayout(Files.createDirectories(root.resolve("results/run")));
        TargetServers servers = new TargetServers(root, layout, profile, Duration.ofSeconds(5), line -> { });

        assertThatThrownBy(() -> servers.setupServer("64m")).hasMessageContaining("exited with 3").hasMessageContaining("no package here");
    }

    @Test
    void aServerThatExitsBeforeItIsHealthyFailsWithItsLog() throws Exception {
        TargetProfile profile = profile("port=" + GarbageMakerJvm.freePort() + "\nserver.command=sh -c 'echo bad config; exit 1'\n");
        RunLayout layout = new RunLayout(Files.createDirectories(root.resolve("results/run")));
        TargetServers servers = new TargetServers(root, layout, profile, Duration.ofSeconds(10), line -> { });

        assertThatThrownBy(() -> servers.startServer(null, "64m", 0, layout.serverGcLog(), "modern", p -> { }))
                .hasMessageContaining("exited with 1 before a TCP connection to 127.0.0.1:")
                .hasMessageContaining("bad config");
    }
}
