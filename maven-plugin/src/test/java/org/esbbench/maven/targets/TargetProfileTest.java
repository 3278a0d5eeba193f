package org.esbbench.maven.targets;

import org.esbbench.maven.processes.Readiness;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.esbbench.core.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetProfileTest {
    @TempDir
    Path dir;

    @Test
    void theBundledReferenceProfileStartsServersAndUsesTheCatalogueEndpoints() throws Exception {
        TargetProfile reference = TargetProfile.load(Path.of("../config/targets"), "reference");
        assertThat(reference.startsServers()).isTrue();
        assertThat(reference.url(Scenario.XSLT)).hasToString("http://127.0.0.1:8280/services/XSLTProxy");
        assertThat(reference.endpoint(Scenario.JMS)).isEqualTo("perf.request");
    }

    @Test
    void aProfileOverridesEndpointsOneByOne() throws Exception {
        Files.writeString(dir.resolve("mi.properties"), "host=127.0.0.1\nport=8290\nendpoint.rest=/api/echo\n");
        TargetProfile mi = TargetProfile.load(dir, "mi");
        assertThat(mi.startsServers()).isFalse();
        assertThat(mi.url(Scenario.REST)).hasToString("http://127.0.0.1:8290/api/echo");
        assertThat(mi.url(Scenario.DIRECT)).hasToString("http://127.0.0.1:8290/services/DirectProxy");
    }

    @Test
    void anUnknownProfileListsTheAvailableOnes() throws Exception {
        Files.writeString(dir.resolve("a.properties"), "port=1\n");
        Files.writeString(dir.resolve("b.properties"), "port=2\n");
        assertThatThrownBy(() -> TargetProfile.load(dir, "c")).hasMessageContaining("unknown target 'c'").hasMessageContaining("available: a, b");
    }

    @Test
    void aMalformedPortFailsWhenTheProfileLoads() throws Exception {
        Files.writeString(dir.resolve("bad.properties"), "port=eighty\n");
        assertThatThrownBy(() -> TargetProfile.load(dir, "bad")).hasMessageContaining("port=eighty");
    }

    @Test
    void aPortInUseIsReportedBeforeAnythingStarts() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> Readiness.requireFreePort("echo backend", "127.0.0.1", busy.getLocalPort()))
                    .hasMessageContaining("port 127.0.0.1:" + busy.getLocalPort() + " for the echo backend is already in use");
        }
    }
}
