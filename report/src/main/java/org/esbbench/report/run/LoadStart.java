package org.esbbench.report.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.esbbench.report.folder.RunLayout;

/**
 * When a scenario run's load began: the line the suite's JMeter hook prints on JMeter's standard output as the
 * engine starts the test's first thread group (jmeter-ext's LoadTimer: {@code esb-bench: load started at <epoch
 * ms>}), kept by the run goal in {@code logs/jmeter-NAME.out}.
 *
 * <p>The windows are anchored there rather than on the earliest sample. Every thread group times its load from its
 * own start (a closed-model group its ramp-up + hold; the open model's arrivals are ended by the hook, timed from the
 * same moment), so load of warm-up + measurement + the tail from it reaches past the measurement window's end. The
 * first sample can start seconds later (a closed-model group starts its first user part-way into its ramp-up; a
 * first request may load a script engine, connect to a broker or build a WS-Security pool); a window anchored on it
 * ended that much after the load did. Without the line (remote engines, runs of earlier versions) the earliest sample
 * is the anchor.
 */
public final class LoadStart {
    private static final Pattern LINE = Pattern.compile("^esb-bench: load started at (\\d{10,})\\b.*$");

    private LoadStart() {
    }

    /** The load's start printed in {@code jmeterOutput}; empty when the file or the line is missing. */
    public static OptionalLong fromJMeterOutput(Path jmeterOutput) throws IOException {
        if (!Files.isRegularFile(jmeterOutput)) {
            return OptionalLong.empty();
        }
        try (BufferedReader in = Files.newBufferedReader(jmeterOutput, StandardCharsets.UTF_8)) {
            // Printed as the load begins: among the first lines; the reading stops at it.
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

    /** The load start of scenario run {@code name} of the run in {@code layout}; empty when it was not printed. */
    public static OptionalLong of(RunLayout layout, String name) throws IOException {
        return fromJMeterOutput(layout.jmeterOutput(name));
    }
}
