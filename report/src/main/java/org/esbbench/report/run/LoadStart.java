package org.esbbench.report.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a scenario run's load began: the test start JMeter prints on its standard output, which the run goal keeps
 * ({@code logs/jmeter-NAME.out}): {@code Starting standalone test @ <date> (<epoch ms>)}, or {@code Starting
 * distributed test with remote engines: [...] @ <date> (<epoch ms>)} for a client of remote engines.
 *
 * <p>The windows are anchored here rather than on the earliest sample: every thread group schedules its load from
 * this moment or later (the open model's arrivals from the test start itself, a closed-model group from its own
 * start, which follows the test's set-up), so load that lasts warm-up + measurement + the tail from it always
 * reaches past the measurement window's end. The earliest sample can come a second or more after the test start
 * (JMeter's set-up, the plan's first connections, a WS-Security pool built on the first request); a window anchored
 * on it ended that much after the load did, and its last second or two had no load.
 */
public final class LoadStart {
    private static final Pattern LINE = Pattern.compile("^Starting (?:standalone|distributed) test\\b.*\\((\\d{10,})\\)\\s*$");

    private LoadStart() {
    }

    /** The test start printed in {@code jmeterOutput}; empty when the file or the line is missing. */
    public static OptionalLong fromJMeterOutput(Path jmeterOutput) throws IOException {
        if (!Files.isRegularFile(jmeterOutput)) {
            return OptionalLong.empty();
        }
        try (BufferedReader in = Files.newBufferedReader(jmeterOutput, StandardCharsets.UTF_8)) {
            // JMeter prints the line before the test runs: it is among the first lines; stop reading at the first match.
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                Matcher m = LINE.matcher(line);
                if (m.matches()) {
                    return OptionalLong.of(Long.parseLong(m.group(1)));
                }
            }
        } catch (java.nio.charset.MalformedInputException e) {
            return OptionalLong.empty();
        }
        return OptionalLong.empty();
    }

    /** The load start of scenario run {@code name} of the run in {@code layout}; empty when JMeter did not print it. */
    public static OptionalLong of(RunLayout layout, String name) throws IOException {
        return fromJMeterOutput(layout.jmeterOutput(name));
    }
}
