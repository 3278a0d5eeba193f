package org.esbbench.maven.targets;

import org.esbbench.maven.processes.JvmCommand;
import org.esbbench.maven.processes.StopSignal;
import org.esbbench.maven.management.AgentJar;
import org.esbbench.maven.management.ManagementAgentFlags;
import org.esbbench.maven.parameters.InvalidRunException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server.* keys of a target profile: parsed, expanded, and refused at check with the key and the fix. */
class ServerCommandTest {
    @TempDir
    Path root;

    @BeforeEach
    void checkout() throws Exception {
        Files.createDirectories(root.resolve("config/targets/web"));
        Files.createDirectories(root.resolve("scripts"));
        Files.writeString(root.resolve("scripts/install-web.sh"), "#!/bin/sh\nexit 0\n");
    }

    private TargetProfile profile(String text) throws Exception {
        Files.writeString(root.resolve("config/targets/web.properties"), text);
        return TargetProfile.load(root.resolve("config/targets"), "web");
    }

    @Test
    void theCommandIsSplitAndExpandedWithThePlaceholders() throws Exception {
        TargetProfile p = profile("""
                host=127.0.0.1
                port=8380
                backend.url=http://127.0.0.1:8688/service/EchoService
                artefacts=config/targets/web
                server.setup=scripts/install-web.sh --quiet
                server.command=config/targets/web/run.sh ${work} -g 'daemon off;' -Xmx${heap} ${host}:${port} ${backend.host}:${backend.port} ${artefacts}/web.conf ${root}
                server.health=http://${host}:${port}/health
                server.stop=QUIT
                server.pid=file:${work}/web.pid
                """);
        ServerCommand server = ServerCommand.of(p, root).orElseThrow();
        Path work = root.resolve("results/run/server");
        Placeholders values = ServerCommand.placeholders(p, root, work, "256m", work.resolve("gc.log"));

        assertThat(server.startCommand(values, root)).containsExactly(root.resolve("config/targets/web/run.sh").toString(),
                work.toString(), "-g", "daemon off;", "-Xmx256m", "127.0.0.1:8380", "127.0.0.1:8688",
                root.resolve("config/targets/web").toString() + "/web.conf", root.toString());
        assertThat(server.setupCommand(values, root).orElseThrow())
                .containsExactly("sh", root.resolve("scripts/install-web.sh").toString(), "--quiet");
        assertThat(server.healthUrl(values)).hasValueSatisfying(u -> assertThat(u).hasToString("http://127.0.0.1:8380/health"));
        assertThat(server.stop()).isEqualTo(StopSignal.QUIT);
        assertThat(server.pidFile(values, root)).contains(work.resolve("web.pid"));
    }

    /** A JVM server (Synapse, ...) started from the profile gets the suite's loopback-only management connector. */
    @Test
    void managementIsTheSuitesConnectorAtTheProfilesJmxAddressAsOneWord() throws Exception {
        TargetProfile p = profile("""
                port=8280
                jmx=127.0.0.1:9199
                server.command=java -Xmx${heap} ${management} -jar server.jar
                """);
        ServerCommand server = ServerCommand.of(p, root).orElseThrow();
        Path work = root.resolve("results/run/server");

        assertThat(server.usesManagement()).isTrue();
        assertThat(server.startCommand(ServerCommand.placeholders(p, root, work, "512m", work.resolve("gc.log")), root)).containsExactly(
                "java", "-Xmx512m", "-javaagent:" + work.resolve("management-agent.jar") + "=127.0.0.1:9199", "-jar",
                "server.jar");
    }

    @Test
    void managementNeedsAPlainJmxAddress() throws Exception {
        assertThatThrownBy(() -> ServerCommand.of(profile("server.command=java ${management} -jar s.jar\n"), root))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("no jmx=127.0.0.1:PORT");
        assertThatThrownBy(() -> ServerCommand.of(profile("""
                jmx=127.0.0.1:9199
                jmx.ssl=true
                server.command=java ${management} -jar s.jar
                """), root)).isInstanceOf(InvalidRunException.class).hasMessageContaining("without authentication");
    }

    @Test
    void aJvmServerGetsTheSuitesJvmFlagsAsSeparateArguments() throws Exception {
        TargetProfile p = profile("""
                host=127.0.0.1
                port=8290
                jmx=127.0.0.1:9199
                jms.provider.url=tcp://127.0.0.1:61616
                server.command=bin/run.sh ${java} ${work} ${jms.url} ${jvm.flags}
                """);
        ServerCommand server = ServerCommand.of(p, root).orElseThrow();
        Path work = root.resolve("results/run/server");
        Path gcLog = root.resolve("results/run/server-gc.log");

        java.util.List<String> cmd = server.startCommand(ServerCommand.placeholders(p, root, work, "384m", gcLog), root);

        assertThat(cmd.subList(0, 4)).containsExactly(root.resolve("bin/run.sh").toString(), JvmCommand.java(),
                work.toString(), "tcp://127.0.0.1:61616");
        assertThat(cmd.subList(4, cmd.size())).containsSequence(JvmCommand.serverJvmFlags("384m", gcLog))
                .contains(org.esbbench.maven.management.ManagementAgentFlags.javaAgent(
                        work.resolve(org.esbbench.maven.management.AgentJar.FILE), "127.0.0.1", 9199));
    }

