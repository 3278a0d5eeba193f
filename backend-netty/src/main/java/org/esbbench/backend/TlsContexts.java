package org.esbbench.backend;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.SelfSignedCertificate;

import javax.net.ssl.KeyManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;

/** Builds the listener's TLS context from a PKCS12 keystore, or from a certificate generated at start. */
final class TlsContexts {
    private TlsContexts() {
    }

    static SslContext serverContext(BackendSettings.Tls tls) throws IOException, GeneralSecurityException {
        if (tls.keystore() == null) {
            SelfSignedCertificate certificate = new SelfSignedCertificate("localhost", "RSA", 2048);
            try {
                return SslContextBuilder.forServer(certificate.certificate(), certificate.privateKey()).build();
            } finally {
                certificate.delete();
            }
        }
        KeyStore keyStore = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(tls.keystore())) {
            keyStore.load(in, tls.password());
        }
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keyStore, tls.password());
        return SslContextBuilder.forServer(keyManagers).build();
    }
}
