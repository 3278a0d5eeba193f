package org.esbbench.core.wssec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

import org.esbbench.core.Payloads;
import org.esbbench.core.check.ReplyChecks;
import org.esbbench.core.testing.CommittedKeystores;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestKeystoresTest {

    // One fresh pair for the class: RSA key generation takes seconds on a busy machine.
    @TempDir
    static Path dir;

    @BeforeAll
    static void freshPair() throws Exception {
        TestKeystores.write(dir, Duration.ofDays(30));
    }

    @Test
    void writesTwoKeystoresEachWithItsKeyAndThePeersCertificate() throws Exception {
        KeyStore client = load(dir.resolve("client.p12"));
        KeyStore server = load(dir.resolve("server.p12"));
        assertThat(client.isKeyEntry("client")).isTrue();
        assertThat(client.isCertificateEntry("server")).isTrue();
        assertThat(server.isKeyEntry("server")).isTrue();
        assertThat(server.isCertificateEntry("client")).isTrue();
        assertThat(client.getCertificate("server")).isEqualTo(server.getCertificate("server"));
        assertThat(server.getCertificate("client")).isEqualTo(client.getCertificate("client"));
        X509Certificate clientCert = (X509Certificate) client.getCertificate("client");
        assertThat(((RSAPublicKey) clientCert.getPublicKey()).getModulus().bitLength()).isEqualTo(2048);
        assertThat(clientCert.getSubjectX500Principal().getName()).contains("TEST ONLY");
    }

    @Test
    void freshKeystoresWorkForBothParties() throws Exception {
        WsSecurityParty client = WsSecurityParty.client(dir, AlgorithmSuite.MODERN);
        WsSecurityParty server = WsSecurityParty.server(dir, AlgorithmSuite.MODERN);
        byte[] plain = Payloads.soap(1024);

        byte[] reply = server.secure(server.verifyAndDecrypt(client.secure(plain)));

        assertThat(ReplyChecks.forWsSecurity(plain, client).check(200, reply)).isNull();
        // Keys of another pair are not believed: the committed server refuses this client.
        WsSecurityParty committedServer = WsSecurityParty.server(CommittedKeystores.DIR, AlgorithmSuite.MODERN);
        assertThatThrownBy(() -> committedServer.verifyAndDecrypt(client.secure(plain)))
                .isInstanceOf(WsSecurityFailure.class);
    }

    @Test
    void theCommittedKeystoresAreValidForYears() throws Exception {
        KeyStore client = load(CommittedKeystores.DIR.resolve("client.p12"));
        X509Certificate cert = (X509Certificate) client.getCertificate("client");

        cert.checkValidity(Date.from(Instant.now().plus(Duration.ofDays(5 * 365))));
    }

    private static KeyStore load(Path file) throws Exception {
        KeyStore keyStore = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            keyStore.load(in, TestKeystores.PASSWORD.toCharArray());
        }
        return keyStore;
    }
}
