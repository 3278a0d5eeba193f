package org.esbbench.maven.management;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ManagementAgentFlagsTest {
    @Test
    void isTheSuitesOwnAgentOnLoopbackNotTheJdksWhichAlsoListensOnEveryInterface() {
        Path jar = Path.of("/run/x/management-agent.jar");
        assertThat(ManagementAgentFlags.forLoopback(jar, 9010))
                .containsExactly("-javaagent:/run/x/management-agent.jar=127.0.0.1:9010");
        assertThat(String.join(" ", ManagementAgentFlags.forLoopback(jar, 9010))).doesNotContain("com.sun.management");
        assertThat(ManagementAgentFlags.javaAgent(jar, "::1", 9010)).isEqualTo("-javaagent:/run/x/management-agent.jar=::1:9010");
    }

    @Test
    void buildsTheServiceUrlOfTheConnector() {
        assertThat(ManagementAgentFlags.serviceUrl("127.0.0.1", 9010)).isEqualTo("service:jmx:rmi:///jndi/rmi://127.0.0.1:9010/jmxrmi");
        assertThat(ManagementAgentFlags.serviceUrl("::1", 9010)).isEqualTo("service:jmx:rmi:///jndi/rmi://[::1]:9010/jmxrmi");
        assertThat(ManagementAgentFlags.serviceUrl("esb.example", 1)).isEqualTo("service:jmx:rmi:///jndi/rmi://esb.example:1/jmxrmi");
    }

    @Test
    void rejectsPortsAndHostsThatCannotWork() {
        assertThatThrownBy(() -> ManagementAgentFlags.forLoopback(Path.of("a.jar"), 0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("was 0");
        assertThatThrownBy(() -> ManagementAgentFlags.serviceUrl("localhost", 65536)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ManagementAgentFlags.serviceUrl(" ", 9010)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
    }
}
