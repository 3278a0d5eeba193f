package org.esbbench.maven.targets;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.Templates;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;

import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.check.ReplyChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The server-side artefacts of the Synapse-based target profiles ({@code wso2-mi}, {@code synapse}) cannot
 * be run here (neither server is in the reachable registries), and no Synapse XSD resolves either: this
 * checks what can be checked without the server. Every artefact is well-formed and named as Synapse
 * deploys it; every endpoint of the profile names a proxy, API or queue that exists; every key a proxy
 * refers to exists; both XSLTs compile as deployed and are inverses on a generated payload.
 */
class SynapseArtefactsTest {

    private static final String SYNAPSE_NS = "http://ws.apache.org/ns/synapse";
    private static final String XSL_NS = "http://www.w3.org/1999/XSL/Transform";
    private static final String SP_NS = "http://schemas.xmlsoap.org/ws/2005/07/securitypolicy";
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path TARGETS = ROOT.resolve("config/targets");

    /** Folder of each artefact kind, and the root element Synapse expects there. */
    private static final Map<String, String> ROOT_ELEMENT_OF_FOLDER = Map.of(
            "proxy-services", "proxy", "endpoints", "endpoint", "local-entries", "localEntry", "api", "api");

    /** Element names of the order data and their reversed names (docs/scenarios.md, xslt). */
    private static final Map<String, String> REVERSED = Map.of("buyStocks", "skcotSyub", "order", "redro",
            "symbol", "lobmys", "buyerID", "DIreyub", "price", "ecirp", "volume", "emulov");

