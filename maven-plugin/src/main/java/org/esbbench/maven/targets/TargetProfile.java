package org.esbbench.maven.targets;

import org.esbbench.maven.parameters.InvalidRunException;
import java.io.IOException;
import java.io.Reader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Optional;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.esbbench.core.Scenario;
import org.esbbench.maven.management.JmxOptions;
import org.esbbench.maven.management.Secret;

/**
 * A target profile, {@code config/targets/<name>.properties}: where the server under test listens and
 * whether the build starts the bundled reference server itself. Endpoints default to each scenario's
 * standard path from the scenario catalogue; a profile overrides them with {@code endpoint.<id>}.
 */
public record TargetProfile(String name, Path file, Properties properties) {

    public static TargetProfile load(Path targetsDir, String name) throws InvalidRunException {
        Path file = targetsDir.resolve(name + ".properties");
        if (!Files.isRegularFile(file)) {
            throw new InvalidRunException("unknown target '" + name + "': no " + file + "; available: " + available(targetsDir));
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        } catch (IOException e) {
            throw new InvalidRunException("cannot read target profile " + file + ": " + e.getMessage());
        }
        TargetProfile profile = new TargetProfile(name, file, p);
        profile.port(); // fail now on a malformed port rather than in the middle of a run
        profile.managementAgent();
        try {
            profile.jmxOptions().requireSecrets(); // an unset env: variable or unreadable file: is said at check, before any load
        } catch (IllegalArgumentException e) {
            throw new InvalidRunException("target profile " + file + ": " + e.getMessage());
        }
        return profile;
    }

    static String available(Path targetsDir) {
        try (Stream<Path> files = Files.list(targetsDir)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(f -> f.endsWith(".properties"))
                    .map(f -> f.substring(0, f.length() - ".properties".length()))
                    .sorted().collect(Collectors.joining(", "));
        } catch (IOException e) {
            return "(none: " + targetsDir + " is not readable)";
        }
    }

    /** True when the build starts the reference server and echo backend for this target. */
    public boolean startsServers() {
        return Boolean.parseBoolean(properties.getProperty("start", "false").trim());
    }

    public String host() { return properties.getProperty("host", "127.0.0.1").trim(); }
    public String protocol() { return properties.getProperty("protocol", "http").trim(); }

    public int port() throws InvalidRunException {
        return intProperty("port", 8280);
    }

    public URI backendUrl() {
        return URI.create(properties.getProperty("backend.url", "http://127.0.0.1:8688/service/EchoService").trim());
    }

    public URI jmsProviderUrl() {
        return URI.create(properties.getProperty("jms.provider.url", "tcp://127.0.0.1:61616").trim());
    }

    /**
     * The address of the server JVM's management agent (JMX) for GC and CPU figures, the profile's
     * {@code jmx=host:port}: for a started server the port its agent opens on loopback; for an external Java
     * server the address of a connector it already opens. Empty when the profile has none (no GC figures; no CPU figures for an external server).
     */
    public Optional<InetSocketAddress> managementAgent() throws InvalidRunException {
        String value = properties.getProperty("jmx", "").trim();
        if (value.isEmpty()) {
            return Optional.empty();
        }
        int colon = value.lastIndexOf(':');
        try {
            if (colon <= 0) {
                throw new NumberFormatException();
            }
            int port = Integer.parseInt(value.substring(colon + 1));
            if (port < 1 || port > 65535) {
                throw new NumberFormatException();
            }
            return Optional.of(InetSocketAddress.createUnresolved(value.substring(0, colon).replace("[", "").replace("]", ""), port));
        } catch (NumberFormatException e) {
            throw new InvalidRunException("target profile " + file + ": jmx=" + value + " is not host:port (e.g. 127.0.0.1:9099)");
        }
    }

    /**
     * Credentials and TLS for the connection to {@link #managementAgent()} ({@code jmx.user}, {@code jmx.password},
     * {@code jmx.ssl}, {@code jmx.registry.ssl}, {@code jmx.truststore}, {@code jmx.truststore.password});
     * relative paths are read from the profile's folder.
     */
    public JmxOptions jmxOptions() throws InvalidRunException {
        try {
            return JmxOptions.of(properties, file.toAbsolutePath().getParent());
        } catch (IllegalArgumentException e) {
            throw new InvalidRunException("target profile " + file + ": " + e.getMessage());
        }
    }

    /**
     * The profile's keys and values as a record may show them: the value of every secret key
     * ({@link Secret#isSecretKey}) hidden, unless it only says where the password is ({@code env:}, {@code file:}).
     */
    public java.util.SortedMap<String, String> shownProperties() {
        java.util.SortedMap<String, String> shown = new java.util.TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            String value = properties.getProperty(key);
            shown.put(key, Secret.isSecretKey(key) ? Secret.shown(value) : value);
        }
        return shown;
    }

    /**
     * {@code recorded} (a profile as run parameters hold it) with every hidden password read again from the profile
     * file it was recorded from.
     *
     * @throws InvalidRunException when a hidden password's profile file is gone or no longer has the key
     */
    public static Properties withHiddenSecrets(Properties recorded, Path file) throws InvalidRunException {
        Properties restored = new Properties();
        restored.putAll(recorded);
        Properties current = null;
        for (String key : recorded.stringPropertyNames()) {
            if (!Secret.isSecretKey(key) || !Secret.HIDDEN.equals(recorded.getProperty(key))) {
                continue;
            }
            if (current == null) {
                current = new Properties();
                try (Reader r = Files.newBufferedReader(file)) {
                    current.load(r);
                } catch (IOException e) {
                    throw new InvalidRunException("the run parameters file hides " + key + " of target profile " + file
                            + ", which cannot be read now (" + e.getClass().getSimpleName() + "): restore the file,"
                            + " or check the run again (esb-bench:check)");
                }
            }
            String value = current.getProperty(key);
            if (value == null) {
                throw new InvalidRunException("the run parameters file hides " + key + " of target profile " + file
                        + ", which no longer has that key: restore it, or check the run again (esb-bench:check)");
            }
            restored.setProperty(key, value);
        }
        return restored;
    }

    /** The path (HTTP) or queue name (JMS) the plans send this scenario's requests to. */
    public String endpoint(Scenario scenario) {
        return properties.getProperty("endpoint." + scenario.id(), scenario.defaultEndpoint()).trim();
    }

    /** The endpoint the profile gives a plan id (a user's plan), if any: {@code endpoint.<id>}. */
    public Optional<String> endpointOverride(String id) {
        return Optional.ofNullable(properties.getProperty("endpoint." + id)).map(String::trim);
    }

    public URI url(Scenario scenario) throws InvalidRunException {
        return URI.create(protocol() + "://" + host() + ":" + port() + endpoint(scenario));
    }

    private int intProperty(String key, int defaultValue) throws InvalidRunException {
        String value = properties.getProperty(key);
        if (value == null) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new InvalidRunException("target profile " + file + ": " + key + "=" + value + " is not a port number");
        }
    }
}
