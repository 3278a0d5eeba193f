package org.esbbench.maven.targets;

import org.esbbench.maven.monitor.PerfMonAgent;
import org.esbbench.maven.parameters.InvalidRunException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerfMonTargetTest {
    @TempDir
    Path dir;

    private TargetProfile profile(String text) throws Exception {
        Files.writeString(dir.resolve("t.properties"), text);
        return TargetProfile.load(dir, "t");
    }

    @Test
    void withoutThePerfmonKeyThereIsNoAgent() throws Exception {
        assertThat(PerfMonTarget.of(profile("port=8280\n"))).isEmpty();
        assertThat(PerfMonTarget.of(TargetProfile.load(Path.of("../config/targets"), "reference"))).isEmpty();
    }

    @Test
    void startMeansAnAgentOnLoopbackWithThisMachinesCores() throws Exception {
        PerfMonTarget started = PerfMonTarget.of(profile("perfmon=start\n")).orElseThrow();
        assertThat(started.start()).isTrue();
        assertThat(started.address()).isEqualTo("127.0.0.1:4444");
        // the machine's online CPUs, not the CPUs this JVM may use (a build pinned by taskset or a container's cpuset)
        assertThat(started.cores()).hasValue(org.esbbench.report.cores.OnlineCpus.count());
        assertThat(PerfMonTarget.of(profile("perfmon=start\nperfmon.port=4555\n")).orElseThrow().port()).isEqualTo(4555);
        assertThat(PerfMonTarget.of(TargetProfile.load(Path.of("../config/targets"), "reference-perfmon")).orElseThrow()
                .start()).isTrue();
    }

    @Test
    void hostAndPortMeansAnAgentElsewhereWhoseCoresTheProfileMayGive() throws Exception {
        PerfMonTarget remote = PerfMonTarget.of(profile("perfmon=db1.example.org:4445\nperfmon.cores=16\n")).orElseThrow();
        assertThat(remote.start()).isFalse();
        assertThat(remote.host()).isEqualTo("db1.example.org");
        assertThat(remote.port()).isEqualTo(4445);
        assertThat(remote.cores()).hasValue(16);
        assertThat(PerfMonTarget.of(profile("perfmon=[::1]:4444\n")).orElseThrow().address()).isEqualTo("[::1]:4444");
        assertThat(PerfMonTarget.of(profile("perfmon=10.0.0.5:4444\n")).orElseThrow().cores()).isEqualTo(OptionalInt.empty());
    }

    @Test
    void malformedValuesAreRefusedNamingTheKey() {
        assertThatThrownBy(() -> PerfMonTarget.of(profile("perfmon=yes\n"))).isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("perfmon=yes is neither start nor host:port");
        assertThatThrownBy(() -> PerfMonTarget.of(profile("perfmon=h:70000\n"))).hasMessageContaining("perfmon=h:70000");
        assertThatThrownBy(() -> PerfMonTarget.of(profile("perfmon=start\nperfmon.cores=0\n")))
                .hasMessageContaining("perfmon.cores=0 is not a number from 1");
    }

    @Test
    void anAgentCommandNeedsTheLaidOutFolder() throws Exception {
        assertThatThrownBy(() -> PerfMonAgent.command(dir, dir.resolve("none"), 4444))
                .hasMessageContaining("not laid out in");
        Files.createDirectories(dir.resolve("agent/lib"));
        Files.createDirectories(dir.resolve("agent/native"));
        assertThatThrownBy(() -> PerfMonAgent.command(dir, dir.resolve("agent"), 4444))
                .hasMessageContaining("BoundPerfMonAgent.java is missing");
        Files.createDirectories(dir.resolve("scripts/perfmon"));
        Files.writeString(dir.resolve(PerfMonAgent.LAUNCHER), "class BoundPerfMonAgent {}");
        assertThat(PerfMonAgent.command(dir, dir.resolve("agent"), 4444)).contains("-Djava.library.path=" + dir.resolve("agent/native"),
                dir.resolve(PerfMonAgent.LAUNCHER).toString(), "--bind", "127.0.0.1", "--port", "4444");
    }

    @Test
    void noAgentListeningIsReportedWithTheAddressAndWhatToDo() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        int closed = port;
        assertThatThrownBy(() -> PerfMonAgent.awaitAnswer("127.0.0.1", closed, null, Duration.ofMillis(500)))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("no PerfMon agent answered at 127.0.0.1:" + closed)
                .hasMessageContaining("scripts/perfmon-agent.sh");
    }
}
