package org.esbbench.jmeter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import org.esbbench.core.Scenario;
import org.esbbench.core.wssec.AlgorithmSuite;

/**
 * What one sample's reply must match: the scenario and the payload file that was sent. For
 * {@code ws-security} also the client's keystores and algorithm suite, because the secured reply must be
 * decrypted and verified before it can be compared.
 *
 * <p>{@code securedPerSample} (ws-security only): the payload file is the plain request, secured anew for
 * every sample ({@link FreshSecuredRequest}, {@code wsMode=fresh}), so it is itself the expected body.
 *
 * <p>A record, so it is the key of the check cache: equal expectations share one check.
 */
record ReplyExpectation(Scenario scenario, Path payloadFile, Path keystoreDir, AlgorithmSuite suite,
        boolean securedPerSample) {

    /** Pooled WS-Security requests sit beside their plain originals: {@code <n>.xml} and {@code <n>.plain.xml}. */
    static final String PLAIN_SUFFIX = ".plain.xml";

    ReplyExpectation {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(payloadFile, "payloadFile");
        if (scenario == Scenario.WS_SECURITY) {
            Objects.requireNonNull(keystoreDir, "keystoreDir is needed for ws-security");
            Objects.requireNonNull(suite, "algorithm suite is needed for ws-security");
        }
    }

    /** A pooled (pre-secured) request for ws-security, or any other scenario's payload. */
    ReplyExpectation(Scenario scenario, Path payloadFile, Path keystoreDir, AlgorithmSuite suite) {
        this(scenario, payloadFile, keystoreDir, suite, false);
    }

    /**
     * The body the reply must carry (or, for ws-security, decrypt to): the payload file itself, or for
     * ws-security the plain original of the pooled secured request that was sent (or, secured per sample,
     * the plain request itself).
     */
    Path expectedBodyFile() {
        if (scenario != Scenario.WS_SECURITY || securedPerSample) {
            return payloadFile;
        }
        String name = payloadFile.getFileName().toString();
        if (name.endsWith(PLAIN_SUFFIX) || !name.endsWith(".xml")) {
            throw new IllegalArgumentException("ws-security payload must be a secured request <n>.xml, got " + payloadFile);
        }
        return payloadFile.resolveSibling(name.substring(0, name.length() - ".xml".length()) + PLAIN_SUFFIX);
    }

    byte[] expectedBody() {
        Path file = expectedBodyFile();
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the expected reply body " + file.toAbsolutePath(), e);
        }
    }
}
