package org.esbbench.report.profiles;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A profile as collapsed stacks, the format flame graph tools share: one line per distinct stack, its frames from
 * the outermost to the innermost separated by {@code ;}, a space, and its count (samples, bytes or nanoseconds, as the
 * event weighs them). async-profiler's converter marks a Java frame's kind with a suffix ({@code _[j]} compiled,
 * {@code _[i]} inlined, {@code _[0]} interpreted, {@code _[1]} C1-compiled) and a kernel frame with {@code _[k]};
 * native and the JVM's own C++ frames have none. Stacks are kept with their suffixes; {@link #frames} splits them.
 */
public final class CollapsedStacks {
    private final Map<String, Long> counts;
    private final long total;

    private CollapsedStacks(Map<String, Long> counts) {
        this.counts = counts;
        this.total = counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /** No stacks at all. */
    public static CollapsedStacks empty() {
        return new CollapsedStacks(Map.of());
    }

    /** The stacks of a collapsed file (gzip-compressed when its name ends in .gz); a line not "stack count" is skipped. */
    public static CollapsedStacks read(Path file) throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        java.io.InputStream raw = Files.newInputStream(file);
        if (file.getFileName().toString().endsWith(".gz")) {
            raw = new java.util.zip.GZIPInputStream(raw, 1 << 16);
        }
        try (BufferedReader in = new BufferedReader(new java.io.InputStreamReader(raw, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                add(counts, line);
            }
        }
        return new CollapsedStacks(counts);
    }

    /** The stacks of collapsed lines (tests, and a profile in memory). */
    public static CollapsedStacks of(List<String> lines) {
        Map<String, Long> counts = new LinkedHashMap<>();
        lines.forEach(l -> add(counts, l));
        return new CollapsedStacks(counts);
    }

    /**
     * A lambda's or hidden class's generated name, numbered anew in every JVM ({@code Copy$$Lambda$1099},
     * {@code Foo$$Lambda+0x0000000801234567/0x...}): read without its number, so that two runs' stacks meet.
     */
    private static final java.util.regex.Pattern GENERATED = java.util.regex.Pattern.compile(
            "\\$\\$Lambda(?:\\$\\d+|\\+0x[0-9a-f]+(?:/0x[0-9a-f]+|/\\d+)?)");

    private static void add(Map<String, Long> counts, String line) {
        int space = line.lastIndexOf(' ');
        if (space <= 0) {
            return;
        }
        try {
            long n = Long.parseLong(line.substring(space + 1).strip());
            if (n > 0) {
                counts.merge(GENERATED.matcher(line.substring(0, space)).replaceAll("\\$\\$Lambda"), n, Long::sum);
            }
        } catch (NumberFormatException e) {
            // not a stack line
        }
    }

    /** These stacks and {@code other}'s, their counts added (a point's repeats). */
    public CollapsedStacks plus(CollapsedStacks other) {
        Map<String, Long> merged = new LinkedHashMap<>(counts);
        other.counts.forEach((k, v) -> merged.merge(k, v, Long::sum));
        return new CollapsedStacks(merged);
    }

    /** Every count multiplied by {@code factor}, rounded (a baseline scaled to another profile's total). */
    public CollapsedStacks scaled(double factor) {
        Map<String, Long> scaled = new LinkedHashMap<>();
        counts.forEach((k, v) -> {
            long n = Math.round(v * factor);
            if (n > 0) {
                scaled.put(k, n);
            }
        });
        return new CollapsedStacks(scaled);
    }

    /** The sum of every stack's count: the profile's samples (or bytes, or ns). */
    public long total() {
        return total;
    }

    public boolean isEmpty() {
        return total == 0;
    }

    /** Each distinct stack (frames joined by ;) and its count. */
    public Map<String, Long> counts() {
        return java.util.Collections.unmodifiableMap(counts);
    }

    /** The share (0..1) of the profile in stacks with a frame that {@code frame} accepts: that frame's width. */
    public double inclusiveShare(Predicate<String> frame) {
        if (total == 0) {
            return 0;
        }
        long n = 0;
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            if (frames(e.getKey()).stream().map(Frame::name).anyMatch(frame)) {
                n += e.getValue();
            }
        }
        return (double) n / total;
    }

    /** Writes the stacks in the collapsed format. */
    public void write(Writer out) throws IOException {
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            out.write(e.getKey());
            out.write(' ');
            out.write(Long.toString(e.getValue()));
            out.write('\n');
        }
    }

    /** A stack's frames, outermost first. */
    public static List<Frame> frames(String stack) {
        return java.util.Arrays.stream(stack.split(";")).map(Frame::of).toList();
    }

    /**
     * One frame: its name without the converter's suffix, and its kind.
     *
     * @param name the method ({@code net.sf.saxon.tree.tiny.TinyTree.getNodeKind}) or function
     *             ({@code G1ParScanThreadState::trim_queue}, {@code __memmove_avx_unaligned_erms})
     */
    public record Frame(String name, Kind kind) {
        public enum Kind { JAVA, KERNEL, NATIVE }

        static Frame of(String raw) {
            if (raw.length() > 4 && raw.charAt(raw.length() - 4) == '_' && raw.charAt(raw.length() - 3) == '['
                    && raw.endsWith("]")) {
                char c = raw.charAt(raw.length() - 2);
                String name = raw.substring(0, raw.length() - 4);
                return new Frame(name, c == 'k' ? Kind.KERNEL : Kind.JAVA);
            }
            return new Frame(raw, Kind.NATIVE);
        }

        /** The JVM's own code (C++): a {@code Class::method} name. */
        public boolean jvm() {
            return kind == Kind.NATIVE && name.contains("::");
        }
    }
}
