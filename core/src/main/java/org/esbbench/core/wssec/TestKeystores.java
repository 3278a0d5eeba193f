package org.esbbench.core.wssec;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.Callable;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The TEST-ONLY keystores of the WS-Security scenario: {@code client.p12} and {@code server.p12}
 * (PKCS#12, password {@value #PASSWORD}), each with its own 2048-bit RSA key under its alias
 * ({@value #CLIENT_ALIAS} or {@value #SERVER_ALIAS}) and the other party's certificate under the
 * other alias. The keys are published with the project: never use them for anything real.
 *
 * <p>Run as a command to write a fresh pair (new keys, self-signed certificates).
 */
@Command(name = "test-keystores", mixinStandardHelpOptions = true,
        description = "Writes the TEST-ONLY WS-Security keystores client.p12 and server.p12 (new 2048-bit RSA keys).")
public final class TestKeystores implements Callable<Integer> {

    public static final String PASSWORD = "changeit";
    public static final String CLIENT_ALIAS = "client";
    public static final String SERVER_ALIAS = "server";
    public static final String KEYSTORE_TYPE = "PKCS12";
    static final int KEY_BITS = 2048;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "config/keystores",
            description = "Folder to write client.p12 and server.p12 into (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--validity-days", paramLabel = "DAYS", defaultValue = "10950",
            description = "Validity of the self-signed certificates (default: ${DEFAULT-VALUE}, about 30 years, "
                    + "so committed keystores do not expire under the suite).")
    int validityDays;

    /** The keystore file of a party: {@code client.p12} or {@code server.p12}. */
    public static String fileName(String alias) {
        return alias + ".p12";
    }

    /** Writes a new client/server pair into {@code dir}, replacing existing files. */
    public static void write(Path dir, Duration validity) throws IOException, GeneralSecurityException {
        Files.createDirectories(dir);
        KeyPair client = newKeyPair();
        KeyPair server = newKeyPair();
        X509Certificate clientCert = selfSigned(client, CLIENT_ALIAS, validity);
        X509Certificate serverCert = selfSigned(server, SERVER_ALIAS, validity);
        store(dir, CLIENT_ALIAS, client, clientCert, SERVER_ALIAS, serverCert);
        store(dir, SERVER_ALIAS, server, serverCert, CLIENT_ALIAS, clientCert);
    }

    @Override
    public Integer call() throws Exception {
        if (validityDays < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--validity-days must be at least 1");
        }
        write(out, Duration.ofDays(validityDays));
        System.out.println("Wrote TEST-ONLY keystores " + out.resolve(fileName(CLIENT_ALIAS)) + " and "
                + out.resolve(fileName(SERVER_ALIAS)) + " (password " + PASSWORD + ")");
        return 0;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new TestKeystores())
                .setExecutionExceptionHandler((e, command, parsed) -> {
                    command.getErr().println("test-keystores: " + e.getMessage());
                    return CommandLine.ExitCode.SOFTWARE;
                })
                .execute(args));
    }

    private static KeyPair newKeyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(KEY_BITS, new SecureRandom());
        return generator.generateKeyPair();
    }

    private static X509Certificate selfSigned(KeyPair keys, String alias, Duration validity)
            throws GeneralSecurityException {
        X500Name name = new X500Name("CN=esb-bench " + alias + " TEST ONLY, O=esb-bench");
        Instant now = Instant.now();
        BigInteger serial = new BigInteger(64, new SecureRandom());
        try {
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, serial,
                    Date.from(now.minus(Duration.ofDays(1))), Date.from(now.plus(validity)), name, keys.getPublic());
            JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.keyUsage, true,
                    new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment | KeyUsage.dataEncipherment));
            builder.addExtension(Extension.subjectKeyIdentifier, false,
                    extensions.createSubjectKeyIdentifier(keys.getPublic()));
            return new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(keys.getPrivate())));
        } catch (OperatorCreationException | IOException e) {
            throw new GeneralSecurityException("cannot build the certificate of " + alias + ": " + e.getMessage(), e);
        }
    }

    private static void store(Path dir, String alias, KeyPair keys, X509Certificate cert,
            String peerAlias, X509Certificate peerCert) throws IOException, GeneralSecurityException {
        KeyStore keyStore = KeyStore.getInstance(KEYSTORE_TYPE);
        keyStore.load(null, null);
        keyStore.setKeyEntry(alias, keys.getPrivate(), PASSWORD.toCharArray(), new X509Certificate[] {cert});
        keyStore.setCertificateEntry(peerAlias, peerCert);
        try (OutputStream file = Files.newOutputStream(dir.resolve(fileName(alias)))) {
            keyStore.store(file, PASSWORD.toCharArray());
        }
    }
}
