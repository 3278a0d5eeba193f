package org.esbbench.core.wssec;

import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Pattern;

import org.apache.wss4j.common.crypto.CryptoType;
import org.apache.wss4j.common.crypto.Merlin;
import org.apache.wss4j.common.ext.WSSecurityException;

/**
 * A {@link Merlin} over a keystore that never changes during a run, which remembers what it found: the
 * certificate lookups WSS4J makes per message (by issuer and serial for the EncryptedKey, by alias for signing)
 * and the certificates whose trust it established. Merlin itself walks the keystore's aliases and parses X.500
 * names on every lookup, and validates a certificate path for every trusted signer; the profile of the
 * ws-security scenario showed both per message (issue 16).
 *
 * <p>What stays per call: a remembered trust is only reused for the very same certificate (equal encoding),
 * without revocation checks or subject/issuer constraints (WSS4J's default, the only way PartyKeys uses it), and
 * the certificate's validity dates are still checked each time. A lookup that found nothing is not remembered.
 */
final class CachingMerlin extends Merlin {

    private record Lookup(CryptoType.TYPE type, String alias, String issuer, java.math.BigInteger serial,
            String subject, String bytes) {

        static Lookup of(CryptoType query) {
            byte[] raw = query.getBytes();
            return new Lookup(query.getType(), query.getAlias(), query.getIssuer(), query.getSerial(),
                    query.getSubjectDN(), raw == null ? null : HexFormat.of().formatHex(raw));
        }
    }

    private final ConcurrentMap<Lookup, X509Certificate[]> found = new ConcurrentHashMap<>();
    private final Set<X509Certificate> trusted = ConcurrentHashMap.newKeySet();

    @Override
    public X509Certificate[] getX509Certificates(CryptoType query) throws WSSecurityException {
        if (query == null || query.getType() == CryptoType.TYPE.ENDPOINT) {
            return super.getX509Certificates(query);
        }
        Lookup key = Lookup.of(query);
        X509Certificate[] known = found.get(key);
        if (known == null) {
            known = super.getX509Certificates(query);
            if (known == null || known.length == 0) {
                return known;
            }
            found.put(key, known.clone());
        }
        return known.clone();
    }

    @Override
    public void verifyTrust(X509Certificate[] certs, boolean enableRevocation,
            Collection<Pattern> subjectCertConstraints, Collection<Pattern> issuerCertConstraints)
            throws WSSecurityException {
        boolean plain = !enableRevocation && isEmpty(subjectCertConstraints) && isEmpty(issuerCertConstraints)
                && certs != null && certs.length == 1;
        if (plain && trusted.contains(certs[0])) {
            try {
                certs[0].checkValidity();
                return;
            } catch (CertificateException e) {
                // Expired or not yet valid: let Merlin refuse it with its own message.
            }
        }
        super.verifyTrust(certs, enableRevocation, subjectCertConstraints, issuerCertConstraints);
        if (plain) {
            trusted.add(certs[0]);
        }
    }

    private static boolean isEmpty(Collection<Pattern> constraints) {
        return constraints == null || constraints.isEmpty();
    }
}
