package org.esbbench.report.profiles;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a profile samples: the server's CPU time, its allocations, the time its threads wait for contended locks, or
 * wall-clock time of every thread (running or not). Each names async-profiler's event, the interval async-profiler
 * samples at unless {@code -DprofileInterval} says otherwise, and the JDK Flight Recorder events that stand in for it
 * where async-profiler's library cannot load.
 */
public enum ProfileEvent {
    /** CPU time, every 10 ms of a thread's CPU (async-profiler's default). */
    CPU("cpu", "10ms", "CPU time", "samples"),
    /** Allocated bytes, a sample per 512 KiB allocated (async-profiler's default), weighed by size. */
    ALLOC("alloc", "512k", "allocated bytes", "bytes"),
    /** Time waiting to enter a contended lock, a sample per 10 µs of waiting (async-profiler's default). */
    LOCK("lock", "10us", "time waiting for locks", "ns"),
    /** Wall-clock time of every thread, running or waiting, every 50 ms of it (async-profiler's default). */
    WALL("wall", "50ms", "wall-clock time", "samples");

    private final String id;
    private final String defaultInterval;
    private final String what;
    private final String unit;

    ProfileEvent(String id, String defaultInterval, String what, String unit) {
        this.id = id;
        this.defaultInterval = defaultInterval;
        this.what = what;
        this.unit = unit;
    }

    /** The id users give ({@code -Dprofile=cpu}) and async-profiler's event name. */
    public String id() {
        return id;
    }

    /** The interval async-profiler samples at by default for this event (its own notation: 10ms, 512k, 10us). */
    public String defaultInterval() {
        return defaultInterval;
    }

    /** What the profile's widths measure, for its readers: "CPU time". */
    public String what() {
        return what;
    }

    /** What a stack's count in the collapsed stacks counts: samples, bytes or nanoseconds. */
    public String unit() {
        return unit;
    }

    /** The converter's options that read this event from a recording (and weigh it by size or time). */
    public List<String> converterOptions() {
        return switch (this) {
            case CPU, WALL -> List.of();
            case ALLOC -> List.of("--alloc", "--total");
            case LOCK -> List.of("--lock", "--total");
        };
    }

    /** The ids, as the error of a bad value lists them. */
    public static String ids() {
        return Arrays.stream(values()).map(ProfileEvent::id).collect(Collectors.joining(", "));
    }

    /** The event of {@code id} (case-insensitive). */
    public static ProfileEvent parse(String id) {
        String v = id == null ? "" : id.strip().toLowerCase(Locale.ROOT);
        for (ProfileEvent e : values()) {
            if (e.id.equals(v)) {
                return e;
            }
        }
        throw new IllegalArgumentException("-D" + ProfileSettings.PARAMETER + "=" + id + ": not a profile; give one of "
                + ids() + ", or off (the default)");
    }
}
