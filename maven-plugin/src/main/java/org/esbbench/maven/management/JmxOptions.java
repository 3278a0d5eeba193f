package org.esbbench.maven.management;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import javax.management.remote.JMXConnector;
import javax.rmi.ssl.SslRMIClientSocketFactory;

/**
 * How to connect to an external server's JMX agent, from its target profile: credentials ({@code jmx.user},
 * {@code jmx.password}) and TLS ({@code jmx.ssl=true}, the server's certificate trusted through
 * {@code jmx.truststore} and {@code jmx.truststore.password}; {@code jmx.registry.ssl=true} when the agent's RMI
 * registry speaks TLS too, {@code com.sun.management.jmxremote.registry.ssl=true} on the server). Passwords are
 * {@link Secret}s: {@code env:NAME}, {@code file:PATH} or the password itself.
 *
 * <p>The JDK's RMI connector over TLS takes its client socket factory from the stub the server hands out
 * ({@link SslRMIClientSocketFactory}), and that factory always uses the JVM's default SSL context: the truststore
 * is therefore installed as the default context of the process that connects, trusting the JDK's own authorities
 * as well, so nothing else in the process loses a certificate it trusted.
 */
public record JmxOptions(Optional<String> user, Optional<Secret> password, boolean ssl, boolean registrySsl,
                         Optional<Path> truststore, Optional<Secret> truststorePassword) {
    public static final JmxOptions NONE = new JmxOptions(Optional.empty(), Optional.empty(), false, false,
            Optional.empty(), Optional.empty());

    /** The JNDI environment key of the RMI registry's socket factory (the JDK's RMI registry context). */
    static final String RMI_REGISTRY_SOCKET_FACTORY = "com.sun.jndi.rmi.factory.socket";

    /** The truststores installed so far in this process; the default context trusts any of them or the JDK. */
    private static final java.util.List<X509TrustManager> PROFILE_TRUST = new java.util.concurrent.CopyOnWriteArrayList<>();
    private static final java.util.Set<Path> INSTALLED = new java.util.HashSet<>();
    private static boolean contextInstalled;

    /**
     * The options of profile {@code p}; relative paths are read from {@code profileDir}.
     *
     * @throws IllegalArgumentException what is wrong, what is valid (never a password)
     */
    public static JmxOptions of(Properties p, Path profileDir) {
        Optional<String> user = value(p, "jmx.user");
        Optional<Secret> password = value(p, "jmx.password").map(v -> Secret.of("jmx.password", v, profileDir));
        if (user.isPresent() != password.isPresent()) {
            throw new IllegalArgumentException("jmx.user and jmx.password go together: give both (the agent's"
                    + " com.sun.management.jmxremote.password.file names the pair) or neither (an agent without authentication)");
        }
        boolean ssl = bool(p, "jmx.ssl");
        boolean registrySsl = bool(p, "jmx.registry.ssl");
        Optional<Path> truststore = value(p, "jmx.truststore").map(profileDir::resolve);
        Optional<Secret> truststorePassword = value(p, "jmx.truststore.password")
                .map(v -> Secret.of("jmx.truststore.password", v, profileDir));
        if ((truststore.isPresent() || registrySsl) && !ssl) {
            throw new IllegalArgumentException("jmx.truststore and jmx.registry.ssl need jmx.ssl=true");
        }
        if (truststore.isPresent() && !Files.isRegularFile(truststore.get())) {
            throw new IllegalArgumentException("jmx.truststore: no file " + truststore.get()
                    + "; give a PKCS12 or JKS file holding the agent's certificate (keytool -importcert)");
        }
        return new JmxOptions(user, password, ssl, registrySsl, truststore, truststorePassword);
    }

    private static Optional<String> value(Properties p, String key) {
        return Optional.ofNullable(p.getProperty(key)).map(String::strip).filter(v -> !v.isEmpty());
    }

    private static boolean bool(Properties p, String key) {
        String v = p.getProperty(key, "false").strip();
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException(key + "=" + v + " is not true or false");
        }
        return Boolean.parseBoolean(v);
    }

    /**
     * Reads every password once, so that an unset variable or an unreadable file is said before any load.
     *
     * @throws IllegalArgumentException naming the key and the source (never a value)
     */
    public void requireSecrets() {
        password.ifPresent(Secret::value);
        truststorePassword.ifPresent(Secret::value);
    }

    /** True when nothing but a plain, unauthenticated connection is asked for. */
    public boolean plain() {
        return user.isEmpty() && !ssl;
    }

    /**
     * The environment for {@link javax.management.remote.JMXConnectorFactory#connect}: credentials and, over TLS,
     * the truststore (installed as the default SSL context first) and the registry's TLS socket factory.
     */
    Map<String, Object> environment() throws IOException {
        Map<String, Object> env = new HashMap<>();
        if (user.isPresent()) {
            env.put(JMXConnector.CREDENTIALS, new String[]{user.get(), new String(password.orElseThrow().value())});
        }
        if (ssl) {
            if (truststore.isPresent()) {
                installTruststore(truststore.get(), truststorePassword);
            }
            if (registrySsl) {
                env.put(RMI_REGISTRY_SOCKET_FACTORY, new SslRMIClientSocketFactory());
            }
        }
        return env;
    }

    /** What a log line may say about these options (never a password). */
    public String describe() {
        if (plain()) {
            return "no authentication, no TLS";
        }
        return (user.map(u -> "user " + u).orElse("no authentication")) + ", " + (ssl ? "TLS"
                + truststore.map(t -> " (truststore " + t + ")").orElse(" (the JDK's trusted authorities)") : "no TLS");
    }

    /**
     * Makes the JVM's default SSL context trust the certificates of {@code file} besides the JDK's own authorities.
     * The context is installed once and trusts every truststore added later too: the RMI TLS socket factory keeps
     * the default factory of its first use. (A process whose first TLS JMX connection came before any truststore was
     * installed keeps the JDK's authorities only: the suite's processes install it before they connect.)
     */
    private static synchronized void installTruststore(Path file, Optional<Secret> password) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        if (INSTALLED.contains(key)) {
            return;
        }
        try {
            KeyStore store;
            char[] pass = password.map(Secret::value).orElse(null);
            try (InputStream in = Files.newInputStream(file)) {
                store = KeyStore.getInstance(file.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".jks") ? "JKS" : "PKCS12");
                store.load(in, pass);
            }
            PROFILE_TRUST.add(trustManager(store));
            INSTALLED.add(key);
            if (!contextInstalled) {
                SSLContext context = SSLContext.getInstance("TLS");
                context.init(null, new TrustManager[]{new AnyTrustManager(PROFILE_TRUST, trustManager(null))}, null);
                SSLContext.setDefault(context);
                contextInstalled = true;
            }
        } catch (GeneralSecurityException e) {
            throw new IOException("jmx.truststore " + file + " cannot be used (" + e.getClass().getSimpleName()
                    + "); give a PKCS12 (.p12) or JKS (.jks) file and its jmx.truststore.password", e);
        } catch (IOException e) {
            // a wrong password surfaces as an IOException whose cause is an UnrecoverableKeyException
            throw new IOException("jmx.truststore " + file + " cannot be read: wrong jmx.truststore.password or not a"
                    + " PKCS12/JKS file (" + e.getClass().getSimpleName() + ")", e);
        }
    }

    private static X509TrustManager trustManager(KeyStore store) throws GeneralSecurityException {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        for (TrustManager m : factory.getTrustManagers()) {
            if (m instanceof X509TrustManager x) {
                return x;
            }
        }
        throw new GeneralSecurityException("no X.509 trust manager");
    }

    /** Trusts what one of the profiles' truststores trusts, or else what the JDK trusts. */
    private record AnyTrustManager(java.util.List<X509TrustManager> profiles, X509TrustManager jdk)
            implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            for (X509TrustManager m : profiles) {
                try {
                    m.checkClientTrusted(chain, authType);
                    return;
                } catch (CertificateException notThisOne) {
                    // the next truststore, then the JDK's
                }
            }
            jdk.checkClientTrusted(chain, authType);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            for (X509TrustManager m : profiles) {
                try {
                    m.checkServerTrusted(chain, authType);
                    return;
                } catch (CertificateException notThisOne) {
                    // the next truststore, then the JDK's
                }
            }
            jdk.checkServerTrusted(chain, authType);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            java.util.List<X509Certificate> all = new java.util.ArrayList<>();
            profiles.forEach(m -> all.addAll(java.util.List.of(m.getAcceptedIssuers())));
            all.addAll(java.util.List.of(jdk.getAcceptedIssuers()));
            return all.toArray(new X509Certificate[0]);
        }
    }
}
