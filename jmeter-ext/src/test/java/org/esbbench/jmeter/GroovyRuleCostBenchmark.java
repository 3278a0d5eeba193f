package org.esbbench.jmeter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import javax.xml.parsers.DocumentBuilderFactory;

import org.apache.jmeter.assertions.Assertion;
import org.apache.jmeter.assertions.JSR223Assertion;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.esbbench.core.Payloads;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Client CPU of a Groovy reply rule in JMeter's JSR223 Assertion, one thread, after a warm-up: the example
 * plan's rule (jmx/examples/groovy-price-check.jmx) with the same reply every time (accepted again after an
 * array comparison) and with two correct replies in turn (each parsed), an empty Groovy script (what the JSR223
 * element itself costs) and the Scenario Reply Assertion for comparison. Single-threaded wall time: GC and JIT
 * threads are not counted (check-cost.sh measures all of JMeter's CPU). Not a test: figures for docs/groovy.md.
 * Run from the repository root (the default plan path is relative to it).
 *
 * <pre>
 * mvn -pl jmeter-ext test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=org.esbbench.jmeter.GroovyRuleCostBenchmark
 * </pre>
 */
public final class GroovyRuleCostBenchmark {

    private static final int WARMUP_MS = 4000;
    private static final int MEASURE_MS = 5000;
    private static int sink;

    private GroovyRuleCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        JMeterProperties.load();
        Path plan = Path.of(args.length > 0 ? args[0] : "jmx/examples/groovy-price-check.jmx");
        String rule = script(plan);
        Path dir = Files.createTempDirectory("groovy-cost");
        System.out.println("check                          size   us/sample");
        for (int size : new int[] {1024, 102400}) {
            byte[] soap = Payloads.soap(size);
            Path file = Files.write(dir.resolve("buyStocks-" + size + ".xml"), soap);
            JMeterVariables vars = new JMeterVariables();
            vars.put("payloadFile", file.toString());
            JMeterContextService.getContext().setVariables(vars);
            report("copy only", size, null, soap);
            report("Groovy: empty script", size, groovy("return"), soap);
            report("Groovy: example rule", size, groovy(rule), soap);
            byte[] other = java.util.Arrays.copyOf(soap, soap.length + 1);
            other[soap.length] = '\n';
            report("Groovy: rule, parse each", size, groovy(rule), soap, other);
            ScenarioReplyAssertion scenario = new ScenarioReplyAssertion();
            scenario.setScenario("direct");
            scenario.setPayloadFile(file.toString());
            report("Scenario Reply Assertion", size, scenario, soap);
        }
    }

    private static JSR223Assertion groovy(String script) {
        JSR223Assertion assertion = new JSR223Assertion();
        assertion.setName("bench");
        assertion.setScriptLanguage("groovy");
        assertion.setCacheKey("true");
        assertion.setFilename("");
        assertion.setParameters("");
        assertion.setScript(script);
        return assertion;
    }

    /** With two replies (both correct) sent in turn, so none repeats the last accepted one. */
    private static void report(String name, int size, Assertion assertion, byte[]... replies) {
        run(assertion, replies, WARMUP_MS);
        double nanos = run(assertion, replies, MEASURE_MS);
        System.out.printf(Locale.ROOT, "%-28s %7d   %9.2f%n", name, size, nanos / 1000.0);
    }

    private static double run(Assertion assertion, byte[][] replies, long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        long count = 0;
        long start = System.nanoTime();
        while (System.nanoTime() < end) {
            for (int i = 0; i < 100; i++) {
                HTTPSampleResult sample = new HTTPSampleResult();
                sample.setResponseCode("200");
                sample.setResponseData(replies[i % replies.length].clone());
                if (assertion != null) {
                    if (assertion.getResult(sample).isFailure()) {
                        throw new IllegalStateException("the correct reply failed");
                    }
                }
                sink += sample.getResponseData().length;
            }
            count += 100;
        }
        return (System.nanoTime() - start) / (double) count;
    }

    private static String script(Path plan) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document document = factory.newDocumentBuilder().parse(plan.toFile());
        NodeList props = ((Element) document.getElementsByTagName("JSR223Assertion").item(0)).getElementsByTagName("stringProp");
        for (int i = 0; i < props.getLength(); i++) {
            Element prop = (Element) props.item(i);
            if ("script".equals(prop.getAttribute("name"))) {
                return prop.getTextContent();
            }
        }
        throw new IllegalStateException("no script in " + plan);
    }
}
