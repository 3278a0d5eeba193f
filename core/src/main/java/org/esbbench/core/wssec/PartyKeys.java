package org.esbbench.core.wssec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;

import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;

import org.apache.wss4j.common.crypto.Merlin;
import org.apache.wss4j.common.ext.WSPasswordCallback;

/**
 * One party's keys from its test keystore: its own key pair (to sign, and to decrypt what the peer
 * encrypted for it) and the peer's certificate (to encrypt for the peer, and the only signer accepted).
 */
final class PartyKeys {

    final String alias;
    final String peerAlias;
    final X509Certificate certificate;
    final X509Certificate peerCertificate;
    final Merlin crypto;
    /** Answers WSS4J's private key password questions; the one test password opens every key. */
    final CallbackHandler passwords = PartyKeys::answerPasswords;

    private PartyKeys(String alias, String peerAlias, KeyStore keyStore) throws GeneralSecurityException {
        this.alias = alias;
        this.peerAlias = peerAlias;
        this.certificate = certificate(keyStore, alias, true);
        this.peerCertificate = certificate(keyStore, peerAlias, false);
        // Lookups and trust decisions remembered: the keystore is fixed for the run (see CachingMerlin).
        this.crypto = new CachingMerlin();
        crypto.setKeyStore(keyStore);
        // Trust is direct: the peer's certificate sits in this keystore.
        crypto.setTrustStore(keyStore);
        // Opening a PKCS#12 key runs its password-based KDF; doing that per message would dominate.
        crypto.setEnablePrivateKeyCaching(true);
    }

    static PartyKeys load(Path keystoreDir, String alias, String peerAlias) {
        Path file = keystoreDir.resolve(TestKeystores.fileName(alias));
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no WS-Security keystore " + file.toAbsolutePath()
                    + " (expected " + TestKeystores.fileName(TestKeystores.CLIENT_ALIAS) + " and "
                    + TestKeystores.fileName(TestKeystores.SERVER_ALIAS) + "; write new ones with "
                    + TestKeystores.class.getName() + ")");
        }
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore keyStore = KeyStore.getInstance(TestKeystores.KEYSTORE_TYPE);
            keyStore.load(in, TestKeystores.PASSWORD.toCharArray());
            return new PartyKeys(alias, peerAlias, keyStore);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read WS-Security keystore " + file.toAbsolutePath()
                    + " with the test password: " + e.getMessage(), e);
        }
    }

    private static X509Certificate certificate(KeyStore keyStore, String alias, boolean withPrivateKey)
            throws GeneralSecurityException {
        if (withPrivateKey ? !keyStore.isKeyEntry(alias) : !keyStore.containsAlias(alias)) {
            throw new GeneralSecurityException("no " + (withPrivateKey ? "private key" : "certificate")
                    + " under alias '" + alias + "'");
        }
        Certificate certificate = keyStore.getCertificate(alias);
        if (!(certificate instanceof X509Certificate x509)) {
            throw new GeneralSecurityException("alias '" + alias + "' holds no X.509 certificate");
        }
        return x509;
    }

    private static void answerPasswords(Callback[] callbacks) {
        for (Callback callback : callbacks) {
            if (callback instanceof WSPasswordCallback password) {
                password.setPassword(TestKeystores.PASSWORD);
            }
        }
    }
}
