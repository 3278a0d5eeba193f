package org.esbbench.esb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.esbbench.core.wssec.TestKeystores;

/**
 * The project's test keystores (config/keystores/client.p12 and server.p12), copied into the jar at build time
 * (reference-esb/pom.xml, resources) so the server starts from any folder without {@code --keystore-dir}.
 * The WS-Security code reads keystores from a folder, so the first call writes them to a private temporary
 * folder, removed when the JVM exits. They are the same test-only keys as in config/keystores: never real ones.
 */
final class BundledKeystores {
    /** Classpath folder the build copies the keystores into. */
    static final String RESOURCE_DIR = "bundled-keystores/";
    /** How the start line and --help name this source. */
    static final String DESCRIPTION = "the test keystores built into the jar (copied from config/keystores)";

    private static Path directory;

    private BundledKeystores() {
    }

    static synchronized Path directory() {
        if (directory == null) {
            directory = extract();
        }
        return directory;
    }

    private static Path extract() {
        try {
            Path dir = Files.createTempDirectory("reference-esb-keystores-");
            dir.toFile().deleteOnExit();
            for (String alias : new String[] {TestKeystores.CLIENT_ALIAS, TestKeystores.SERVER_ALIAS}) {
                String name = TestKeystores.fileName(alias);
                try (InputStream in = BundledKeystores.class.getClassLoader().getResourceAsStream(RESOURCE_DIR + name)) {
                    if (in == null) {
                        throw new IllegalStateException("the jar holds no " + RESOURCE_DIR + name + " (built without"
                                + " config/keystores?): rebuild reference-esb from the project root, or pass"
                                + " --keystore-dir DIR with " + TestKeystores.fileName(TestKeystores.CLIENT_ALIAS)
                                + " and " + TestKeystores.fileName(TestKeystores.SERVER_ALIAS));
                    }
                    Path file = dir.resolve(name);
                    Files.copy(in, file);
                    // Registered after the folder, so it is deleted before it (deleteOnExit runs in reverse).
                    file.toFile().deleteOnExit();
                }
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack the bundled test keystores: " + e.getMessage(), e);
        }
    }
}
