package org.esbbench.maven.management;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ManagementAgentFlagsTest {
    @Test
    void putsRegistryAndConnectorOnOneLoopbackPortWithoutAuthentication() {
        assertThat(ManagementAgentFlags.forLoopback(9010)).contains(
                "-Dcom.sun.management.jmxremote.port=9010",
                "-Dcom.sun.management.jmxremote.rmi.port=9010",
                "-Dcom.sun.management.jmxremote.host=127.0.0.1",
                "-Djava.rmi.server.hostname=127.0.0.1",
                "-Dcom.sun.management.jmxremote.authenticate=false",
                "-Dcom.sun.management.jmxremote.ssl=false",
                "-Dcom.sun.management.jmxremote.local.only=true");
    }

    @Test
    void buildsTheServiceUrlOfTheJdkAgent() {
        assertThat(ManagementAgentFlags.serviceUrl("127.0.0.1", 9010)).isEqualTo("service:jmx:rmi:///jndi/rmi://127.0.0.1:9010/jmxrmi");
        assertThat(ManagementAgentFlags.serviceUrl("::1", 9010)).isEqualTo("service:jmx:rmi:///jndi/rmi://[::1]:9010/jmxrmi");
        assertThat(ManagementAgentFlags.serviceUrl("esb.example", 1)).isEqualTo("service:jmx:rmi:///jndi/rmi://esb.example:1/jmxrmi");
    }

    @Test
    void rejectsPortsAndHostsThatCannotWork() {
        assertThatThrownBy(() -> ManagementAgentFlags.forLoopback(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("was 0");
        assertThatThrownBy(() -> ManagementAgentFlags.serviceUrl("localhost", 65536)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ManagementAgentFlags.serviceUrl(" ", 9010)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
    }
}
