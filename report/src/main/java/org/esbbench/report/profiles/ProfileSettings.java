package org.esbbench.report.profiles;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a run asks of profiles: {@code -Dprofile} (off, or the event to sample), {@code -DprofileInterval} (the
 * profiler's interval for it, {@code auto}: async-profiler's default for the event) and {@code -Dprofiler} (which
 * profiler: {@code auto}, async-profiler where its library loads, else the JVM's own Flight Recorder; or either named).
 * Checked at check, before any load, and read again from the run's recorded parameters by the analysis.
 *
 * @param event    the event to sample; empty: no profile
 * @param interval the interval in async-profiler's notation ({@code 10ms}, {@code 512k}, {@code 10us})
 * @param profiler which profiler the run may use
 */
public record ProfileSettings(Optional<ProfileEvent> event, String interval, Choice profiler) {
    public static final String PARAMETER = "profile";
    public static final String INTERVAL = "profileInterval";
    public static final String PROFILER = "profiler";
    public static final String OFF = "off";
    public static final String AUTO = "auto";

    /** The shortest interval a time-based event may be sampled at: async-profiler's own floor for wall-clock. */
    private static final long MIN_NANOS = 100_000;
    private static final long MAX_NANOS = 10_000_000_000L;
    private static final Pattern TIME = Pattern.compile("(\\d{1,12})(ns|us|ms|s)");
    private static final Pattern BYTES = Pattern.compile("(\\d{1,12})([kmg]?)");

    /** Which profiler a run may use. */
    public enum Choice {
        /** async-profiler where its native library loads into the server, else JDK Flight Recorder. */
        AUTO("auto"),
        /** async-profiler only: a server it cannot load into gets no profile, and says why. */
        ASYNC_PROFILER("async-profiler"),
        /** JDK Flight Recorder only (Java frames; no native, GC or JIT threads). */
        JFR("jfr");

        private final String id;

        Choice(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        static Choice parse(String value) {
            String v = value == null || value.isBlank() ? AUTO.id : value.strip().toLowerCase(Locale.ROOT);
            for (Choice c : values()) {
                if (c.id.equals(v)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("-D" + PROFILER + "=" + value + ": give auto (async-profiler where its"
                    + " library loads, else JDK Flight Recorder), async-profiler or jfr");
        }
    }

    public ProfileSettings {
        interval = interval == null ? "" : interval;
    }

    /** No profile. */
    public static ProfileSettings off() {
        return new ProfileSettings(Optional.empty(), "", Choice.AUTO);
    }

    /**
     * The settings of a run's parameters (absent ones at their defaults).
     *
     * @throws IllegalArgumentException naming the parameter and what is valid
     */
    public static ProfileSettings of(Map<String, String> parameters) {
        String profile = parameters.getOrDefault(PARAMETER, "").strip();
        Choice choice = Choice.parse(parameters.get(PROFILER));
        if (profile.isEmpty() || profile.equalsIgnoreCase(OFF)) {
            return new ProfileSettings(Optional.empty(), "", choice);
        }
        ProfileEvent event = ProfileEvent.parse(profile);
        return new ProfileSettings(Optional.of(event), interval(event, parameters.get(INTERVAL)), choice);
    }

    /** Whether the run profiles its server. */
    public boolean on() {
        return event.isPresent();
    }

    /** For the parameter catalogue's check of {@code -Dprofile}. */
    public static void checkEvent(String value) {
        if (!value.isBlank() && !value.strip().equalsIgnoreCase(OFF)) {
            ProfileEvent.parse(value);
        }
    }

    /** For the parameter catalogue's check of {@code -Dprofiler}. */
    public static void checkProfiler(String value) {
        Choice.parse(value);
    }

    /** For the parameter catalogue's check of {@code -DprofileInterval}: a time or a size, whatever the event. */
    public static void checkInterval(String value) {
        String v = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
        if (v.isEmpty() || v.equals(AUTO)) {
            return;
        }
        if (!TIME.matcher(v).matches() && !BYTES.matcher(v).matches()) {
            throw new IllegalArgumentException("-D" + INTERVAL + "=" + value + ": give auto, a time for cpu, wall and"
                    + " lock (e.g. 10ms, 500us) or a size for alloc (e.g. 512k, 2m)");
        }
    }

    /** The interval for {@code event}: its default for auto, else the value, checked against the event's kind. */
    static String interval(ProfileEvent event, String value) {
        String v = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
        if (v.isEmpty() || v.equals(AUTO)) {
            return event.defaultInterval();
        }
        if (event == ProfileEvent.ALLOC) {
            Matcher m = BYTES.matcher(v);
            if (!m.matches()) {
                throw new IllegalArgumentException("-D" + INTERVAL + "=" + value + " with -D" + PARAMETER
                        + "=alloc: give the bytes between two samples, e.g. 512k (the default), 2m or 100000");
            }
            long bytes = Long.parseLong(m.group(1)) << switch (m.group(2)) {
                case "k" -> 10;
                case "m" -> 20;
                case "g" -> 30;
                default -> 0;
            };
            if (bytes < 1024 || bytes > (1L << 30)) {
                throw new IllegalArgumentException("-D" + INTERVAL + "=" + value + " with -D" + PARAMETER
                        + "=alloc: give 1k to 1g between two samples");
            }
            return v;
        }
        long nanos = nanos(v).orElseThrow(() -> new IllegalArgumentException("-D" + INTERVAL + "=" + value + " with -D"
                + PARAMETER + "=" + event.id() + ": give a time with its unit, e.g. " + event.defaultInterval()
                + " (the default), 500us or 1s"));
        long floor = event == ProfileEvent.LOCK ? 1_000 : MIN_NANOS;
        if (nanos < floor || nanos > MAX_NANOS) {
            throw new IllegalArgumentException("-D" + INTERVAL + "=" + value + " with -D" + PARAMETER + "="
                    + event.id() + ": give " + (event == ProfileEvent.LOCK ? "1us" : "100us")
                    + " to 10s (a shorter interval costs the server more than it tells)");
        }
        return v;
    }

    /** A time in async-profiler's notation in nanoseconds; empty when it is not one. */
    public static Optional<Long> nanos(String interval) {
        Matcher m = TIME.matcher(interval.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return Optional.empty();
        }
        long n = Long.parseLong(m.group(1));
        return Optional.of(switch (m.group(2)) {
            case "ns" -> n;
            case "us" -> n * 1_000;
            case "ms" -> n * 1_000_000;
            default -> n * 1_000_000_000;
        });
    }

    /** What is profiled, in a line: "cpu every 10ms". */
    public String describe() {
        return event.map(e -> e.id() + " every " + interval).orElse(OFF);
    }
}
