package org.esbbench.maven.engines;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RmiKeystoreTest {

    @Test
    void makesAPkcs12KeystoreWithItsPasswordOnlyInAPrivatePropertiesFile(@TempDir Path root) throws Exception {
        RmiKeystore keystore = RmiKeystore.in(root);
        Instant expires = keystore.ensure();

        assertThat(expires).isBetween(Instant.now().plus(Duration.ofDays(6)), Instant.now().plus(Duration.ofDays(8)));
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(keystore.properties())) {
            p.load(in);
        }
        // relative: each JVM opens its own copy in its working directory
        assertThat(p.getProperty("server.rmi.ssl.keystore.file")).isEqualTo("rmi_keystore.p12");
        assertThat(p.getProperty("server.rmi.ssl.keystore.type")).isEqualTo("PKCS12");
        assertThat(p.getProperty("server.rmi.ssl.keystore.alias")).isEqualTo("rmi");
        String password = p.getProperty("server.rmi.ssl.keystore.password");
        assertThat(password).hasSize(24);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(keystore.properties()))).isEqualTo("rw-------");
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore.keystore())) {
            store.load(in, password.toCharArray());
        }
        assertThat(store.isKeyEntry("rmi")).isTrue();
    }

    @Test
    void keepsAValidKeystoreAndRemakesABrokenOne(@TempDir Path root) throws Exception {
        RmiKeystore keystore = RmiKeystore.in(root);
        Instant first = keystore.ensure();
        byte[] made = Files.readAllBytes(keystore.keystore());
        assertThat(keystore.ensure()).isEqualTo(first);
        assertThat(Files.readAllBytes(keystore.keystore())).isEqualTo(made);

        Files.writeString(keystore.keystore(), "broken");
        keystore.ensure();
        assertThat(Files.readAllBytes(keystore.keystore())).isNotEqualTo("broken".getBytes());
    }
}
