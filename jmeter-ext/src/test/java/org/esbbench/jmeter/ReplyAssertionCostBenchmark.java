package org.esbbench.jmeter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.samplers.SampleResult;
import org.esbbench.core.Payloads;

/**
 * Client CPU that the reply assertion adds to one sample, as JMeter calls it: a fresh sample result
 * holding the reply, then {@link ScenarioReplyAssertion#getResult}. Prints microseconds per sample for
 * 1 KiB, 10 KiB, 100 KiB and 1 MiB and each check kind, after a warm-up, on one thread. Not a test: a figure
 * to compare with JMeter's own cost per HTTP sample (roughly 60-95 us at 1 KiB on a small machine).
 *
 * <pre>
 * mvn -pl jmeter-ext test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=org.esbbench.jmeter.ReplyAssertionCostBenchmark
 * </pre>
 */
public final class ReplyAssertionCostBenchmark {

    private static final int WARMUP_MS = 3000;
    private static final int MEASURE_MS = 5000;
    private static int sink;

    private ReplyAssertionCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        JMeterProperties.load();
        Path dir = Files.createTempDirectory("reply-cost");
        System.out.println("scenario     size     us/sample  (check kind)");
        for (int size : new int[] {1024, 10240, 102400, 1024 * 1024}) {
            byte[] soap = Payloads.soap(size);
            byte[] json = Payloads.json(size);
            Path soapFile = Files.write(dir.resolve("buyStocks-" + size + ".xml"), soap);
            Path jsonFile = Files.write(dir.resolve("buyStocks-" + size + ".json"), json);
            baseline(size, soap);
            report("direct", size, soapFile, soap, "byte-identical");
            report("xslt", size, soapFile, soap, "XML-equivalent, repeat of an accepted reply");
            report("soap", size, soapFile, soap, "Body content, repeat of an accepted reply");
            report("rest", size, jsonFile, json, "JSON-equal, repeat of an accepted reply");
        }
    }

    private static void report(String scenario, int size, Path payload, byte[] reply, String kind) {
        ScenarioReplyAssertion assertion = new ScenarioReplyAssertion();
        assertion.setScenario(scenario);
        assertion.setPayloadFile(payload.toString());
        run(assertion, reply, WARMUP_MS);
        double nanos = run(assertion, reply, MEASURE_MS);
        System.out.printf(Locale.ROOT, "%-12s %6d   %9.2f  (%s)%n", scenario, size, nanos / 1000.0, kind);
    }

    /** Copying the reply and building the sample result: included in the figures above, paid without checks too. */
    private static void baseline(int size, byte[] reply) {
        run(null, reply, WARMUP_MS);
        double nanos = run(null, reply, MEASURE_MS);
        System.out.printf(Locale.ROOT, "%-12s %6d   %9.2f  (%s)%n", "(baseline)", size, nanos / 1000.0,
            "copy of the reply and a sample result, no check");
    }

    /** @return mean nanoseconds per sample over about {@code millis}; no assertion: the baseline */
    private static double run(ScenarioReplyAssertion assertion, byte[] reply, long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        long samples = 0;
        long start = System.nanoTime();
        long now = start;
        while (now < end) {
            for (int i = 0; i < 256; i++) {
                // A fresh copy, as every reply arrives in a new array.
                SampleResult sample = sample(reply.clone());
                if (assertion == null) {
                    sink ^= sample.getResponseData().length;
                    continue;
                }
                AssertionResult result = assertion.getResult(sample);
                if (result.isFailure() || result.isError()) {
                    throw new IllegalStateException(result.getFailureMessage());
                }
            }
            samples += 256;
            now = System.nanoTime();
        }
        return (double) (now - start) / samples;
    }

    private static SampleResult sample(byte[] body) {
        HTTPSampleResult sample = new HTTPSampleResult();
        sample.setResponseCode("200");
        sample.setResponseData(body);
        sample.setSuccessful(true);
        return sample;
    }
}
