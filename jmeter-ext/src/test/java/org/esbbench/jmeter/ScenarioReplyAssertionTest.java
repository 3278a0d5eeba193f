package org.esbbench.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.samplers.SampleResult;
import org.esbbench.core.Payloads;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.TestKeystores;
import org.esbbench.core.wssec.WsSecurityParty;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioReplyAssertionTest {

    @TempDir
    Path dir;

    private byte[] soap;
    private Path soapFile;
    private Path jsonFile;

    @BeforeAll
    static void jmeterProperties() {
        JMeterProperties.load();
    }

    @BeforeEach
    void payloads() throws IOException {
        ReplyCheckCache.clear();
        soap = Payloads.soap(1024);
        soapFile = Files.write(dir.resolve("buyStocks-1024.xml"), soap);
        jsonFile = Files.write(dir.resolve("buyStocks-1024.json"), Payloads.json(1024));
    }

    private static ScenarioReplyAssertion assertion(String scenario, Path payload) {
        ScenarioReplyAssertion assertion = new ScenarioReplyAssertion();
        assertion.setName("verify reply");
        assertion.setScenario(scenario);
        assertion.setPayloadFile(payload.toString());
        return assertion;
    }

    private static SampleResult httpReply(String code, byte[] body) {
        HTTPSampleResult sample = new HTTPSampleResult();
        sample.setResponseCode(code);
        sample.setResponseData(body);
        sample.setSuccessful(code.startsWith("2"));
        return sample;
    }

    @Test
    void acceptsTheByteIdenticalEcho() {
        AssertionResult result = assertion("direct", soapFile).getResult(httpReply("200", soap.clone()));

        assertThat(result.isFailure()).isFalse();
        assertThat(result.isError()).isFalse();
    }

    @Test
    void rejectsATruncatedReply() {
        byte[] truncated = Arrays.copyOf(soap, soap.length - 1);

        AssertionResult result = assertion("direct", soapFile).getResult(httpReply("200", truncated));

        assertThat(result.isFailure()).isTrue();
        assertThat(result.getFailureMessage()).startsWith(ScenarioReplyAssertion.INCORRECT_REPLY);
    }

    @Test
    void rejectsOneFlippedByte() {
        byte[] flipped = soap.clone();
        flipped[flipped.length / 2] ^= 0x01;

        AssertionResult result = assertion("cbr-body", soapFile).getResult(httpReply("200", flipped));

        assertThat(result.isFailure()).isTrue();
        assertThat(result.getFailureMessage()).startsWith(ScenarioReplyAssertion.INCORRECT_REPLY);
    }

    @Test
    void rejectsAnEmpty200() {
        AssertionResult result = assertion("direct", soapFile).getResult(httpReply("200", new byte[0]));

        assertThat(result.isFailure()).isTrue();
        assertThat(result.getFailureMessage()).startsWith(ScenarioReplyAssertion.INCORRECT_REPLY);
    }

    @Test
    void rejectsTheReplyOfAnotherScenario() {
        // A REST plan answered with the SOAP echo of a proxy: a route that served the wrong service.
        AssertionResult result = assertion("rest", jsonFile).getResult(httpReply("200", soap.clone()));

        assertThat(result.isFailure()).isTrue();
        assertThat(result.getFailureMessage()).startsWith(ScenarioReplyAssertion.INCORRECT_REPLY);
    }

    @Test
    void rejectsTheRightBodyWithAnErrorStatus() {
        AssertionResult result = assertion("direct", soapFile).getResult(httpReply("500", soap.clone()));

        assertThat(result.isFailure()).isTrue();
        assertThat(result.getFailureMessage()).startsWith(ScenarioReplyAssertion.INCORRECT_REPLY);
    }

    @Test
    void reportsARefusedConnectionAsATransportErrorNotAnIncorrectReply() {
        HTTPSampleResult refused = new HTTPSampleResult();
        refused.setResponseCode("Non HTTP response code: java.net.ConnectException");
        refused.setResponseMessage("Non HTTP response message: Connection refused");
        refused.setSuccessful(false);

        AssertionResult result = assertion("direct", soapFile).getResult(refused);

        assertThat(result.isFailure()).isTrue();
        assertThat(result.getFailureMessage())
            .startsWith(ScenarioReplyAssertion.TRANSPORT_ERROR)
            .contains("Connection refused")
            .doesNotContain(ScenarioReplyAssertion.INCORRECT_REPLY);
    }

    @Test
    void reportsAGatewayStatusOfTheServerAsATransportErrorNotAnIncorrectReply() {
        for (String code : new String[]{"502", "503", "504"}) {
            AssertionResult result = assertion("direct", soapFile).getResult(httpReply(code, "<fault/>".getBytes()));

            assertThat(result.isFailure()).as(code).isTrue();
            assertThat(result.getFailureMessage()).as(code)
                .startsWith(ScenarioReplyAssertion.TRANSPORT_ERROR + code)
                .contains("the server's call to its backend failed");
        }
    }

    @Test
    void reportsAMissingJmsReplyAsATransportError() {
        SampleResult noReply = new SampleResult();
        noReply.setResponseMessage("No reply message received");
        noReply.setSuccessful(false);

        AssertionResult result = assertion("jms", soapFile).getResult(noReply);

        assertThat(result.getFailureMessage()).startsWith(ScenarioReplyAssertion.TRANSPORT_ERROR);
    }

    @Test
    void acceptsTheJmsReplyWithTheRequestBody() {
        SampleResult reply = jmsReply(soap, "JMSCorrelationId null\nJMSMessageId     ID:42\n",
            "JMSCorrelationId ID:42\nJMSMessageId     ID:43\n");

        AssertionResult result = assertion("jms", soapFile).getResult(reply);

        assertThat(result.isFailure()).as(result.getFailureMessage()).isFalse();
    }

    @Test
    void marksAnUnknownScenarioAsAnErrorOfTheCheckItself() {
        AssertionResult result = assertion("no-such-scenario", soapFile).getResult(httpReply("200", soap.clone()));

        assertThat(result.isError()).isTrue();
        assertThat(result.getFailureMessage()).startsWith(ScenarioReplyAssertion.CHECK_NOT_POSSIBLE);
    }

    @Test
    void marksAMissingPayloadFileAsAnErrorOfTheCheckItself() {
        AssertionResult result = assertion("direct", dir.resolve("absent.xml")).getResult(httpReply("200", soap.clone()));

        assertThat(result.isError()).isTrue();
        assertThat(result.getFailureMessage()).startsWith(ScenarioReplyAssertion.CHECK_NOT_POSSIBLE).contains("absent.xml");
    }

    @Test
    void buildsOneCheckPerExpectationForAllThreads() {
        ScenarioReplyAssertion first = assertion("direct", soapFile);
        ScenarioReplyAssertion second = (ScenarioReplyAssertion) first.clone();

        first.getResult(httpReply("200", soap.clone()));
        second.getResult(httpReply("200", soap.clone()));
        assertion("cbr-body", soapFile).getResult(httpReply("200", soap.clone()));

        assertThat(ReplyCheckCache.size()).isEqualTo(2);
    }

    @Test
    void isThreadSafeUnderConcurrentThreads() throws InterruptedException {
        ScenarioReplyAssertion template = assertion("direct", soapFile);
        int threads = 8;
        int[] failures = new int[threads];
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int index = t;
            ScenarioReplyAssertion mine = (ScenarioReplyAssertion) template.clone();
            workers[t] = new Thread(() -> {
                for (int i = 0; i < 2_000; i++) {
                    byte[] reply = soap.clone();
                    if (i % 2 == 1) {
                        reply[i % reply.length] ^= 0x20;
                    }
                    boolean failed = mine.getResult(httpReply("200", reply)).isFailure();
                    if (failed != (i % 2 == 1)) {
                        failures[index]++;
                    }
                }
            });
            workers[t].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }

        assertThat(failures).containsOnly(0);
        assertThat(ReplyCheckCache.size()).isEqualTo(1);
    }

    @Test
    void acceptsXmlJsonAndSoapRepliesThatMatchTheirRule() {
        assertThat(assertion("xslt", soapFile).getResult(httpReply("200", soap.clone())).isFailure()).isFalse();
        assertThat(assertion("soap", soapFile).getResult(httpReply("200", soap.clone())).isFailure()).isFalse();
        assertThat(assertion("rest", jsonFile).getResult(httpReply("200", Payloads.json(1024))).isFailure()).isFalse();
    }

    @Test
    void rejectsAnXsltReplyThatIsNotXmlEquivalent() {
        byte[] renamed = new String(soap, StandardCharsets.UTF_8).replace("<symbol>IBM</symbol>", "<lobmys>IBM</lobmys>")
            .getBytes(StandardCharsets.UTF_8);

        AssertionResult result = assertion("xslt", soapFile).getResult(httpReply("200", renamed));

        assertThat(result.getFailureMessage()).startsWith(ScenarioReplyAssertion.INCORRECT_REPLY + "not XML-equivalent");
    }

    @Test
    void acceptsASecuredReplyAndRejectsOneWithABrokenSignature() throws Exception {
        Path keys = Files.createDirectories(dir.resolve("keys"));
        TestKeystores.write(keys, Duration.ofDays(2));
        Path pool = Files.createDirectories(dir.resolve("wssec/modern/1024"));
        Path secured = Files.write(pool.resolve("1.xml"),
            WsSecurityParty.client(keys, AlgorithmSuite.MODERN).secure(soap));
        Files.write(pool.resolve("1.plain.xml"), soap);
        byte[] reply = WsSecurityParty.server(keys, AlgorithmSuite.MODERN).secure(soap);
        ScenarioReplyAssertion assertion = assertion("ws-security", secured);
        assertion.setKeystoreDir(keys.toString());
        assertion.setAlgorithmSuite("modern");

        AssertionResult good = assertion.getResult(httpReply("200", reply));
        AssertionResult broken = assertion.getResult(httpReply("200", withBrokenSignature(reply)));

        assertThat(good.isFailure()).as(good.getFailureMessage()).isFalse();
        assertThat(broken.isFailure()).isTrue();
        assertThat(broken.getFailureMessage()).startsWith(ScenarioReplyAssertion.INCORRECT_REPLY + "reply fails WS-Security");
    }

    @Test
    void loadsTheWsSecurityKeysBeforeTheLoadAndForgetsThemAfterIt() throws Exception {
        Path keys = Files.createDirectories(dir.resolve("keys"));
        TestKeystores.write(keys, Duration.ofDays(2));
        ScenarioReplyAssertion assertion = assertion("ws-security", soapFile);
        assertion.setKeystoreDir(keys.toString());
        assertion.setAlgorithmSuite("modern");

        assertion.testStarted();
        int prepared = WsSecurityClients.size();
        assertion.testEnded();

        assertThat(prepared).as("client parties built before the first reply").isEqualTo(1);
        assertThat(WsSecurityClients.size()).as("after the test").isZero();
    }

    @Test
    void leavesAnUnresolvedOrMissingKeystoreToTheFirstReplysCheck() {
        ScenarioReplyAssertion unresolved = assertion("ws-security", soapFile);
        unresolved.setKeystoreDir("${keystoreDir}");
        ScenarioReplyAssertion missing = assertion("ws-security", soapFile);
        missing.setKeystoreDir(dir.resolve("no-such-folder").toString());

        unresolved.testStarted();
        missing.testStarted();

        assertThat(WsSecurityClients.size()).isZero();
        AssertionResult result = missing.getResult(httpReply("200", soap.clone()));
        assertThat(result.isError()).isTrue();
        assertThat(result.getFailureMessage()).startsWith(ScenarioReplyAssertion.CHECK_NOT_POSSIBLE);
    }

    /** Flips one character of the base64 SignatureValue: the XML stays well-formed, the signature does not verify. */
    private static byte[] withBrokenSignature(byte[] secured) {
        String text = new String(secured, StandardCharsets.UTF_8);
        int start = text.indexOf(">", text.indexOf("SignatureValue")) + 1;
        char c = text.charAt(start + 10);
        char other = c == 'A' ? 'B' : 'A';
        return (text.substring(0, start + 10) + other + text.substring(start + 11)).getBytes(StandardCharsets.UTF_8);
    }

    private static SampleResult jmsReply(byte[] body, String requestHeaders, String replyHeaders) {
        SampleResult reply = new SampleResult();
        reply.setResponseData(new String(body, StandardCharsets.UTF_8), StandardCharsets.UTF_8.name());
        reply.setResponseOK();
        reply.setSuccessful(true);
        reply.setRequestHeaders(requestHeaders);
        reply.setResponseHeaders(replyHeaders);
        return reply;
    }

    @Test
    void rejectsAJmsReplyCorrelatedWithAnotherRequest() {
        String request = "JMSCorrelationId null\nJMSMessageId     ID:request-1\n";

        AssertionResult matched = assertion("jms", soapFile)
            .getResult(jmsReply(soap, request, "JMSCorrelationId ID:request-1\nJMSMessageId     ID:reply-9\n"));
        AssertionResult other = assertion("jms", soapFile)
            .getResult(jmsReply(soap, request, "JMSCorrelationId ID:request-2\nJMSMessageId     ID:reply-9\n"));

        assertThat(matched.isFailure()).as(matched.getFailureMessage()).isFalse();
        assertThat(other.getFailureMessage())
            .isEqualTo(ScenarioReplyAssertion.INCORRECT_REPLY + "reply correlation ID ID:request-2, expected ID:request-1");
    }

    @Test
    void saysHowMuchOfATruncatedReplyArrived() {
        byte[] big = Payloads.soap(102400);
        AssertionResult result;
        try {
            Path file = Files.write(dir.resolve("buyStocks-102400.xml"), big);
            result = assertion("direct", file).getResult(httpReply("200", Arrays.copyOf(big, 16384)));
        } catch (IOException e) {
            throw new AssertionError(e);
        }

        assertThat(result.getFailureMessage()).contains("16384 of 102400 bytes");
    }
}
