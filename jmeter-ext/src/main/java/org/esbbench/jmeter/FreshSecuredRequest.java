package org.esbbench.jmeter;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterVariables;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.WsSecurityParty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Secures each ws-security request as it is sent ({@code wsMode=fresh}): a new Timestamp, a new signature
 * and a new encryption (fresh symmetric key, fresh wsu:Ids) per sample, made by core's client
 * {@link WsSecurityParty} from the plain SOAP request. For servers that enforce a Timestamp lifetime and a
 * replay cache, which refuse the pool of requests secured before the run.
 *
 * <p>Properties: {@value #PAYLOAD_FILE} (the plain envelope; relative paths resolve against the plan's
 * folder), {@value #KEYSTORE_DIR}, {@value #ALGORITHM_SUITE} ({@code modern}/{@code classic}),
 * {@value #TTL_SECONDS} (Timestamp lifetime, default {@value #DEFAULT_TTL_SECONDS}) and {@value #VARIABLE}
 * (the JMeter variable that receives the secured envelope, default {@value #DEFAULT_VARIABLE}; the sampler
 * sends it as its raw body). When the request cannot be secured (missing keystore, payload that is not a
 * SOAP envelope) the variable is emptied and {@value #ERROR_VARIABLE} says why; the Scenario Reply Assertion
 * with {@code securedPerSample} reports that sample as an error, not as an incorrect reply.
 *
 * <p>Cost: the party (keystores) is built once per run and shared by all threads ({@link WsSecurityClients});
 * each thread's clone reads the plain payload once. Per sample: parse, sign, encrypt, serialise.
 */
public class FreshSecuredRequest extends AbstractTestElement implements PreProcessor, Serializable {

    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(FreshSecuredRequest.class);

    public static final String PAYLOAD_FILE = "FreshSecuredRequest.payloadFile";
    public static final String KEYSTORE_DIR = "FreshSecuredRequest.keystoreDir";
    public static final String ALGORITHM_SUITE = "FreshSecuredRequest.algorithmSuite";
    public static final String TTL_SECONDS = "FreshSecuredRequest.ttlSeconds";
    public static final String VARIABLE = "FreshSecuredRequest.variable";

    public static final String DEFAULT_TTL_SECONDS = "300";
    public static final String DEFAULT_VARIABLE = "wsRequest";
    /** Set (to the reason) when the last request of this thread could not be secured, removed otherwise. */
    public static final String ERROR_VARIABLE = "wsSecuringError";

    /** What one thread secures with: built on its first sample and whenever a property changes. */
    private record Setup(String payload, String keystores, String suite, String ttl, byte[] plain,
            WsSecurityParty party, Duration lifetime) {

        boolean matches(String otherPayload, String otherKeystores, String otherSuite, String otherTtl) {
            return payload.equals(otherPayload) && keystores.equals(otherKeystores) && suite.equals(otherSuite)
                && ttl.equals(otherTtl);
        }
    }

    private transient Setup setup;
    private transient boolean errorLogged;

    @Override
    public void process() {
        JMeterVariables vars = getThreadContext().getVariables();
        String variable = getVariable();
        try {
            Setup current = currentSetup();
            byte[] secured = current.party().secure(current.plain(), current.lifetime());
            vars.put(variable, new String(secured, StandardCharsets.UTF_8));
            if (vars.get(ERROR_VARIABLE) != null) {
                vars.remove(ERROR_VARIABLE);
            }
        } catch (RuntimeException e) {
            vars.put(variable, "");
            vars.put(ERROR_VARIABLE, String.valueOf(e.getMessage()));
            if (!errorLogged) {
                errorLogged = true;
                log.error("{}: cannot secure the request (reported once per thread)", getName(), e);
            }
        }
    }

    private Setup currentSetup() {
        String payload = getPayloadFile();
        String keystores = getKeystoreDir();
        String suite = getAlgorithmSuite();
        String ttl = getTtlSeconds();
        Setup known = setup;
        if (known != null && known.matches(payload, keystores, suite, ttl)) {
            return known;
        }
        if (payload.isBlank()) {
            throw new IllegalArgumentException("no payload file set");
        }
        if (keystores.isBlank()) {
            throw new IllegalArgumentException("no keystore folder set");
        }
        Path payloadFile = ScenarioReplyAssertion.resolve(payload);
        byte[] plain;
        try {
            plain = Files.readAllBytes(payloadFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the plain request " + payloadFile, e);
        }
        AlgorithmSuite algorithms = ScenarioReplyAssertion.suite(suite);
        WsSecurityParty party = WsSecurityClients.client(ScenarioReplyAssertion.resolve(keystores), algorithms);
        setup = new Setup(payload, keystores, suite, ttl, plain, party, Duration.ofSeconds(parseTtl(ttl)));
        return setup;
    }

    static long parseTtl(String text) {
        String trimmed = Objects.requireNonNullElse(text, "").trim();
        if (trimmed.isEmpty()) {
            trimmed = DEFAULT_TTL_SECONDS;
        }
        long seconds;
        try {
            seconds = Long.parseLong(trimmed);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Timestamp lifetime must be whole seconds, got '" + trimmed + "'", e);
        }
        if (seconds < 1) {
            throw new IllegalArgumentException("Timestamp lifetime must be at least 1 s, got " + seconds);
        }
        return seconds;
    }

    public String getPayloadFile() {
        return getPropertyAsString(PAYLOAD_FILE).trim();
    }

    public void setPayloadFile(String path) {
        setProperty(PAYLOAD_FILE, path);
    }

    public String getKeystoreDir() {
        return getPropertyAsString(KEYSTORE_DIR).trim();
    }

    public void setKeystoreDir(String path) {
        setProperty(KEYSTORE_DIR, path);
    }

    public String getAlgorithmSuite() {
        return getPropertyAsString(ALGORITHM_SUITE).trim();
    }

    public void setAlgorithmSuite(String suite) {
        setProperty(ALGORITHM_SUITE, suite);
    }

    public String getTtlSeconds() {
        return getPropertyAsString(TTL_SECONDS, DEFAULT_TTL_SECONDS).trim();
    }

    public void setTtlSeconds(String seconds) {
        setProperty(TTL_SECONDS, seconds);
    }

    public String getVariable() {
        String name = getPropertyAsString(VARIABLE).trim();
        return name.isEmpty() ? DEFAULT_VARIABLE : name;
    }

    public void setVariable(String name) {
        setProperty(VARIABLE, name);
    }
}