    @Test
    void theJvmFlagsStandAloneAsAWordOfTheCommand() throws Exception {
        assertThatThrownBy(() -> ServerCommand.of(profile("server.command=run.sh -D${jvm.flags}\n"), root))
                .hasMessageContaining("server.command uses ${jvm.flags} where a list cannot go");
        assertThatThrownBy(() -> ServerCommand.of(profile("server.command=run.sh\nserver.health=http://h/${jvm.flags}\n"), root))
                .hasMessageContaining("server.health uses ${jvm.flags} where a list cannot go");
    }

    @Test
    void aProfileWithoutServerCommandStartsNoServerOfItsOwn() throws Exception {
        assertThat(ServerCommand.of(profile("port=8290\n"), root)).isEmpty();
        ServerCommand defaults = ServerCommand.of(profile("server.command=web --port ${port}\n"), root).orElseThrow();
        assertThat(defaults.stop()).isEqualTo(StopSignal.TERM);
        assertThat(defaults.pidFile()).isEmpty();
        assertThat(defaults.health()).isEmpty();
    }

    @Test
    void everyMistakeIsNamedBeforeAnythingStarts() throws Exception {
        assertThatThrownBy(() -> ServerCommand.of(profile("server.command=web ${prot}\n"), root))
                .hasMessageContaining("server.command uses unknown placeholder(s) ${prot}").hasMessageContaining("${port}");
        assertThatThrownBy(() -> ServerCommand.of(profile("server.command=web\nserver.setup=scripts/missing.sh\n"), root))
                .hasMessageContaining("server.setup=scripts/missing.sh: no script");
        assertThatThrownBy(() -> ServerCommand.of(profile("server.command=web\nserver.stop=HUP\n"), root))
                .hasMessageContaining("server.stop").hasMessageContaining("'HUP' is not one of TERM, INT, QUIT, KILL");
        assertThatThrownBy(() -> ServerCommand.of(profile("server.command=web\nserver.pid=pidfile\n"), root))
                .hasMessageContaining("server.pid=pidfile is neither 'process' nor 'file:<path>'");
        assertThatThrownBy(() -> ServerCommand.of(profile("server.command=web\nserver.health=localhost:80\n"), root))
                .hasMessageContaining("server.health=localhost:80 is not an http(s) URL");
        assertThatThrownBy(() -> ServerCommand.of(profile("server.command=web ${artefacts}/x\n"), root))
                .hasMessageContaining("uses ${artefacts} but the profile has no artefacts=");
        assertThatThrownBy(() -> ServerCommand.of(profile("server.command=web\nartefacts=config/none\n"), root))
                .hasMessageContaining("artefacts=config/none: no folder");
        assertThatThrownBy(() -> ServerCommand.of(profile("server.command=web -g 'x\n"), root))
                .hasMessageContaining("server.command: unbalanced single quote");
        assertThatThrownBy(() -> ServerCommand.of(profile("start=true\nserver.command=web\n"), root))
                .hasMessageContaining("start=true (the bundled reference server) and server.command exclude each other");
        assertThatThrownBy(() -> ServerCommand.of(profile("server.stop=QUIT\n"), root))
                .hasMessageContaining("server.stop is set but server.command is not");
    }

    @Test
    void theShippedNginxProfileIsValid() throws Exception {
        Path checkout = Path.of("..").toAbsolutePath().normalize();
        TargetProfile nginx = TargetProfile.load(checkout.resolve("config/targets"), "nginx");
        ServerCommand server = ServerCommand.of(nginx, checkout).orElseThrow();
        assertThat(server.stop()).isEqualTo(StopSignal.QUIT);
        assertThat(server.startCommand(ServerCommand.placeholders(nginx, checkout, Path.of("/w"), "512m", Path.of("/w/gc.log")), checkout))
                .containsExactly(checkout.resolve("config/targets/nginx/run-nginx.sh").toString(), "/w", "127.0.0.1",
                        "8380", "127.0.0.1", "8688");
        assertThat(ProfileScenarios.of(nginx)).hasValueSatisfying(s -> assertThat(s).extracting(x -> x.id())
                .containsExactly("direct", "cbr-transport-header", "rest"));
        assertThat(ProfileBackend.of(nginx).starts()).isTrue();
        assertThat(Optional.ofNullable(nginx.properties().getProperty("run.here"))).hasValueSatisfying(v -> assertThat(v).startsWith("yes"));
    }
}
