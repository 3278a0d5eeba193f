package org.esbbench.maven.engines;

import org.esbbench.maven.parameters.InvalidRunException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The keystore JMeter's RMI runs over between the client and its engines ({@code config/rmi/}, git-ignored),
 * made with JMeter's own {@code create-rmi-keystore} procedure (keytool, RSA 2048, alias {@code rmi}, 7 days), as
 * PKCS12 and with a random password that never appears on a command line: keytool reads it from its environment,
 * and every JMeter reads it from {@code rmi.properties} (mode 600) through {@code -q}. The keystore's name in that
 * file is relative: JMeter's socket factories travel inside the RMI stubs with the name as configured, so each
 * JVM (the client, each engine) opens its own copy in its own working directory, {@code config/rmi/} here and the
 * bundle's {@code rmi/} on another host. The engines require client authentication, so they and the client share
 * this one keystore, which is also the truststore (its self-signed entry is the trust anchor).
 */
final class RmiKeystore {

    static final String DIR = "config/rmi";
    static final String KEYSTORE = "rmi_keystore.p12";
    static final String PROPERTIES = "rmi.properties";
    static final String ALIAS = "rmi";
    static final int VALIDITY_DAYS = 7;
    /** A keystore that expires sooner than this is made again, so no run's RMI fails half-way. */
    static final Duration RENEW_BEFORE = Duration.ofHours(24);
    private static final String PASSWORD_ENV = "ESB_BENCH_RMI_PASS";

    private final Path dir;

    RmiKeystore(Path dir) {
        this.dir = dir;
    }

    /** The checkout's {@code config/rmi}. */
    static RmiKeystore in(Path root) {
        return new RmiKeystore(root.resolve(DIR));
    }

    Path dir() {
        return dir;
    }

    Path keystore() {
        return dir.resolve(KEYSTORE);
    }

    Path properties() {
        return dir.resolve(PROPERTIES);
    }

    /**
     * Makes the keystore and its properties when they are missing, unreadable or expire within
     * {@link #RENEW_BEFORE}.
     *
     * @return when the keystore's certificate expires
     */
    Instant ensure() throws IOException, InvalidRunException {
        try {
            Instant expires = expiry();
            if (expires.isAfter(Instant.now().plus(RENEW_BEFORE))) {
                return expires;
            }
        } catch (IOException | GeneralSecurityException | RuntimeException missingOrUnreadable) {
            // made again below
        }
        create();
        try {
            return expiry();
        } catch (GeneralSecurityException e) {
            throw new InvalidRunException("the RMI keystore " + keystore() + " just made does not load: " + e.getMessage());
        }
    }

    /** The keystore's certificate expiry, read with the password of {@code rmi.properties}. */
    Instant expiry() throws IOException, GeneralSecurityException {
        String password = password();
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore())) {
            store.load(in, password.toCharArray());
        }
        if (!store.isKeyEntry(ALIAS)) {
            throw new GeneralSecurityException("no key entry '" + ALIAS + "'");
        }
        return ((X509Certificate) store.getCertificate(ALIAS)).getNotAfter().toInstant();
    }

    private String password() throws IOException {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(properties())) {
            p.load(in);
        }
        String password = p.getProperty("server.rmi.ssl.keystore.password");
        if (password == null || password.isEmpty()) {
            throw new IOException(properties() + " has no keystore password");
        }
        return password;
    }

    /** JMeter's create-rmi-keystore procedure, without a prompt and without the password on the command line. */
    private void create() throws IOException, InvalidRunException {
        Files.createDirectories(dir);
        Files.deleteIfExists(keystore());
        String password = randomPassword();
        List<String> cmd = new ArrayList<>(List.of(keytool(), "-genkeypair", "-alias", ALIAS, "-keyalg", "RSA",
                "-keysize", "2048", "-validity", Integer.toString(VALIDITY_DAYS), "-dname", "CN=esb-bench-rmi",
                "-storetype", "PKCS12", "-keystore", KEYSTORE, "-storepass:env", PASSWORD_ENV,
                "-keypass:env", PASSWORD_ENV, "-noprompt"));
        ProcessBuilder builder = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().put(PASSWORD_ENV, password);
        Process keytool = builder.start();
        keytool.getOutputStream().close();
        String output;
        try {
            output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!keytool.waitFor(60, TimeUnit.SECONDS)) {
                keytool.destroyForcibly();
                throw new InvalidRunException("keytool did not make the RMI keystore in " + dir + " within 60 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            keytool.destroyForcibly();
            throw new IOException("interrupted while keytool made the RMI keystore", e);
        }
        if (keytool.exitValue() != 0 || !Files.isRegularFile(keystore())) {
            throw new InvalidRunException("keytool could not make the RMI keystore " + keystore() + " (exit "
                    + keytool.exitValue() + "): " + output.strip());
        }
        String text = "# Made by esb-bench (JMeter's create-rmi-keystore procedure): the RMI keystore of the JMeter\n"
                + "# client and engines of -Dgenerators runs. Loaded with JMeter's -q; never commit or share it.\n"
                + "server.rmi.ssl.keystore.file=" + KEYSTORE + "\n"
                + "server.rmi.ssl.keystore.type=PKCS12\n"
                + "server.rmi.ssl.keystore.alias=" + ALIAS + "\n"
                + "server.rmi.ssl.keystore.password=" + password + "\n";
        Path tmp = dir.resolve(PROPERTIES + ".tmp");
        Files.deleteIfExists(tmp);
        Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmp, text, StandardCharsets.ISO_8859_1);
        Files.move(tmp, properties(), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        Files.setPosixFilePermissions(keystore(), PosixFilePermissions.fromString("rw-------"));
    }

    static String keytool() {
        return Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    }

    /** 24 characters from letters and digits (nothing a properties file would need to escape). */
    static String randomPassword() {
        String alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
        SecureRandom random = new SecureRandom();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 24; i++) {
            b.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return b.toString();
    }
}
