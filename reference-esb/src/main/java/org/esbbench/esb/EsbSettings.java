package org.esbbench.esb;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;

import org.esbbench.core.Scenario;
import org.esbbench.core.wssec.AlgorithmSuite;

/**
 * The server's configuration: the bundled {@code reference-esb.properties}, overlaid by an optional
 * file, overlaid by explicit overrides (command-line flags). The same merged properties feed Camel's
 * property placeholders ({@code {{esb.http.port}}} in endpoint URIs, {@code camel.*} keys for Camel
 * Main) and the few typed values Java code needs, so every setting has exactly one name.
 */
public final class EsbSettings {

    public static final String BUNDLED = "reference-esb.properties";

    private final Properties properties;

    private EsbSettings(Properties properties) {
        this.properties = properties;
    }

    /** Bundled defaults, then {@code configFile} (may be null), then {@code overrides}. */
    public static EsbSettings load(Path configFile, Map<String, String> overrides) throws IOException {
        Properties merged = new Properties();
        try (InputStream in = EsbSettings.class.getClassLoader().getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IllegalStateException(BUNDLED + " is missing from the classpath");
            }
            merged.load(in);
        }
        if (configFile != null) {
            if (!Files.isReadable(configFile)) {
                throw new IOException("Configuration file not readable: " + configFile.toAbsolutePath());
            }
            try (Reader reader = Files.newBufferedReader(configFile, StandardCharsets.UTF_8)) {
                merged.load(reader);
            }
        }
        overrides.forEach(merged::setProperty);
        return new EsbSettings(merged);
    }

    public static EsbSettings defaults() throws IOException {
        return load(null, Map.of());
    }

    /** A copy, for Camel Main's initial properties. */
    public Properties asProperties() {
        Properties copy = new Properties();
        copy.putAll(properties);
        return copy;
    }

    public String get(String key) {
        String value = properties.getProperty(key);
        if (value == null) {
            throw new IllegalArgumentException("Missing setting " + key);
        }
        return value.trim();
    }

    public String getOrEmpty(String key) {
        String value = properties.getProperty(key);
        return value == null ? "" : value.trim();
    }

    public int getInt(String key) {
        String value = get(key);
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Setting " + key + " must be an integer, got '" + value + "'", e);
        }
    }

    public boolean getBoolean(String key) {
        String value = get(key);
        if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException("Setting " + key + " must be true or false, got '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }

    public String httpBind() {
        return get("esb.http.bind");
    }

    public int httpPort() {
        return getInt("esb.http.port");
    }

    public String brokerUrl() {
        return get("esb.broker.url");
    }

    public boolean brokerPersistence() {
        return getBoolean("esb.broker.persistence");
    }

    /** Empty when the embedded broker should use a fresh temporary folder. */
    public String brokerDataDir() {
        return getOrEmpty("esb.broker.dataDir");
    }

    /** The JNDI context factory class for the broker's connection factory; empty: Artemis' client directly. */
    public String jmsJndiFactory() {
        return getOrEmpty("esb.jms.jndiFactory");
    }

    /** The JNDI name of the connection factory (with {@link #jmsJndiFactory()}). */
    public String jmsConnectionFactory() {
        String name = getOrEmpty("esb.jms.connectionFactory");
        return name.isEmpty() ? "ConnectionFactory" : name;
    }

    /** The queue the jms route consumes: {@code esb.endpoint.jms}, else the scenario catalogue's. */
    public String jmsRequestQueue() {
        String configured = getOrEmpty("esb.endpoint.jms");
        return configured.isEmpty() ? Scenario.JMS.defaultEndpoint() : configured;
    }

    public String jmsReplyQueue() {
        return get("esb.jms.replyQueue");
    }

    /** The folder given (relative to the working directory), or, when none is, the keystores built into the jar. */
    public Path keystoreDir() {
        String dir = get("esb.wssec.keystoreDir").trim();
        return dir.isEmpty() ? BundledKeystores.directory() : Path.of(dir);
    }

    /** Where the WS-Security keystores come from, for the start line. */
    public String keystoreSource() {
        String dir = get("esb.wssec.keystoreDir").trim();
        return dir.isEmpty() ? BundledKeystores.DESCRIPTION : Path.of(dir).toAbsolutePath().normalize().toString();
    }

    public AlgorithmSuite algorithmSuite() {
        String value = get("esb.wssec.suite");
        try {
            return AlgorithmSuite.valueOf(value.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Setting esb.wssec.suite must be MODERN or CLASSIC, got '" + value + "'", e);
        }
    }

    public Duration replyTtl() {
        return Duration.ofSeconds(getInt("esb.wssec.replyTtlSeconds"));
    }

    public int backendTimeoutMs() {
        return getInt("esb.backend.timeoutMs");
    }
}
