package org.esbbench.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.esbbench.core.Payloads;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.TestKeystores;
import org.esbbench.core.wssec.WsSecurityParty;
import org.esbbench.core.xml.XmlDocuments;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code wsMode=fresh}: every request secured anew, and the reply checked against the plain request. */
class FreshSecuredRequestTest {

    @TempDir
    static Path keys;

    @TempDir
    Path dir;

    private byte[] plain;
    private Path plainFile;
    private JMeterVariables vars;

    @BeforeAll
    static void jmeterPropertiesAndKeys() throws Exception {
        JMeterProperties.load();
        TestKeystores.write(keys, Duration.ofDays(2));
    }

    @BeforeEach
    void plainRequest() throws IOException {
        ReplyCheckCache.clear();
        plain = Payloads.soap(1024);
        plainFile = Files.write(dir.resolve("buyStocks-1024.xml"), plain);
        vars = new JMeterVariables();
        JMeterContextService.getContext().setVariables(vars);
    }

    private FreshSecuredRequest preProcessor(String suite) {
        FreshSecuredRequest request = new FreshSecuredRequest();
        request.setName("secure request");
        request.setPayloadFile(plainFile.toString());
        request.setKeystoreDir(keys.toString());
        request.setAlgorithmSuite(suite);
        return request;
    }

    private ScenarioReplyAssertion freshAssertion(String suite) {
        ScenarioReplyAssertion assertion = new ScenarioReplyAssertion();
        assertion.setName("verify reply");
        assertion.setScenario("ws-security");
        assertion.setPayloadFile(plainFile.toString());
        assertion.setKeystoreDir(keys.toString());
        assertion.setAlgorithmSuite(suite);
        assertion.setSecuredPerSample("true");
        return assertion;
    }

    private static HTTPSampleResult reply(byte[] body) {
        HTTPSampleResult sample = new HTTPSampleResult();
        sample.setResponseCode("200");
        sample.setResponseData(body);
        sample.setSuccessful(true);
        return sample;
    }

    @ParameterizedTest
    @EnumSource(AlgorithmSuite.class)
    void securesEveryRequestAnewSoTheServerAcceptsItAndGetsThePlainBody(AlgorithmSuite suite) throws Exception {
        FreshSecuredRequest request = preProcessor(suite.name().toLowerCase());
        WsSecurityParty server = WsSecurityParty.server(keys, suite);
        Set<String> sent = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            request.process();
            String secured = vars.get(FreshSecuredRequest.DEFAULT_VARIABLE);
            assertThat(vars.get(FreshSecuredRequest.ERROR_VARIABLE)).isNull();
            assertThat(secured).contains("wsse:Security", "Timestamp", "SignatureValue", "EncryptedData")
                .doesNotContain("<symbol>IBM</symbol>");
            sent.add(secured);

            byte[] received = server.verifyAndDecrypt(secured.getBytes(StandardCharsets.UTF_8));
            assertThat(XmlDocuments.parse(received).getElementsByTagName("symbol").item(0).getTextContent())
                .isEqualTo("IBM");
        }
        assertThat(sent).as("each request has its own Timestamp, signature and encryption").hasSize(3);
    }

    @ParameterizedTest
    @EnumSource(AlgorithmSuite.class)
    void checksTheServersReplyAgainstThePlainRequest(AlgorithmSuite suite) {
        String name = suite.name().toLowerCase();
        WsSecurityParty server = WsSecurityParty.server(keys, suite);
        byte[] good = server.secure(plain);
        byte[] otherBody = server.secure(Payloads.soapFirstSymbolNotIbm(1024));
        preProcessor(name).process();

        AssertionResult accepted = freshAssertion(name).getResult(reply(good));
        AssertionResult refused = freshAssertion(name).getResult(reply(otherBody));

        assertThat(accepted.isFailure()).as(accepted.getFailureMessage()).isFalse();
        assertThat(accepted.isError()).as(accepted.getFailureMessage()).isFalse();
        assertThat(refused.isFailure()).isTrue();
        assertThat(refused.getFailureMessage()).startsWith(ScenarioReplyAssertion.INCORRECT_REPLY);
    }

    @Test
    void aRequestThatCouldNotBeSecuredIsAnErrorNotAnIncorrectReply() {
        FreshSecuredRequest request = preProcessor("modern");
        request.setKeystoreDir(dir.resolve("no-keys").toString());

        request.process();

        assertThat(vars.get(FreshSecuredRequest.DEFAULT_VARIABLE)).isEmpty();
        assertThat(vars.get(FreshSecuredRequest.ERROR_VARIABLE)).isNotBlank();
        AssertionResult result = freshAssertion("modern").getResult(reply(new byte[0]));
        assertThat(result.isError()).isTrue();
        assertThat(result.getFailureMessage()).startsWith(ScenarioReplyAssertion.CHECK_NOT_POSSIBLE)
            .doesNotStartWith(ScenarioReplyAssertion.INCORRECT_REPLY);
    }

    @Test
    void sharesOnePartyBetweenThreadsAndReadsThePayloadOncePerThread() throws IOException {
        FreshSecuredRequest first = preProcessor("modern");
        FreshSecuredRequest second = (FreshSecuredRequest) first.clone();
        first.process();
        second.process();
        Files.delete(plainFile);

        first.process();

        assertThat(vars.get(FreshSecuredRequest.ERROR_VARIABLE)).isNull();
        assertThat(WsSecurityClients.client(keys, AlgorithmSuite.MODERN))
            .isSameAs(WsSecurityClients.client(keys, AlgorithmSuite.MODERN));
    }

    @Test
    void usesTheTimestampLifetimeItIsGiven() {
        FreshSecuredRequest request = preProcessor("modern");
        request.setTtlSeconds("60");

        request.process();

        String secured = vars.get(FreshSecuredRequest.DEFAULT_VARIABLE);
        String created = between(secured, "Created>", "<");
        String expires = between(secured, "Expires>", "<");
        assertThat(Duration.between(java.time.Instant.parse(created), java.time.Instant.parse(expires)))
            .isEqualTo(Duration.ofSeconds(60));
        assertThat(FreshSecuredRequest.parseTtl("")).isEqualTo(300);
    }

    private static String between(String text, String start, String end) {
        int from = text.indexOf(start) + start.length();
        return text.substring(from, text.indexOf(end, from));
    }
}
