package org.esbbench.maven.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import javax.management.remote.JMXConnector;
import javax.rmi.ssl.SslRMIClientSocketFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The connector environment a profile's jmx.* keys give, and a password from the environment. */
class JmxOptionsTest {
    @TempDir
    Path dir;

    @Test
    void aPasswordFromAnEnvironmentVariableIsReadWhenNeededAndNeverShown() {
        Secret secret = Secret.of("jmx.password", "env:MI_JMX_PASSWORD", dir, name -> name.equals("MI_JMX_PASSWORD") ? "pw-from-env" : null);
        assertThat(secret.value()).isEqualTo("pw-from-env".toCharArray());
        assertThat(secret.toString()).isEqualTo("jmx.password=env:MI_JMX_PASSWORD").doesNotContain("pw-from-env");
        assertThat(Secret.shown("pw-literal")).isEqualTo(Secret.HIDDEN);
        assertThat(Secret.shown("file:/etc/pw")).isEqualTo("file:/etc/pw");
    }

    @Test
    void credentialsAndATlsRegistryGoIntoTheConnectorsEnvironment() throws Exception {
        Properties p = new Properties();
        p.setProperty("jmx.user", "bench");
        p.setProperty("jmx.password", "literal-pw");
        p.setProperty("jmx.ssl", "true");
        p.setProperty("jmx.registry.ssl", "true");
        JmxOptions options = JmxOptions.of(p, dir);

        Map<String, Object> env = options.environment();

        assertThat((String[]) env.get(JMXConnector.CREDENTIALS)).containsExactly("bench", "literal-pw");
        assertThat(env.get(JmxOptions.RMI_REGISTRY_SOCKET_FACTORY)).isInstanceOf(SslRMIClientSocketFactory.class);
        assertThat(options.describe()).isEqualTo("user bench, TLS (the JDK's trusted authorities)").doesNotContain("literal-pw");
        assertThat(options.plain()).isFalse();
        assertThat(JmxOptions.NONE.environment()).isEmpty();
    }

    @Test
    void aMissingTruststoreOrABadFlagIsSaidWithWhatIsValid() {
        Properties p = new Properties();
        p.setProperty("jmx.ssl", "true");
        p.setProperty("jmx.truststore", "nowhere.p12");
        assertThatThrownBy(() -> JmxOptions.of(p, dir)).hasMessageContaining("no file " + dir.resolve("nowhere.p12"))
                .hasMessageContaining("keytool -importcert");
        Properties q = new Properties();
        q.setProperty("jmx.ssl", "yes");
        assertThatThrownBy(() -> JmxOptions.of(q, dir)).hasMessageContaining("jmx.ssl=yes is not true or false");
    }
}
