package org.esbbench.maven.targets;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.check.ReplyChecks;
import org.esbbench.core.xml.XmlDocuments;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * What can be checked of the Mule 4 application (config/targets/mule4) without a Mule runtime, which the
 * package registries here do not have: the files are well-formed, the flows serve exactly what the
 * profile (config/targets/mule4.properties) promises at its endpoints and ports, every reference inside
 * the application resolves, the faults carry the texts of docs/scenarios.md, and the stylesheets the
 * flows apply turn the suite's payloads into replies the suite's own checks accept. The DataWeave
 * conditions of the choice routers cannot be evaluated here.
 */
class Mule4ApplicationTest {

    static final Path APP = TargetProfileFilesTest.TARGETS.resolve("mule4");
    static final Path RESOURCES = APP.resolve("src/main/resources");

    private static final String CORE_NS = "http://www.mulesoft.org/schema/mule/core";
    private static final String HTTP_NS = "http://www.mulesoft.org/schema/mule/http";
    private static final String JMS_NS = "http://www.mulesoft.org/schema/mule/jms";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]+)}");

    private static Document flows;
    private static Properties settings;
    private static Properties profile;

    @BeforeAll
    static void load() throws Exception {
        flows = parse(APP.resolve("src/main/mule/esb-bench.xml"));
        settings = properties(RESOURCES.resolve("esb-bench.properties"));
        profile = properties(TargetProfileFilesTest.TARGETS.resolve("mule4.properties"));
    }

    @Test
    void everyHttpScenarioOfTheProfileHasAFlowListeningAtItsEndpointThatCallsTheBackend() {
        Map<String, Element> flowsByPath = flowsByListenerPath();
        for (Scenario scenario : profileScenarios()) {
            if (!scenario.isHttp()) {
                continue;
            }
            String endpoint = profile.getProperty("endpoint." + scenario.id(), scenario.defaultEndpoint());
            Element flow = flowsByPath.get(endpoint);
            assertThat(flow).as("flow listening at %s for %s", endpoint, scenario.id()).isNotNull();
            assertThat(descendants(flow, HTTP_NS, "request")).as("backend call of %s", scenario.id())
                    .isNotEmpty().allSatisfy(request -> assertThat(request.getAttribute("config-ref")).isEqualTo("backend"));
        }
        assertThat(flowsByPath).as("one listener per HTTP scenario, none more")
                .hasSize((int) profileScenarios().stream().filter(Scenario::isHttp).count());
    }

    @Test
    void theJmsFlowListensOnTheProfilesRequestQueue() {
        assertThat(profileScenarios()).contains(Scenario.JMS);
        List<Element> listeners = descendants(flows.getDocumentElement(), JMS_NS, "listener");

        assertThat(listeners).hasSize(1);
        assertThat(resolve(listeners.get(0).getAttribute("destination"))).isEqualTo(profile.getProperty("endpoint.jms"));
        assertThat(resolve("${broker.url}")).isEqualTo(profile.getProperty("jms.provider.url"));
    }

    @Test
    void theListenerAndBackendSettingsAreThoseOfTheProfile() throws Exception {
        Element listenerConnection = descendants(flows.getDocumentElement(), HTTP_NS, "listener-connection").get(0);
        Element backendConnection = descendants(flows.getDocumentElement(), HTTP_NS, "request-connection").get(0);

        assertThat(resolve(listenerConnection.getAttribute("host"))).isEqualTo(profile.getProperty("host"));
        assertThat(resolve(listenerConnection.getAttribute("port"))).isEqualTo(profile.getProperty("port")).isEqualTo("8081");
        URI backend = new URI(profile.getProperty("backend.url"));
        assertThat(resolve(backendConnection.getAttribute("host"))).isEqualTo(backend.getHost());
        assertThat(resolve(backendConnection.getAttribute("port"))).isEqualTo(Integer.toString(backend.getPort()));
        assertThat(resolve("${backend.path}")).isEqualTo(backend.getPath());
    }

    @Test
    void everyConfigRefPropertyAndFileReferenceResolvesInsideTheApplication() {
        Set<String> globals = new HashSet<>();
        for (Element child : children(flows.getDocumentElement())) {
            if (child.hasAttribute("name")) {
                globals.add(child.getAttribute("name"));
            }
        }
        List<String> unresolved = new ArrayList<>();
        forEachElement(flows.getDocumentElement(), element -> {
            NamedNodeMap attributes = element.getAttributes();
            for (int i = 0; i < attributes.getLength(); i++) {
                Node attribute = attributes.item(i);
                String name = attribute.getNodeName();
                if ((name.equals("config-ref") || name.endsWith("-ref")) && !globals.contains(attribute.getNodeValue())) {
                    unresolved.add(name + "=" + attribute.getNodeValue());
                }
                unresolved.addAll(unresolvedPlaceholders(attribute.getNodeValue()));
            }
            if (!children(element).iterator().hasNext()) {
                unresolved.addAll(unresolvedPlaceholders(element.getTextContent()));
            }
        });
        assertThat(unresolved).isEmpty();
        assertThat(globals).contains("listener", "backend", "broker", "faults");
    }

    @Test
    void theContentBasedFlowsAnswerAMismatchWithTheScenariosFaults() throws Exception {
        Map<String, Element> flowsByPath = flowsByListenerPath();
        Map<Scenario, String> expected = Map.of(
                Scenario.CBR_BODY, "First order must be for the symbol IBM",
                Scenario.CBR_SOAP_HEADER, "Invalid routing header",
                Scenario.CBR_TRANSPORT_HEADER, "Invalid routing header");
        for (Map.Entry<Scenario, String> entry : expected.entrySet()) {
            Element flow = flowsByPath.get(profile.getProperty("endpoint." + entry.getKey().id()));
            Element otherwise = descendants(flow, CORE_NS, "otherwise").get(0);
            Element status = descendants(otherwise, CORE_NS, "set-variable").get(0);
            Element payload = descendants(otherwise, CORE_NS, "set-payload").get(0);

            assertThat(status.getAttribute("variableName")).isEqualTo("httpStatus");
            assertThat(status.getAttribute("value")).isEqualTo("#[500]");
            Element fault = (Element) XmlDocuments.soapBody(XmlDocuments.parse(
                    payload.getAttribute("value").getBytes(StandardCharsets.UTF_8))).getFirstChild();
            assertThat(fault.getLocalName()).isEqualTo("Fault");
            assertThat(fault.getElementsByTagName("faultstring").item(0).getTextContent()).isEqualTo(entry.getValue());
            assertThat(fault.getElementsByTagName("faultcode").item(0).getTextContent()).isEqualTo("soapenv:Client");
        }
        // The routing value the conditions compare with is the one the suite sends.
        String conditions = String.join(" ", descendants(flows.getDocumentElement(), CORE_NS, "when").stream()
                .map(when -> when.getAttribute("expression")).toList());
        assertThat(conditions).contains("'" + Payloads.ROUTING_VALUE + "'", "attributes.headers." + Payloads.ROUTING_HEADER, "'IBM'");
    }

    @Test
    void theDescriptorAndThePomAreWhatTheMuleToolingReads() throws Exception {
        JsonNode descriptor = new ObjectMapper().readTree(APP.resolve("mule-artifact.json").toFile());
        Document pom = parse(APP.resolve("pom.xml"));

        assertThat(descriptor.path("minMuleVersion").asText()).startsWith("4.");
        assertThat(pom.getElementsByTagName("packaging").item(0).getTextContent()).isEqualTo("mule-application");
        assertThat(pom.getDocumentElement().getTextContent()).contains("mule-maven-plugin", "mule-http-connector",
                "mule-jms-connector", "mule-xml-module", "activemq-client");
    }

    @ParameterizedTest(name = "{0} B")
    @ValueSource(ints = {512, 10 * 1024, 100 * 1024})
    void theXsltStylesheetsRenameTheOrderDataAndTheirInverseRestoresIt(int size) throws Exception {
        byte[] request = Payloads.soap(size);

        byte[] toBackend = transform("xslt/request.xsl", request);
        byte[] reply = transform("xslt/reply.xsl", toBackend);

        String forwarded = new String(toBackend, StandardCharsets.UTF_8);
        assertThat(forwarded).contains("skcotSyub", "redro", "lobmys", "DIreyub", "ecirp", "emulov")
                .doesNotContain("buyStocks", "<order>", "<symbol>");
        assertThat(ReplyChecks.forScenario(Scenario.XSLT, request).check(200, reply)).isNull();
    }

    @ParameterizedTest(name = "{0} B")
    @ValueSource(ints = {512, 10 * 1024, 100 * 1024})
    void theSoapStylesheetDropsTheHeaderAndKeepsTheBodyContent(int size) throws Exception {
        byte[] request = Payloads.soap(size);

        byte[] toBackend = transform("xslt/soap-envelope.xsl", request);
        byte[] reply = transform("xslt/soap-envelope.xsl", toBackend);

        assertThat(XmlDocuments.soapHeader(XmlDocuments.parse(toBackend))).isNull();
        assertThat(ReplyChecks.forScenario(Scenario.SOAP, request).check(200, reply)).isNull();
    }

    private static List<Scenario> profileScenarios() {
        return Stream.of(profile.getProperty("scenarios").split(",")).map(String::strip).map(Scenario::byId).toList();
    }

    private static Map<String, Element> flowsByListenerPath() {
        Map<String, Element> byPath = new HashMap<>();
        for (Element flow : descendants(flows.getDocumentElement(), CORE_NS, "flow")) {
            for (Element listener : descendants(flow, HTTP_NS, "listener")) {
                assertThat(listener.getAttribute("config-ref")).isEqualTo("listener");
                assertThat(byPath.put(resolve(listener.getAttribute("path")), flow)).as("two flows at one path").isNull();
            }
        }
        return byPath;
    }

    /** The value with every ${key} replaced from esb-bench.properties. */
    private static String resolve(String value) {
        Matcher matcher = PLACEHOLDER.matcher(value);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String key = matcher.group(1);
            assertThat(settings.getProperty(key)).as("property %s", key).isNotNull();
            matcher.appendReplacement(out, Matcher.quoteReplacement(settings.getProperty(key)));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private static List<String> unresolvedPlaceholders(String text) {
        List<String> unresolved = new ArrayList<>();
        Matcher matcher = PLACEHOLDER.matcher(text);
        while (matcher.find()) {
            String key = matcher.group(1);
            boolean resolves = key.startsWith("file::")
                    ? Files.isRegularFile(RESOURCES.resolve(key.substring("file::".length())))
                    : settings.getProperty(key) != null;
            if (!resolves) {
                unresolved.add("${" + key + "}");
            }
        }
        return unresolved;
    }

    private static byte[] transform(String stylesheet, byte[] input) throws Exception {
        Transformer transformer = TransformerFactory.newInstance()
                .newTransformer(new StreamSource(RESOURCES.resolve(stylesheet).toFile()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        transformer.transform(new StreamSource(new java.io.ByteArrayInputStream(input)), new StreamResult(out));
        return out.toByteArray();
    }

    private static Document parse(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        try (InputStream in = Files.newInputStream(file)) {
            return factory.newDocumentBuilder().parse(in);
        }
    }

    private static Properties properties(Path file) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        }
        return properties;
    }

    private static List<Element> descendants(Element root, String namespace, String localName) {
        NodeList nodes = root.getElementsByTagNameNS(namespace, localName);
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            elements.add((Element) nodes.item(i));
        }
        return elements;
    }

    private static List<Element> children(Element parent) {
        List<Element> elements = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element) {
                elements.add(element);
            }
        }
        return elements;
    }

    private static void forEachElement(Element root, java.util.function.Consumer<Element> action) {
        action.accept(root);
        for (Element child : children(root)) {
            forEachElement(child, action);
        }
    }
}
