package org.esbbench.core.wssec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;

import org.apache.wss4j.common.crypto.CryptoType;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.esbbench.core.testing.CommittedKeystores;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CachingMerlinTest {

    private final PartyKeys server = PartyKeys.load(CommittedKeystores.DIR, TestKeystores.SERVER_ALIAS,
            TestKeystores.CLIENT_ALIAS);

    @Test
    void aRememberedTrustDoesNotExtendToAnotherCertificate(@TempDir Path strangers) throws Exception {
        TestKeystores.write(strangers, Duration.ofDays(2));
        X509Certificate stranger = PartyKeys.load(strangers, TestKeystores.CLIENT_ALIAS, TestKeystores.SERVER_ALIAS)
                .certificate;

        for (int i = 0; i < 3; i++) {
            server.crypto.verifyTrust(new X509Certificate[] {server.peerCertificate}, false, List.of(), List.of());
            assertThatThrownBy(() -> server.crypto.verifyTrust(new X509Certificate[] {stranger}, false, List.of(),
                    List.of())).isInstanceOf(WSSecurityException.class);
        }
    }

    @Test
    void lookupsAnswerAsMerlinDoesEveryTime() throws Exception {
        CryptoType byIssuerSerial = new CryptoType(CryptoType.TYPE.ISSUER_SERIAL);
        byIssuerSerial.setIssuerSerial(server.peerCertificate.getIssuerX500Principal().getName(),
                server.peerCertificate.getSerialNumber());
        CryptoType unknown = new CryptoType(CryptoType.TYPE.ISSUER_SERIAL);
        unknown.setIssuerSerial(server.peerCertificate.getIssuerX500Principal().getName(), BigInteger.TWO);
        CryptoType byAlias = new CryptoType(CryptoType.TYPE.ALIAS);
        byAlias.setAlias(TestKeystores.SERVER_ALIAS);

        for (int i = 0; i < 3; i++) {
            assertThat(server.crypto.getX509Certificates(byIssuerSerial)).containsExactly(server.peerCertificate);
            assertThat(server.crypto.getX509Certificates(byAlias)).containsExactly(server.certificate);
            assertThat(server.crypto.getX509Certificates(unknown)).isNullOrEmpty();
        }
        // A caller that changes the array it got does not change what the next caller gets.
        server.crypto.getX509Certificates(byAlias)[0] = null;
        assertThat(server.crypto.getX509Certificates(byAlias)).containsExactly(server.certificate);
    }
}
