package org.esbbench.jmeter;

import java.io.File;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.Locale;

import org.apache.jmeter.assertions.Assertion;
import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.esbbench.core.Scenario;
import org.esbbench.core.check.ReplyCheck;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Verifies every reply against what its scenario must return (core's {@code ReplyChecks}), so a
 * truncated, corrupted or wrongly routed reply fails the sample even with status 200.
 *
 * <p>Failure messages are the contract with the analysis:
 * <ul>
 *   <li>{@value #INCORRECT_REPLY}… — a reply arrived and differs from the expected one;</li>
 *   <li>{@value #TRANSPORT_ERROR}… — no reply arrived (refused, reset, timed out, no JMS reply), or the server
 *       answered with a gateway status (502, 503, 504: its call to the backend failed);</li>
 *   <li>{@value #CHECK_NOT_POSSIBLE}… — the check could not be set up (unknown scenario, missing payload
 *       file, keystore); marked as an assertion error.</li>
 * </ul>
 *
 * <p>Properties: {@value #SCENARIO} (a scenario id), {@value #PAYLOAD_FILE} (the file the sampler sent;
 * relative paths resolve against the plan's folder like JMeter's own file fields) and, for ws-security,
 * {@value #KEYSTORE_DIR} and {@value #ALGORITHM_SUITE}. For ws-security the payload file is the pooled
 * secured request {@code <n>.xml}; the expected body is its plain original {@code <n>.plain.xml}. With
 * {@value #SECURED_PER_SAMPLE} {@code true} ({@code wsMode=fresh}: {@link FreshSecuredRequest} secures each
 * request as it is sent) the payload file is the plain request and itself the expected body; a request the
 * pre-processor could not secure is reported as {@value #CHECK_NOT_POSSIBLE}…, an error.
 *
 * <p>For {@code jms} the reply must also be correlated with the request ({@link JmsCorrelation}).
 *
 * <p>Cost per sample: the check is built once per expectation and shared (see {@link ReplyCheckCache});
 * each thread's clone also remembers its last expectation, so a plan with one payload pays a string
 * comparison and the check itself. With the JMeter property {@code esbbench.checkTiming=true} the assertion times
 * itself and logs the mean at the end ({@link CheckTiming}, for the check-cost benchmark).
 */
public class ScenarioReplyAssertion extends AbstractTestElement implements Assertion, TestStateListener, Serializable {

    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(ScenarioReplyAssertion.class);

    public static final String SCENARIO = "scenario";
    public static final String PAYLOAD_FILE = "payloadFile";
    public static final String KEYSTORE_DIR = "keystoreDir";
    public static final String ALGORITHM_SUITE = "algorithmSuite";
    /** ws-security: "true" when the payload file is the plain request, secured per sample. */
    public static final String SECURED_PER_SAMPLE = "securedPerSample";

    public static final String INCORRECT_REPLY = "incorrect reply: ";
    public static final String TRANSPORT_ERROR = "transport error: ";
    public static final String CHECK_NOT_POSSIBLE = "reply check not possible: ";

    // Per-thread memo (JMeter clones this element per thread): the last expectation and its check.
    private transient String lastScenario;
    private transient String lastPayload;
    private transient ReplyCheck lastCheck;
    private transient boolean lastSecuredPerSample;

    @Override
    public AssertionResult getResult(SampleResult sample) {
        if (!CheckTiming.enabled()) {
            return verify(sample);
        }
        long start = System.nanoTime();
        try {
            return verify(sample);
        } finally {
            CheckTiming.add(System.nanoTime() - start);
        }
    }

    private AssertionResult verify(SampleResult sample) {
        AssertionResult result = new AssertionResult(getName());
        int status = ReplyStatus.of(sample);
        if (status == ReplyStatus.NO_REPLY) {
            return result.setResultForFailure(TRANSPORT_ERROR + describeNoReply(sample));
        }
        if (ReplyStatus.gatewayFailure(status)) {
            return result.setResultForFailure(TRANSPORT_ERROR + describeNoReply(sample) + " (the server's call to"
                + " its backend failed)");
        }
        ReplyCheck check;
        try {
            check = currentCheck();
        } catch (RuntimeException e) {
            result.setError(true);
            result.setFailureMessage(CHECK_NOT_POSSIBLE + e.getMessage());
            return result;
        }
        if (lastSecuredPerSample) {
            String notSecured = getThreadContext().getVariables().get(FreshSecuredRequest.ERROR_VARIABLE);
            if (notSecured != null) {
                result.setError(true);
                result.setFailureMessage(CHECK_NOT_POSSIBLE + "the request was not secured: " + notSecured);
                return result;
            }
        }
        String difference = check.check(status, sample.getResponseData());
        if (difference == null && Scenario.JMS.id().equals(lastScenario)) {
            difference = JmsCorrelation.difference(sample);
        }
        if (difference != null) {
            result.setResultForFailure(INCORRECT_REPLY + difference);
        }
        return result;
    }

    private ReplyCheck currentCheck() {
        String scenarioId = getScenario();
        String payload = getPayloadFile();
        if (lastCheck != null && scenarioId.equals(lastScenario) && payload.equals(lastPayload)) {
            return lastCheck;
        }
        ReplyExpectation expectation = expectation(scenarioId, payload);
        ReplyCheck check = ReplyCheckCache.checkFor(expectation);
        lastScenario = scenarioId;
        lastPayload = payload;
        lastCheck = check;
        lastSecuredPerSample = expectation.securedPerSample();
        return check;
    }

    private ReplyExpectation expectation(String scenarioId, String payload) {
        if (payload.isBlank()) {
            throw new IllegalArgumentException("no payload file set");
        }
        Scenario scenario = Scenario.byId(scenarioId);
        Path payloadFile = resolve(payload);
        if (scenario != Scenario.WS_SECURITY) {
            return new ReplyExpectation(scenario, payloadFile, null, null);
        }
        String keystores = getKeystoreDir();
        if (keystores.isBlank()) {
            throw new IllegalArgumentException("ws-security needs the keystore folder (" + KEYSTORE_DIR + ")");
        }
        return new ReplyExpectation(scenario, payloadFile, resolve(keystores), suite(getAlgorithmSuite()),
            isSecuredPerSample());
    }

    static AlgorithmSuite suite(String name) {
        String trimmed = name.trim();
        if (trimmed.isEmpty()) {
            return AlgorithmSuite.MODERN;
        }
        try {
            return AlgorithmSuite.valueOf(trimmed.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown algorithm suite '" + trimmed + "' (MODERN or CLASSIC)", e);
        }
    }

    /** Like JMeter's file fields: relative to the plan's folder. */
    static Path resolve(String path) {
        File file = FileServer.getFileServer().getResolvedFile(path.trim());
        return file.toPath().toAbsolutePath().normalize();
    }

    private static String describeNoReply(SampleResult sample) {
        String code = sample.getResponseCode();
        String message = sample.getResponseMessage();
        StringBuilder text = new StringBuilder();
        if (code != null && !code.isBlank()) {
            text.append(code.trim());
        }
        if (message != null && !message.isBlank()) {
            if (text.length() > 0) {
                text.append(" / ");
            }
            text.append(message.trim());
        }
        return text.length() == 0 ? "no reply" : text.toString();
    }

    @Override
    public void testStarted() {
        CheckTiming.reset();
        prepareWsSecurityClient();
    }

    /**
     * Loads the ws-security client's keystores and WSS4J, and warms the verification ({@link WsSecurityWarmUp}),
     * before the first thread group starts. Built lazily instead, the first reply's check took seconds on a cold
     * JVM while every other thread waited for it; the threads then verified their backlog at once, and on a 2-core
     * machine that burst starved the open model's arrivals for over a second at the start of a measurement
     * window. A setting that does not resolve yet is left to the first reply's check, which says what is wrong.
     */
    private void prepareWsSecurityClient() {
        if (!Scenario.WS_SECURITY.id().equals(getScenario())) {
            return;
        }
        String keystores = getKeystoreDir().trim();
        String suite = getAlgorithmSuite();
        if (keystores.isEmpty() || keystores.contains("${") || suite.contains("${")) {
            return;
        }
        try {
            Path folder = resolve(keystores);
            AlgorithmSuite algorithms = suite(suite);
            if (WsSecurityClients.has(folder, algorithms)) {
                return; // another copy of this assertion (the plan's other thread group) prepared it
            }
            long start = System.nanoTime();
            int verified = WsSecurityWarmUp.run(folder, algorithms, WsSecurityWarmUp.BUDGET);
            WsSecurityClients.client(folder, algorithms);
            log.info("ws-security client ready before the load: {} replies verified in {} ms to warm the JVM", verified,
                (System.nanoTime() - start) / 1_000_000);
        } catch (RuntimeException e) {
            log.debug("ws-security client not prepared before the test: {}", e.getMessage());
        }
    }

    @Override
    public void testStarted(String host) {
        testStarted();
    }

    @Override
    public void testEnded() {
        String timing = CheckTiming.summary();
        if (timing != null) {
            log.info(timing);
        }
        if (log.isDebugEnabled()) {
            log.debug("{} reply checks were built", ReplyCheckCache.size());
        }
        // Payloads and keys may be regenerated before the next run in the same JVM (the GUI, a remote engine):
        // forgotten at the end, not the start, so that what testStarted prepared is kept for the run.
        ReplyCheckCache.clear();
    }

    @Override
    public void testEnded(String host) {
        testEnded();
    }

    public String getScenario() {
        return getPropertyAsString(SCENARIO).trim();
    }

    public void setScenario(String scenarioId) {
        setProperty(SCENARIO, scenarioId);
    }

    public String getPayloadFile() {
        return getPropertyAsString(PAYLOAD_FILE);
    }

    public void setPayloadFile(String path) {
        setProperty(PAYLOAD_FILE, path);
    }

    public String getKeystoreDir() {
        return getPropertyAsString(KEYSTORE_DIR);
    }

    public void setKeystoreDir(String path) {
        setProperty(KEYSTORE_DIR, path);
    }

    public String getAlgorithmSuite() {
        return getPropertyAsString(ALGORITHM_SUITE);
    }

    public void setAlgorithmSuite(String suite) {
        setProperty(ALGORITHM_SUITE, suite);
    }

    /** Read when the check is built (the memo is keyed on scenario and payload file), not per sample. */
    public boolean isSecuredPerSample() {
        return Boolean.parseBoolean(getPropertyAsString(SECURED_PER_SAMPLE).trim());
    }

    public String getSecuredPerSample() {
        return getPropertyAsString(SECURED_PER_SAMPLE);
    }

    /** "true" or "false" (or a ${variable}); false, the default, is not saved. */
    public void setSecuredPerSample(String securedPerSample) {
        String value = securedPerSample == null || securedPerSample.isBlank() ? "false" : securedPerSample.trim();
        setProperty(SECURED_PER_SAMPLE, value, "false");
    }
}
