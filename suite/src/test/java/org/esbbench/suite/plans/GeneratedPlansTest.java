package org.esbbench.suite.plans;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import org.esbbench.core.PayloadFormat;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** The plans in jmx/ are the generator's output, and have the shape every run relies on. */
class GeneratedPlansTest {

    private static final Path PLANS = Path.of("../jmx");
    private static final Path DATA = Path.of("../data");

    private static Document parse(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    private static Document plan(Scenario scenario) throws Exception {
        return parse(GeneratePlans.plans().get(ScenarioPlan.fileName(scenario)));
    }

    @Test
    void committedPlansAreTheGeneratorsOutput() throws Exception {
        assertThat(GeneratePlans.differences(PLANS))
            .as("plans differing from the generator: mvn -pl suite exec:java@generate-plans").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void numericFieldsThatHoldExpressionsAreStringProperties(Scenario scenario) throws Exception {
        Document plan = plan(scenario);
        for (String tag : List.of("intProp", "longProp")) {
            NodeList numbers = plan.getElementsByTagName(tag);
            for (int i = 0; i < numbers.getLength(); i++) {
                assertThat(numbers.item(i).getTextContent()).as(tag).doesNotContain("${");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void everySamplerHasTheReplyAssertionAndBothLoadModelsArePresent(Scenario scenario) throws Exception {
        Document plan = plan(scenario);
        String sampler = scenario.isHttp() ? "HTTPSamplerProxy" : "JMSSampler";

        Element samplerElement = (Element) plan.getElementsByTagName(sampler).item(0);
        Element samplerChildren = nextElement(samplerElement);

        assertThat(plan.getElementsByTagName(sampler).getLength()).isEqualTo(1);
        assertThat(samplerChildren.getElementsByTagName("org.esbbench.jmeter.ScenarioReplyAssertion").getLength())
            .isEqualTo(1);
        assertThat(plan.getElementsByTagName("com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroup")
            .getLength()).isEqualTo(1);
        assertThat(plan.getElementsByTagName("com.blazemeter.jmeter.threads.arrivals.ArrivalsThreadGroup")
            .getLength()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void perfMonIsPresentAndGatedOnItsHostProperty(Scenario scenario) throws Exception {
        Document plan = plan(scenario);
        Element gate = (Element) plan.getElementsByTagName("org.esbbench.jmeter.PropertyGatedFragment").item(0);

        assertThat(gate.getTextContent()).contains("perfmonHost");
        assertThat(nextElement(gate).getElementsByTagName("kg.apc.jmeter.perfmon.PerfMonCollector").getLength())
            .isEqualTo(1);
    }

    @Test
    void sharedParametersHaveTheSameNameAndDefaultInEveryPlan() {
        Map<String, String> http = defaults(Scenario.DIRECT);
        for (Scenario scenario : Scenario.values()) {
            Map<String, String> these = defaults(scenario);
            for (String name : List.of("model", "users", "rampup", "rate", "maxUsers", "warmup", "measurement",
                "size", "responseTimeout", "perfmonPort", "perfmonFile")) {
                assertThat(these.get(name)).as(scenario.id() + " " + name).isEqualTo(http.get(name));
            }
            if (scenario.isHttp()) {
                for (String name : List.of("host", "port", "protocol", "connectTimeout", "reuse")) {
                    assertThat(these.get(name)).as(scenario.id() + " " + name).isEqualTo(http.get(name));
                }
            }
            assertThat(these.get("path")).isEqualTo(scenario.defaultEndpoint());
        }
    }

    @Test
    void everyParameterIsDocumentedInTheReadmeWithItsDefault() throws Exception {
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        List<String> missing = new ArrayList<>();
        for (Scenario scenario : Scenario.values()) {
            for (PlanParameter parameter : PlanParameters.of(scenario)) {
                if (parameter.name().equals("path")) {
                    continue; // one default per scenario, listed in the endpoint table
                }
                String row = "| `" + parameter.name() + "` |";
                int at = readme.indexOf(row);
                if (at < 0 || !readme.substring(at, readme.indexOf('\n', at)).contains(parameter.defaultValue())) {
                    missing.add(parameter.name() + "=" + parameter.defaultValue());
                }
            }
        }
        assertThat(missing).as("parameters missing from suite/README.md's table (or with another default)").isEmpty();
    }

    @Test
    void committedPayloadsAreTheGeneratorsBytes() throws Exception {
        int checked = 0;
        for (PayloadFormat format : PayloadFormat.values()) {
            Path dir = DATA.resolve(format.name().toLowerCase(java.util.Locale.ROOT));
            try (var files = Files.list(dir)) {
                for (Path file : files.toList()) {
                    String name = file.getFileName().toString();
                    int size = Integer.parseInt(name.substring("buyStocks-".length(), name.lastIndexOf('.')));
                    assertThat(Files.readAllBytes(file)).as(name).isEqualTo(Payloads.of(format, size));
                    checked++;
                }
            }
        }
        assertThat(checked).isPositive();
    }

    private static Map<String, String> defaults(Scenario scenario) {
        Map<String, String> defaults = new java.util.HashMap<>();
        PlanParameters.of(scenario).forEach(p -> defaults.put(p.name(), p.defaultValue()));
        return defaults;
    }

    /** In a .jmx file an element's children are in the hashTree element that follows it. */
    private static Element nextElement(Node node) {
        Node next = node.getNextSibling();
        while (next != null && next.getNodeType() != Node.ELEMENT_NODE) {
            next = next.getNextSibling();
        }
        return (Element) next;
    }
}
