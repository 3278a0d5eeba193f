package org.esbbench.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.assertions.JSR223Assertion;
import org.apache.jmeter.modifiers.JSR223PreProcessor;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JSR223TestElement;
import org.esbbench.core.Payloads;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Runs the inline Groovy scripts of the example user plan {@code jmx/examples/groovy-price-check.jmx} — read
 * from the plan file itself, so what is tested is what the plan runs — in JMeter's own JSR223 Assertion and
 * PreProcessor with Groovy 3.0.20 as JMeter 5.6.3 ships it, configured as the plan configures them. Checks
 * the plan keeps the suite's script rules (Groovy, compiled script cached, no {@code ${...}} in an inline
 * script), that the reply rule passes a correct reply and fails each kind of wrong one with the suite's
 * message prefixes, and that the pre-processor gives every request a new id.
 */
class GroovyPriceCheckScriptTest {

    /** Surefire runs in the module folder. */
    private static final Path PLAN = Path.of("..", "jmx", "examples", "groovy-price-check.jmx").toAbsolutePath().normalize();

    private static Element replyRule;
    private static Element requestId;

    @TempDir
    Path dir;

    private byte[] request;
    private JMeterVariables vars;

    @BeforeAll
    static void jmeterPropertiesAndThePlansScripts() throws Exception {
        JMeterProperties.load();
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document plan = factory.newDocumentBuilder().parse(PLAN.toFile());
        replyRule = onlyEnabled(plan, "JSR223Assertion");
        requestId = onlyEnabled(plan, "JSR223PreProcessor");
    }

    private static Element onlyEnabled(Document plan, String tag) {
        NodeList elements = plan.getElementsByTagName(tag);
        List<Element> enabled = new ArrayList<>();
        for (int i = 0; i < elements.getLength(); i++) {
            Element element = (Element) elements.item(i);
            if (!"false".equals(element.getAttribute("enabled"))) {
                enabled.add(element);
            }
        }
        assertThat(enabled).as("enabled %s elements in %s", tag, PLAN).hasSize(1);
        return enabled.get(0);
    }

    private static String prop(Element element, String name) {
        NodeList props = element.getElementsByTagName("stringProp");
        for (int i = 0; i < props.getLength(); i++) {
            Element prop = (Element) props.item(i);
            if (name.equals(prop.getAttribute("name"))) {
                return prop.getTextContent();
            }
        }
        return "";
    }

    /** Configures a JSR223 element from the plan's saved properties, as JMeter's TestBeanHelper does in a run. */
    private static <T extends JSR223TestElement> T fromPlan(T element, Element saved) {
        element.setName(saved.getAttribute("testname"));
        element.setScriptLanguage(prop(saved, "scriptLanguage"));
        element.setCacheKey(prop(saved, "cacheKey"));
        element.setFilename(prop(saved, "filename"));
        element.setParameters(prop(saved, "parameters"));
        element.setScript(prop(saved, "script"));
        return element;
    }

    @BeforeEach
    void request() throws IOException {
        request = Payloads.soap(1024);
        Path file = Files.write(dir.resolve("buyStocks-1024.xml"), request);
        vars = new JMeterVariables();
        vars.put("payloadFile", file.toString());
        JMeterContextService.getContext().setVariables(vars);
    }

    private static JSR223Assertion priceCheck() {
        return fromPlan(new JSR223Assertion(), replyRule);
    }

    @Test
    void theScriptsKeepTheSuitesRulesGroovyCompiledOnceNoVariableReferences() {
        for (Element element : List.of(replyRule, requestId)) {
            assertThat(prop(element, "scriptLanguage")).isEqualTo("groovy");
            assertThat(prop(element, "cacheKey")).isEqualTo("true");
            assertThat(prop(element, "filename")).isEmpty();
            assertThat(prop(element, "script")).isNotBlank().doesNotContain("${");
        }
    }

    private static SampleResult reply(String code, byte[] body) {
        HTTPSampleResult sample = new HTTPSampleResult();
        sample.setResponseCode(code);
        sample.setResponseMessage(code.equals("200") ? "OK" : "Non HTTP response message: Connection refused");
        sample.setResponseData(body);
        sample.setSuccessful(code.equals("200"));
        return sample;
    }

    private String replace(String from, String to) {
        String text = new String(request, StandardCharsets.UTF_8);
        assertThat(text).contains(from);
        return text.replaceFirst(java.util.regex.Pattern.quote(from), to);
    }

