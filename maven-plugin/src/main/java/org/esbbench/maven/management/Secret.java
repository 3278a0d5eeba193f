package org.esbbench.maven.management;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * A password given in a target profile, so that it need not sit in the profile itself: {@code env:NAME} (the value
 * of environment variable NAME), {@code file:PATH} (the first line of a file, a relative path read from the
 * profile's folder) or the password itself. The reference is what the profile holds and what may be shown; the
 * value is read only when a connection needs it and never appears in {@link #toString()} or in any message.
 */
public final class Secret {
    /** What a hidden value is shown as, in messages and in the run's records. */
    public static final String HIDDEN = "(hidden)";
    private static final String ENV = "env:";
    private static final String FILE = "file:";

    private final String key;
    private final String reference;
    private final Path baseDir;
    private final Function<String, String> environment;

    private Secret(String key, String reference, Path baseDir, Function<String, String> environment) {
        this.key = Objects.requireNonNull(key);
        this.reference = Objects.requireNonNull(reference).strip();
        this.baseDir = baseDir;
        this.environment = environment;
    }

    /** {@code value} of profile key {@code key}; {@code baseDir} resolves relative {@code file:} paths. */
    public static Secret of(String key, String value, Path baseDir) {
        return of(key, value, baseDir, System::getenv);
    }

    static Secret of(String key, String value, Path baseDir, Function<String, String> environment) {
        return new Secret(key, value, baseDir, environment);
    }

    /**
     * True when a profile key holds a secret: its name ends with {@code password} or {@code secret} (any case),
     * such as {@code jmx.password}, {@code jmx.truststore.password}, {@code keystore.password}.
     */
    public static boolean isSecretKey(String key) {
        String k = key.strip().toLowerCase(java.util.Locale.ROOT);
        return k.endsWith("password") || k.endsWith("secret");
    }

    /**
     * What a record may show for a secret key's value: an {@code env:} or {@code file:} reference as it is (it
     * names where the password is, not the password), anything else {@link #HIDDEN}.
     */
    public static String shown(String value) {
        String v = value.strip();
        return v.startsWith(ENV) || v.startsWith(FILE) ? v : HIDDEN;
    }

    /**
     * The password.
     *
     * @throws IllegalArgumentException naming the key and where the value should have come from (never the value)
     */
    public char[] value() {
        if (reference.startsWith(ENV)) {
            String name = reference.substring(ENV.length()).strip();
            String v = name.isEmpty() ? null : environment.apply(name);
            if (v == null) {
                throw new IllegalArgumentException(key + "=" + reference + ": environment variable '" + name
                        + "' is not set; export it before the build, or give " + key + "=file:PATH");
            }
            return v.toCharArray();
        }
        if (reference.startsWith(FILE)) {
            Path file = Path.of(reference.substring(FILE.length()).strip());
            if (!file.isAbsolute() && baseDir != null) {
                file = baseDir.resolve(file);
            }
            try {
                String first = Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse("");
                if (first.isEmpty()) {
                    throw new IllegalArgumentException(key + "=" + reference + ": " + file
                            + " is empty; its first line must be the password");
                }
                return first.toCharArray();
            } catch (IOException e) {
                throw new IllegalArgumentException(key + "=" + reference + ": cannot read " + file + " ("
                        + e.getClass().getSimpleName() + "); give a readable file whose first line is the password", e);
            }
        }
        return reference.toCharArray();
    }

    /** The profile key this secret comes from. */
    public String key() {
        return key;
    }

    /** Never the value: the key and, for a reference, where the value comes from. */
    @Override
    public String toString() {
        return key + "=" + shown(reference);
    }
}
