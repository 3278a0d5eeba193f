package org.esbbench.maven.scenario;

import org.esbbench.report.dashboard.JMeterInstallation;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * JMeter's {@code sample_variables} for every JMeter the suite starts: whatever the JMeter home already sets
 * ({@code bin/user.properties} over {@code bin/jmeter.properties}, as JMeter loads them) with {@link #OURS}
 * appended where missing, so that the results file gets the Microsecond Timing and arrival columns at its end and a
 * user's own variables keep theirs. Passed as -J to a local JMeter and a remote run's client (which writes the file's header),
 * and as -G to the engines, where the samples' events are built.
 */
public final class SampleVariables {

    /** JMeter's property naming the variables saved with every sample. */
    public static final String PROPERTY = "sample_variables";

    /** The Microsecond Timing element's variable ({@code org.esbbench.jmeter.MicrosecondTiming.VARIABLE}). */
    public static final String ELAPSED_US = "elapsed_us";

    /**
     * Every column the suite adds, in the order it appends them: {@link #ELAPSED_US}, then the open model's arrival
     * timing ({@code org.esbbench.jmeter.arrivals.ArrivalTiming}: due time, taken-by-a-thread time, blocked time (the
     * server's backlog), the generator's lateness and response time from the due time; empty ("null") in rows that
     * are not an arrival's first sample).
     */
    public static final List<String> OURS = List.of(ELAPSED_US, "intended_us", "taken_us", "blocked_us", "lateness_us",
            "response_us");

    private SampleVariables() {
    }

    /** The value for {@code jmeter}: its own setting with {@link #OURS} appended where missing. */
    public static String of(JMeterInstallation jmeter) {
        Path bin = jmeter.home().resolve("bin");
        String configured = read(bin.resolve("jmeter.properties"), "");
        return withOurColumns(read(bin.resolve("user.properties"), configured));
    }

    /** {@code configured} (comma-separated, as JMeter splits it) with each of {@link #OURS} last unless it is there. */
    static String withOurColumns(String configured) {
        String trimmed = configured == null ? "" : configured.trim();
        List<String> names = new ArrayList<>(trimmed.isEmpty() ? List.of()
                : Arrays.stream(trimmed.split(",")).map(String::trim).toList());
        for (String ours : OURS) {
            if (!names.contains(ours)) {
                names.add(ours);
            }
        }
        return String.join(",", names);
    }

    /** {@code -Jsample_variables=...} for a JMeter started from {@code jmeter}. */
    public static String argument(JMeterInstallation jmeter) {
        return "-J" + PROPERTY + "=" + of(jmeter);
    }

    /** {@code -Gsample_variables=...}: the same value for every engine of a distributed run. */
    public static String globalArgument(JMeterInstallation jmeter) {
        return "-G" + PROPERTY + "=" + of(jmeter);
    }

    private static String read(Path file, String otherwise) {
        if (!Files.isRegularFile(file)) {
            return otherwise;
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            properties.load(in);
        } catch (IOException e) {
            // An unreadable file is JMeter's to report when it starts; the column is still asked for.
            return otherwise;
        }
        return properties.getProperty(PROPERTY, otherwise);
    }
}