    private AssertionResult check(String code, String body) {
        return priceCheck().getResult(reply(code, body.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void passesTheEchoedRequest() {
        AssertionResult result = priceCheck().getResult(reply("200", request.clone()));

        assertThat(result.isFailure()).as(result.getFailureMessage()).isFalse();
        assertThat(result.isError()).as(result.getFailureMessage()).isFalse();
    }

    @Test
    void passesAReplyWithTheSameFirstOrderInAnotherEnvelope() {
        String reformatted = "<?xml version=\"1.0\"?>\n<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<s:Body><m:buyStocks xmlns:m=\"http://services.samples/xsd\">\n  <order>\n"
            + "<symbol>IBM</symbol><buyerID>other</buyerID><price>140.34</price></order></m:buyStocks></s:Body></s:Envelope>";
        assertThat(new String(request, StandardCharsets.UTF_8)).contains("<symbol>IBM</symbol>", "<price>140.34</price>");

        AssertionResult result = check("200", reformatted);

        assertThat(result.isFailure()).as(result.getFailureMessage()).isFalse();
    }

    @Test
    void failsAnotherPriceAsAnIncorrectReply() {
        AssertionResult result = check("200", replace("<price>140.34</price>", "<price>140.35</price>"));

        assertThat(result.isFailure()).isTrue();
        assertThat(result.isError()).isFalse();
        assertThat(result.getFailureMessage()).isEqualTo("incorrect reply: first order price 140.35, expected 140.34");
    }

    @Test
    void failsAnotherSymbolAsAnIncorrectReply() {
        AssertionResult result = check("200", replace("<symbol>IBM</symbol>", "<symbol>MSFT</symbol>"));

        assertThat(result.getFailureMessage()).isEqualTo("incorrect reply: first order symbol MSFT, expected IBM");
    }

    @Test
    void failsAReplyThatIsNotWellFormedEvenIfTheFirstOrderMatches() {
        String truncated = new String(request, StandardCharsets.UTF_8).substring(0, request.length - 40);

        AssertionResult result = check("200", truncated);

        assertThat(result.isFailure()).isTrue();
        assertThat(result.getFailureMessage()).startsWith("incorrect reply: not well-formed XML");
    }

    @Test
    void failsAFaultStatusAnEmptyBodyAndAReplyWithoutOrders() {
        assertThat(priceCheck().getResult(reply("500", request.clone())).getFailureMessage())
            .isEqualTo("incorrect reply: status 500, expected 200");
        assertThat(check("200", "").getFailureMessage()).isEqualTo("incorrect reply: empty body");
        assertThat(check("200", "<Envelope><Body/></Envelope>").getFailureMessage())
            .isEqualTo("incorrect reply: no <order> in the reply");
    }

    @Test
    void reportsNoReplyAsATransportErrorNotAnIncorrectReply() {
        AssertionResult result = check("Non HTTP response code: java.net.ConnectException", "");

        assertThat(result.isFailure()).isTrue();
        assertThat(result.getFailureMessage()).startsWith("transport error: ")
            .contains("Connection refused").doesNotContain("incorrect reply");
    }

    @Test
    void isAnAssertionErrorWhenTheRequestFileIsMissing() {
        vars.put("payloadFile", dir.resolve("absent.xml").toString());

        AssertionResult result = priceCheck().getResult(reply("200", request.clone()));

        assertThat(result.isError()).isTrue();
        assertThat(result.getFailureMessage()).doesNotStartWith("incorrect reply");
    }

    @Test
    void keepsPassingAndFailingOverManySamplesOfOneThread() {
        JSR223Assertion assertion = priceCheck();
        byte[] wrong = replace("<price>140.34</price>", "<price>1.00</price>").getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 200; i++) {
            boolean bad = i % 3 == 0;
            AssertionResult result = assertion.getResult(reply("200", bad ? wrong : request.clone()));
            assertThat(result.isFailure()).as("sample %d: %s", i, result.getFailureMessage()).isEqualTo(bad);
        }
    }

    @Test
    void preProcessorGivesEachRequestANewId() {
        JSR223PreProcessor preProcessor = fromPlan(new JSR223PreProcessor(), requestId);

        preProcessor.process();
        String first = vars.get("requestId");
        preProcessor.process();
        String second = vars.get("requestId");

        assertThat(first).isNotBlank();
        assertThat(second).isNotBlank().isNotEqualTo(first);
    }
}