    @ParameterizedTest
    @ValueSource(strings = {"wso2-mi", "synapse"})
    void everyArtefactIsWellFormedAndNamedAsSynapseDeploysIt(String target) throws Exception {
        List<Path> files = artefactFiles(target);
        assertThat(files).hasSizeGreaterThanOrEqualTo(13);
        for (Path file : files) {
            Element root = parse(file).getDocumentElement();
            String folder = file.getParent().getFileName().toString();

            assertThat(root.getNamespaceURI()).as(file.toString()).isEqualTo(SYNAPSE_NS);
            assertThat(root.getLocalName()).as(file.toString()).isEqualTo(ROOT_ELEMENT_OF_FOLDER.get(folder));
            String name = root.hasAttribute("key") ? root.getAttribute("key") : root.getAttribute("name");
            assertThat(name + ".xml").as(file.toString()).isEqualTo(file.getFileName().toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"wso2-mi", "synapse"})
    void theProfileSaysWhatItCoversWhereItsArtefactsAreAndWhetherTheyRunHere(String target) throws Exception {
        Properties profile = profile(target);

        assertThat(profile.getProperty("description")).isNotBlank();
        assertThat(profile.getProperty("deploy")).isNotBlank();
        if (target.equals("wso2-mi")) {
            assertThat(profile.getProperty("run.here")).startsWith("no: ");
            assertThat(profile.getProperty("start")).isEqualTo("false");
        } else {
            // Apache Synapse runs here: the build lays it out and the suite starts it (smoke-synapse measures it).
            assertThat(profile.getProperty("run.here")).startsWith("yes: ").contains("smoke-synapse");
            assertThat(profile.getProperty("server.command")).contains("synapse-server/target/synapse-home")
                    .contains("${jvm.flags}");
            assertThat(profile.getProperty("default.wsMode")).isEqualTo("fresh");
        }
        assertThat(ROOT.resolve(profile.getProperty("artefacts"))).isEqualTo(TARGETS.resolve(target))
                .isDirectory();
        assertThat(TARGETS.resolve(target).resolve("README.md")).isRegularFile();
        Set<String> scenarios = scenarios(profile);
        assertThat(scenarios).containsExactlyInAnyOrderElementsOf(Scenario.ids());
        for (String id : scenarios) {
            assertThat(profile.getProperty("endpoint." + id)).as("endpoint." + id).isNotBlank();
        }
        assertThat(endpointIds(profile)).isSubsetOf(scenarios);
        assertThat(profile.getProperty("port")).isEqualTo(target.equals("wso2-mi") ? "8290" : "8280");
    }

    @ParameterizedTest
    @ValueSource(strings = {"wso2-mi", "synapse"})
    void everyEndpointOfTheProfileNamesAProxyApiOrQueueThatExists(String target) throws Exception {
        Properties profile = profile(target);
        Artefacts artefacts = new Artefacts(target);

        for (String id : endpointIds(profile)) {
            String endpoint = profile.getProperty("endpoint." + id);
            if (Scenario.byId(id) == Scenario.JMS) {
                assertThat(artefacts.jmsDestinations()).as("endpoint.jms").contains(endpoint);
            } else if (endpoint.startsWith("/services/")) {
                String proxyName = endpoint.substring("/services/".length()).split("[/?]", 2)[0];
                Element proxy = artefacts.proxy(proxyName)
                        .orElseThrow(() -> new AssertionError("endpoint." + id + ": no proxy " + proxyName));
                assertThat(proxy.getAttribute("transports").split("\\s+")).as(proxyName).contains("http");
            } else {
                assertThat(artefacts.apiPaths()).as("endpoint." + id).contains(endpoint);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"wso2-mi", "synapse"})
    void everyKeyAProxyOrApiRefersToExists(String target) throws Exception {
        Artefacts artefacts = new Artefacts(target);
        Set<String> endpoints = artefacts.names("endpoints");
        Set<String> localEntries = artefacts.names("local-entries");

        List<String> checked = new ArrayList<>();
        for (Document document : artefacts.documentsIn("proxy-services", "api")) {
            for (Element endpoint : synapseElements(document, "endpoint")) {
                if (endpoint.hasAttribute("key")) {
                    assertThat(endpoints).contains(endpoint.getAttribute("key"));
                    checked.add(endpoint.getAttribute("key"));
                }
            }
            for (String kind : List.of("xslt", "policy")) {
                for (Element reference : synapseElements(document, kind)) {
                    assertThat(localEntries).contains(reference.getAttribute("key"));
                    checked.add(reference.getAttribute("key"));
                }
            }
        }
        assertThat(checked).contains("EchoService", "xslt_request", "xslt_reply", "security_policy");
    }

    @ParameterizedTest
    @ValueSource(strings = {"wso2-mi", "synapse"})
    void theXsltsCompileAsDeployedAndReverseTheNamesAndBack(String target) throws Exception {
        Artefacts artefacts = new Artefacts(target);
        Templates request = compile(artefacts.stylesheet("xslt_request"));
        Templates reply = compile(artefacts.stylesheet("xslt_reply"));
        byte[] payload = Payloads.soap(1024);

        byte[] reversed = transform(request, payload);
        byte[] restored = transform(reply, reversed);

        Document renamed = parse(reversed);
        Document original = parse(payload);
        for (Map.Entry<String, String> names : REVERSED.entrySet()) {
            assertThat(renamed.getElementsByTagNameNS("*", names.getKey()).getLength()).as(names.getKey()).isZero();
            assertThat(renamed.getElementsByTagNameNS("*", names.getValue()).getLength()).as(names.getValue())
                    .isEqualTo(original.getElementsByTagNameNS("*", names.getKey()).getLength())
                    .isPositive();
        }
        assertThat(renamed.getElementsByTagNameNS("http://services.samples/xsd", "skcotSyub").getLength()).isOne();
        // The suite's own check of the xslt scenario: the reply is XML-equivalent to the request.
        assertThat(ReplyChecks.forScenario(Scenario.XSLT, payload).check(200, restored)).isNull();
        assertThat(ReplyChecks.forScenario(Scenario.XSLT, payload).check(200, reversed)).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"xslt_request:request.xsl", "xslt_reply:reply.xsl"})
    void theInlinedStylesheetsAreTheReferenceServers(String pair) throws Exception {
        String[] names = pair.split(":");
        Element reference = parse(ROOT.resolve("reference-esb/src/main/resources/xslt/" + names[1])).getDocumentElement();
        for (String target : List.of("wso2-mi", "synapse")) {
            Element inlined = new Artefacts(target).stylesheet(names[0]);

            assertThat(stripped(inlined).isEqualNode(stripped(reference))).as(target + " " + names[0]).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"wso2-mi", "synapse"})
    void theSecureProxyHasAPolicyForTheSuitesModernAlgorithms(String target) throws Exception {
        Artefacts artefacts = new Artefacts(target);
        Element proxy = artefacts.proxy("SecureProxy").orElseThrow();
        Document policy = parse(artefacts.file("local-entries", "security_policy"));

        assertThat(synapseElements(proxy.getOwnerDocument(), "enableSec")).hasSize(1);
        assertThat(synapseElements(proxy.getOwnerDocument(), "policy").get(0).getAttribute("key")).isEqualTo("security_policy");
        for (String assertion : List.of("AsymmetricBinding", "Basic256Sha256", "IncludeTimestamp", "SignedParts", "EncryptedParts")) {
            assertThat(policy.getElementsByTagNameNS(SP_NS, assertion).getLength()).as(assertion).isOne();
        }
        assertThat(policy.getElementsByTagNameNS(SP_NS, "InclusiveC14N").getLength()).as("exclusive C14N").isZero();
        for (String part : List.of("SignedParts", "EncryptedParts")) {
            Element parts = (Element) policy.getElementsByTagNameNS(SP_NS, part).item(0);
            assertThat(parts.getElementsByTagNameNS(SP_NS, "Body").getLength()).as(part).isOne();
        }
        String rampart = text(policy.getElementsByTagNameNS("http://ws.apache.org/rampart/policy", "RampartConfig").item(0));
        assertThat(rampart).contains(target.equals("synapse") ? "server.jks" : "server.p12").contains("useReqSigCert");
    }

    /**
     * The two folders hold the same artefacts but for the differences Apache Synapse 3.0.1 needs, each one listed in
     * both READMEs: the policy's crypto, JSON read through the builder, a url-mapping instead of a uri-template, no
     * scope="default" on the header mediator, and the JMS reply built before it is sent.
     */
    @Test
    void theApacheSynapseFolderDiffersFromTheMicroIntegratorsOnlyWhereTheEngineNeedsIt() throws Exception {
        Map<String, String> mi = contents("wso2-mi");
        Map<String, String> synapse = contents("synapse");

        assertThat(synapse.keySet()).isEqualTo(mi.keySet());
        Set<String> different = mi.keySet().stream().filter(name -> !mi.get(name).equals(synapse.get(name)))
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(different).containsExactly("api/EchoAPI.xml", "local-entries/security_policy.xml",
                "proxy-services/JMSProxy.xml", "proxy-services/SOAPProxy.xml", "proxy-services/SecureProxy.xml");
        // The WS-SecurityPolicy itself is the same; only the RampartConfig differs.
        assertThat(policyWithoutRampartConfig("wso2-mi").isEqualNode(policyWithoutRampartConfig("synapse"))).isTrue();
        // The header mediators differ only by the Micro Integrator's scope="default" (SOAP is the default).
        for (String proxy : List.of("SOAPProxy", "SecureProxy")) {
            Document fromMi = parse(new Artefacts("wso2-mi").file("proxy-services", proxy));
            for (Element header : synapseElements(fromMi, "header")) {
                assertThat(header.getAttribute("scope")).isEqualTo("default");
                header.removeAttribute("scope");
            }
            Element fromSynapse = parse(new Artefacts("synapse").file("proxy-services", proxy)).getDocumentElement();
            assertThat(stripped(fromMi.getDocumentElement()).isEqualNode(stripped(fromSynapse))).as(proxy).isTrue();
        }
        // JMSProxy: one property mediator more, the first of the out sequence, which reads (and so builds) the reply.
        Document jmsMi = parse(new Artefacts("wso2-mi").file("proxy-services", "JMSProxy"));
        Document jmsSynapse = parse(new Artefacts("synapse").file("proxy-services", "JMSProxy"));
        Element out = synapseElements(jmsSynapse, "outSequence").get(0);
        Element build = firstElementChild(out);
        assertThat(build.getLocalName()).isEqualTo("property");
        assertThat(build.getAttribute("expression")).contains("$body");
        out.removeChild(build);
        assertThat(stripped(jmsMi.getDocumentElement()).isEqualNode(stripped(jmsSynapse.getDocumentElement()))).isTrue();
        // The API: matched by url-mapping here, by uri-template in the Micro Integrator; the same path.
        Element resourceMi = synapseElements(parse(new Artefacts("wso2-mi").file("api", "EchoAPI")), "resource").get(0);
        Element resourceSynapse = synapseElements(parse(new Artefacts("synapse").file("api", "EchoAPI")), "resource").get(0);
        assertThat(resourceSynapse.getAttribute("url-mapping")).isEqualTo(resourceMi.getAttribute("uri-template"));
        assertThat(resourceSynapse.hasAttribute("uri-template")).isFalse();
        // Every difference is listed in both READMEs.
        for (String file : different) {
            assertThat(Files.readString(TARGETS.resolve("synapse/README.md"))).as("synapse README").contains(file);
            assertThat(Files.readString(TARGETS.resolve("wso2-mi/README.md"))).as("wso2-mi README").contains(file);
        }
    }

    private static Element firstElementChild(Element parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n.getNodeType() == Node.ELEMENT_NODE) {
                return (Element) n;
            }
        }
        throw new AssertionError("no element in " + parent.getLocalName());
    }

    // ---- helpers --------------------------------------------------------------------------------------

    /** The artefacts of one target folder, parsed. */
    private static final class Artefacts {
        private final String target;

        Artefacts(String target) {
            this.target = target;
        }

        Path file(String folder, String name) {
            return TARGETS.resolve(target).resolve("synapse-configs/default").resolve(folder).resolve(name + ".xml");
        }

        Set<String> names(String folder) throws IOException {
            try (Stream<Path> files = Files.list(TARGETS.resolve(target).resolve("synapse-configs/default").resolve(folder))) {
                return files.map(f -> f.getFileName().toString().replaceFirst("\\.xml$", ""))
                        .collect(Collectors.toCollection(TreeSet::new));
            }
        }

        List<Document> documentsIn(String... folders) throws Exception {
            List<Document> documents = new ArrayList<>();
            for (String folder : folders) {
                for (String name : names(folder)) {
                    documents.add(parse(file(folder, name)));
                }
            }
            return documents;
        }

        Optional<Element> proxy(String name) throws Exception {
            Path file = file("proxy-services", name);
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            Element proxy = parse(file).getDocumentElement();
            return proxy.getAttribute("name").equals(name) ? Optional.of(proxy) : Optional.empty();
        }

        /** Queues of the proxies that listen on JMS. */
        Set<String> jmsDestinations() throws Exception {
            Set<String> queues = new TreeSet<>();
            for (Document proxy : documentsIn("proxy-services")) {
                if (Arrays.asList(proxy.getDocumentElement().getAttribute("transports").split("\\s+")).contains("jms")) {
                    for (Element parameter : synapseElements(proxy, "parameter")) {
                        if (parameter.getAttribute("name").equals("transport.jms.Destination")) {
                            queues.add(parameter.getTextContent().trim());
                        }
                    }
                }
            }
            return queues;
        }

        /** context + uri-template (or url-mapping) of every API resource. */
        Set<String> apiPaths() throws Exception {
            Set<String> paths = new TreeSet<>();
            for (Document api : documentsIn("api")) {
                String context = api.getDocumentElement().getAttribute("context");
                for (Element resource : synapseElements(api, "resource")) {
                    paths.add(context + (resource.hasAttribute("url-mapping") ? resource.getAttribute("url-mapping")
                            : resource.getAttribute("uri-template")));
                }
            }
            return paths;
        }

        /** The xsl:stylesheet inside a local entry, in its deployed context (Synapse's default namespace). */
        Element stylesheet(String key) throws Exception {
            Element entry = parse(file("local-entries", key)).getDocumentElement();
            assertThat(entry.getAttribute("key")).isEqualTo(key);
            NodeList stylesheets = entry.getElementsByTagNameNS(XSL_NS, "stylesheet");
            assertThat(stylesheets.getLength()).as(key).isOne();
            return (Element) stylesheets.item(0);
        }
    }

    private static List<Path> artefactFiles(String target) throws IOException {
        try (Stream<Path> files = Files.walk(TARGETS.resolve(target).resolve("synapse-configs/default"))) {
            return files.filter(f -> f.toString().endsWith(".xml")).sorted().collect(Collectors.toList());
        }
    }

    private static Map<String, String> contents(String target) throws IOException {
        Path base = TARGETS.resolve(target).resolve("synapse-configs/default");
        Map<String, String> contents = new TreeMap<>();
        for (Path file : artefactFiles(target)) {
            contents.put(base.relativize(file).toString().replace('\\', '/'), Files.readString(file));
        }
        return contents;
    }

    private static Node policyWithoutRampartConfig(String target) throws Exception {
        Document policy = parse(new Artefacts(target).file("local-entries", "security_policy"));
        Node rampart = policy.getElementsByTagNameNS("http://ws.apache.org/rampart/policy", "RampartConfig").item(0);
        rampart.getParentNode().removeChild(rampart);
        return stripped(policy.getDocumentElement());
    }

    private static Properties profile(String target) throws IOException {
        Properties profile = new Properties();
        try (Reader reader = Files.newBufferedReader(TARGETS.resolve(target + ".properties"))) {
            profile.load(reader);
        }
        return profile;
    }

    private static Set<String> scenarios(Properties profile) {
        return Arrays.stream(profile.getProperty("scenarios").split(",")).map(String::trim)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> endpointIds(Properties profile) {
        return profile.stringPropertyNames().stream().filter(key -> key.startsWith("endpoint."))
                .map(key -> key.substring("endpoint.".length())).collect(Collectors.toCollection(TreeSet::new));
    }

    private static List<Element> synapseElements(Document document, String localName) {
        NodeList nodes = document.getElementsByTagNameNS(SYNAPSE_NS, localName);
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            elements.add((Element) nodes.item(i));
        }
        return elements;
    }

    private static String text(Node node) {
        return node.getTextContent();
    }

    private static DocumentBuilder builder() throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        return factory.newDocumentBuilder();
    }

    private static Document parse(Path file) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            return builder().parse(in, file.toUri().toString());
        }
    }

    private static Document parse(byte[] xml) throws Exception {
        return builder().parse(new java.io.ByteArrayInputStream(xml));
    }

    /** A deep copy without comments and whitespace-only text: what a stylesheet means, not its layout. */
    private static Node stripped(Element element) {
        Node copy = element.cloneNode(true);
        strip(copy);
        copy.normalize();
        return copy;
    }

    private static void strip(Node node) {
        Node child = node.getFirstChild();
        while (child != null) {
            Node next = child.getNextSibling();
            boolean blank = child.getNodeType() == Node.TEXT_NODE && child.getNodeValue().isBlank();
            if (blank || child.getNodeType() == Node.COMMENT_NODE) {
                node.removeChild(child);
            } else {
                strip(child);
            }
            child = next;
        }
    }

    /**
     * Compiles the stylesheet as it sits in its local entry: serialised from there with the namespaces in
     * scope (Synapse's default namespace included), then compiled, as Synapse's XSLT mediator reads an
     * inline local entry.
     */
    private static Templates compile(Element stylesheet) throws Exception {
        TransformerFactory factory = TransformerFactory.newInstance();
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        ByteArrayOutputStream serialised = new ByteArrayOutputStream();
        factory.newTransformer().transform(new DOMSource(stylesheet), new StreamResult(serialised));
        return factory.newTemplates(new StreamSource(new java.io.ByteArrayInputStream(serialised.toByteArray())));
    }

    private static byte[] transform(Templates templates, byte[] xml) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        templates.newTransformer().transform(new StreamSource(new java.io.ByteArrayInputStream(xml)), new StreamResult(out));
        return out.toByteArray();
    }
}
