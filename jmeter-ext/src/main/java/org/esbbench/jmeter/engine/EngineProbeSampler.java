package org.esbbench.jmeter.engine;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.JMeterUtils;

/**
 * The one sample of the suite's engine probe: it runs on each remote engine and answers, in its response message
 * ({@code key=value;key=value}, the field the sample sender keeps), what the suite compares with its own side
 * before any load: the JMeter and Java versions, the digest of this extension's jar, whether the load-share hook
 * ({@link EngineLoadShare}) is installed and with which address it saw this test, the engine's clock, pid and
 * cores, and where it reads its payloads. No GUI: it only appears in the probe plan the suite writes.
 */
public class EngineProbeSampler extends AbstractSampler {

    private static final long serialVersionUID = 1L;

    @Override
    public SampleResult sample(Entry entry) {
        SampleResult result = new SampleResult();
        result.setSampleLabel(getName());
        result.sampleStart();
        String message = format(facts());
        result.sampleEnd();
        result.setResponseMessage(message);
        result.setResponseCodeOK();
        result.setSuccessful(true);
        result.setDataType(SampleResult.TEXT);
        return result;
    }

    /** What this engine says about itself, in a stable order. */
    static Map<String, String> facts() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("engine", EngineLoadShare.engineId());
        f.put("host", EngineLoadShare.host());
        f.put("hook", Boolean.toString(EngineLoadShare.installed()));
        f.put("jmeter", JMeterUtils.getJMeterVersion());
        f.put("java", System.getProperty("java.version", ""));
        f.put("pid", Long.toString(ProcessHandle.current().pid()));
        f.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        f.put("extSha256", ownJarSha256());
        f.put("timestampStart", Boolean.toString(JMeterUtils.getPropDefault("sampleresult.timestamp.start", false)));
        f.put("payloadDir", JMeterUtils.getPropDefault("payloadDir", ""));
        f.put("replyQueue", JMeterUtils.getPropDefault("replyQueue", ""));
        f.put("now", Long.toString(System.currentTimeMillis()));
        return f;
    }

    /** {@code key=value;key=value}; ';' and '=' inside values are replaced, so the line always parses. */
    static String format(Map<String, String> facts) {
        return facts.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue().replace(';', ',').replace('=', ':'))
                .collect(Collectors.joining(";"));
    }

    /** SHA-256 of the jar this class was loaded from; "" when it is not a jar (tests from classes/). */
    static String ownJarSha256() {
        try {
            Path jar = Path.of(EngineProbeSampler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar)) {
                return "";
            }
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (InputStream in = new DigestInputStream(Files.newInputStream(jar), digest)) {
                in.transferTo(java.io.OutputStream.nullOutputStream());
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException | URISyntaxException | NoSuchAlgorithmException | RuntimeException e) {
            return "";
        }
    }
}
