package org.esbbench.maven.engines;

import org.esbbench.maven.parameters.InvalidRunException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.maven.engines.Engines.EngineAddress;
import org.esbbench.report.dashboard.JMeterInstallation;

/**
 * The engines' preflight, before any load: each engine's registry port must answer a TCP connect within
 * {@link #CONNECT_TIMEOUT}, then one JMeter client runs the probe plan ({@code EngineProbeSampler}, one sample on
 * every engine) and each engine's answer is compared with this side: the same JMeter version, the same esb-bench
 * extension, the load-share hook installed and seeing this test, sample timestamps at the start, and a clock within
 * {@link #CLOCK_SLACK_MS} of the client's. Any difference fails the start in seconds and names the engine.
 */
final class EngineProbe {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);
    /** The probe client: JVM start, RMI (over SSL), one sample per engine and the client's own tidy-up. */
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(40);
    static final long CLOCK_SLACK_MS = 1000;

    /** What one engine answered. */
    record Facts(Map<String, String> values) {
        String get(String key) {
            return values.getOrDefault(key, "");
        }

        long number(String key) {
            try {
                return Long.parseLong(get(key));
            } catch (NumberFormatException e) {
                return 0;
            }
        }
    }

    /** One engine that passed: its answer and how far its clock may be off. */
    record Passed(EngineAddress engine, Facts facts, long clockBoundMs) {
    }

    private EngineProbe() {
    }

    /** Every engine's registry port accepts a TCP connection within 3 s (tried in parallel), or the engines that do not are named. */
    static void requireReachable(List<EngineAddress> engines) throws InvalidRunException {
        List<CompletableFuture<Optional<String>>> tries = engines.stream()
                .map(e -> CompletableFuture.supplyAsync(() -> unreachable(e, CONNECT_TIMEOUT))).toList();
        List<String> problems = tries.stream().map(CompletableFuture::join).flatMap(Optional::stream).toList();
        if (!problems.isEmpty()) {
            throw new InvalidRunException(String.join("; ", problems) + " (is its JMeter engine running, and the port"
                    + " open from this machine? scripts/jmeter-engine.sh starts one)");
        }
    }

    /** Why an engine's registry port does not answer, or empty when it does. */
    static Optional<String> unreachable(EngineAddress engine, Duration timeout) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(engine.host(), engine.registryPort()), (int) timeout.toMillis());
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(engine.id() + " (" + engine.address() + ") does not answer on its RMI registry port within "
                    + timeout.toSeconds() + " s: " + e.getMessage());
        }
    }

    /** The probe plan: one thread, one probe sample. */
    static String plan() {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3">
                  <hashTree>
                    <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="esb-bench engine probe">
                      <elementProp name="TestPlan.user_defined_variables" elementType="Arguments" guiclass="ArgumentsPanel" testclass="Arguments">
                        <collectionProp name="Arguments.arguments"/>
                      </elementProp>
                    </TestPlan>
                    <hashTree>
                      <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="probe">
                        <intProp name="ThreadGroup.num_threads">1</intProp>
                        <intProp name="ThreadGroup.ramp_time">0</intProp>
                        <stringProp name="ThreadGroup.on_sample_error">continue</stringProp>
                        <elementProp name="ThreadGroup.main_controller" elementType="LoopController" guiclass="LoopControlPanel" testclass="LoopController">
                          <stringProp name="LoopController.loops">1</stringProp>
                          <boolProp name="LoopController.continue_forever">false</boolProp>
                        </elementProp>
                      </ThreadGroup>
                      <hashTree>
                        <org.esbbench.jmeter.engine.EngineProbeSampler guiclass="org.esbbench.jmeter.engine.EngineProbeSampler" testclass="org.esbbench.jmeter.engine.EngineProbeSampler" testname="engine probe"/>
                        <hashTree/>
                      </hashTree>
                    </hashTree>
                  </hashTree>
                </jmeterTestPlan>
                """;
    }

    /** {@code key=value;key=value} of the probe sampler's response message. */
    static Facts parse(String message) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String pair : message == null ? new String[0] : message.split(";")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                values.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
            }
        }
        return new Facts(values);
    }

    /** Every probe answer of the results file, by the -R address the engine saw ({@code host}). */
    static Map<String, Facts> read(Path jtl) throws IOException {
        Map<String, Facts> byAddress = new LinkedHashMap<>();
        if (!Files.exists(jtl)) {
            return byAddress;
        }
        try (Reader in = Files.newBufferedReader(jtl, StandardCharsets.UTF_8)) {
            for (CSVRecord row : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                if (row.isMapped("responseMessage")) {
                    Facts facts = parse(row.get("responseMessage"));
                    if (!facts.get("host").isEmpty()) {
                        byAddress.put(facts.get("host"), facts);
                    }
                }
            }
        }
        return byAddress;
    }

    /**
     * Compares each engine's answer with this side; a problem names the engine and says how to fix it.
     *
     * @param jmeterVersion  the client's JMeter version
     * @param extSha256      the digest of the client's esb-bench extension jar ("" = not compared)
     * @param startedMs      when the probe client was started (this machine's clock)
     * @param endedMs        when it ended
     * @param clientOutput   the probe client's output, to explain an engine that gave no answer
     */
    static List<String> problems(List<EngineAddress> engines, Map<String, Facts> answers, String jmeterVersion,
                                 String extSha256, long startedMs, long endedMs, String clientOutput) {
        List<String> problems = new ArrayList<>();
        for (EngineAddress e : engines) {
            String name = e.id() + " (" + e.address() + ")";
            Facts f = answers.get(e.address());
            if (f == null) {
                problems.add(name + " gave no probe answer" + noAnswerReason(e, clientOutput));
                continue;
            }
            if (!f.get("jmeter").equals(jmeterVersion)) {
                problems.add(name + " runs JMeter " + f.get("jmeter") + ", this suite " + jmeterVersion
                        + " (JMeter's RMI needs the same version on the client and every engine)");
            }
            if (!extSha256.isEmpty() && !f.get("extSha256").isEmpty() && !f.get("extSha256").equals(extSha256)) {
                problems.add(name + ": its esb-bench extension differs from this build's (copy the bundle again:"
                        + " scripts/jmeter-engine.sh --bundle)");
            }
            if (!"true".equals(f.get("hook"))) {
                problems.add(name + ": esb-bench's load-share hook is not installed (start the engine with"
                        + " -Jjsr223.init.file=scripts/jmeter/engine-init.groovy); without it the engine runs no load");
            }
            if (!"true".equals(f.get("timestampStart"))) {
                problems.add(name + ": its jmeter.properties lacks sampleresult.timestamp.start=true (the windows"
                        + " split samples by their start); use the suite's laid-out JMeter");
            }
            long offset = clockOffsetOutside(f.number("now"), startedMs, endedMs);
            if (offset != 0) {
                problems.add(name + ": its clock is " + String.format(java.util.Locale.ROOT, "%.1f", Math.abs(offset) / 1000.0)
                        + " s or more " + (offset > 0 ? "ahead of" : "behind") + " this machine's (sync the clocks:"
                        + " chrony or NTP; the measurement windows use the engines' timestamps)");
            }
        }
        return problems;
    }

    /**
     * 0 when the engine's clock at the sample lies within the probe's run (± {@link #CLOCK_SLACK_MS}), else how far
     * outside it is (positive: ahead).
     */
    static long clockOffsetOutside(long engineNow, long startedMs, long endedMs) {
        if (engineNow > endedMs + CLOCK_SLACK_MS) {
            return engineNow - endedMs;
        }
        if (engineNow < startedMs - CLOCK_SLACK_MS) {
            return engineNow - startedMs;
        }
        return 0;
    }

    /** The bound on an engine's clock offset the probe can give: the widest distance to the run's ends. */
    static long clockBoundMs(long engineNow, long startedMs, long endedMs) {
        return Math.max(Math.abs(engineNow - startedMs), Math.abs(endedMs - engineNow));
    }

    private static final Pattern NOT_STARTED = Pattern.compile("have not started:\\s*\\[([^]]*)]");

    /** The client's output lines about an engine that did not answer. */
    static String noAnswerReason(EngineAddress engine, String clientOutput) {
        String out = clientOutput == null ? "" : clientOutput;
        if (out.contains("ClassNotFoundException: org.esbbench") || out.contains("EngineProbeSampler")
                && (out.contains("ClassNotFound") || out.contains("CannotResolveClass"))) {
            return ": it lacks the esb-bench extension (its JMeter's lib/ext has no esb-bench-jmeter-ext jar)";
        }
        List<String> lines = out.lines().filter(l -> l.contains(engine.address()) || l.contains("Failed to configure")
                || l.contains("Error in rconfigure") || l.contains("Engine is busy") || l.startsWith("An error occurred"))
                .limit(5).toList();
        Matcher m = NOT_STARTED.matcher(out);
        String notStarted = m.find() && m.group(1).contains(engine.address()) ? " (the client says it has not started)" : "";
        return notStarted + (lines.isEmpty() ? " (no line of the probe client's output names it)"
                : ": the probe client said: " + String.join(" | ", lines));
    }

    /** SHA-256 of the esb-bench extension jar in JMeter's lib/ext, "" when there is none. */
    static String extensionSha256(JMeterInstallation jmeter) throws IOException {
        Path ext = jmeter.home().resolve("lib/ext");
        if (!Files.isDirectory(ext)) {
            return "";
        }
        Optional<Path> jar;
        try (Stream<Path> files = Files.list(ext)) {
            jar = files.filter(p -> p.getFileName().toString().startsWith("esb-bench-jmeter-ext")).findFirst();
        }
        if (jar.isEmpty()) {
            return "";
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(jar.get()), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** "5.6.3" from ApacheJMeter-5.6.3.jar. */
    static String version(JMeterInstallation jmeter) {
        String name = jmeter.launcherJar().getFileName().toString();
        Matcher m = Pattern.compile("ApacheJMeter-(.+)\\.jar").matcher(name);
        return m.matches() ? m.group(1) : "";
    }
}
