package org.esbbench.core.testing;

import java.nio.file.Path;

/** The test-only keystores committed under config/keystores, as the other modules use them. */
public final class CommittedKeystores {

    /** Surefire runs in the module folder and sets {@code basedir}; the keystores sit beside the module. */
    public static final Path DIR = Path.of(System.getProperty("basedir", "."))
            .resolve("../config/keystores").toAbsolutePath().normalize();

    private CommittedKeystores() {
    }
}
