package org.esbbench.maven.targets;

import org.esbbench.maven.processes.ShellWords;
import org.esbbench.maven.parameters.InvalidRunException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code ${name}} placeholders of a target profile's server.command, server.setup, server.health and
 * server.pid: {@value #NAMES_TEXT}. An unknown name is an error at check, before anything starts.
 * {@code ${management}} is one JVM flag, {@code -javaagent:<work>/management-agent.jar=HOST:PORT}: the suite's
 * management connector at the profile's {@code jmx=} address, bound to that address only ({@link
 * org.esbbench.maven.management.LoopbackAgent}), for a JVM server the profile starts.
 * {@code ${jvm.flags}} is a list (the JVM flags the suite gives every server JVM it starts, ${management} among them
 * when the profile has jmx=): it stands alone as a word and becomes as many arguments as it has flags.
 */
public final class Placeholders {
    /** The one list placeholder: the server JVM's flags (heap, GC log, management connection on loopback). */
    static final String LIST = "jvm.flags";
    static final List<String> NAMES = List.of("heap", "host", "port", "backend.host", "backend.port", "artefacts",
            "root", "work", "management", "java", "jms.url", LIST);
    static final String NAMES_TEXT = "${heap} ${host} ${port} ${backend.host} ${backend.port} ${artefacts} ${root} ${work}"
            + " ${management} ${java} ${jms.url} ${jvm.flags}";
    private static final String LIST_WORD = "${" + LIST + "}";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");

    private final Map<String, String> values;
    private final List<String> jvmFlags;

    Placeholders(Map<String, String> values) {
        this(values, List.of());
    }

    Placeholders(Map<String, String> values, List<String> jvmFlags) {
        this.values = Map.copyOf(values);
        this.jvmFlags = List.copyOf(jvmFlags);
    }

    /** The same placeholders, {@code more} flags at the end of ${jvm.flags} (a profiler's agent). */
    public Placeholders withJvmFlags(List<String> more) {
        List<String> flags = new java.util.ArrayList<>(jvmFlags);
        flags.addAll(more);
        return new Placeholders(values, flags);
    }

    /**
     * The placeholders of a command other than the server's (broker.command): exactly the names of {@code values}.
     * Split such a command with {@link org.esbbench.maven.processes.ShellWords}, as server.command is, check it with
     * {@link #withoutValue}, then {@link #expandWords}.
     */
    public static Placeholders of(Map<String, String> values) {
        return new Placeholders(values);
    }

    /** The names {@code text} uses that have no value here, sorted; an unclosed "${" counts as one (its text). */
    public Set<String> withoutValue(String text) {
        Set<String> missing = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            if (!values.containsKey(m.group(1))) {
                missing.add(m.group(1));
            }
        }
        String rest = PLACEHOLDER.matcher(text).replaceAll("");
        if (rest.contains("${")) {
            missing.add(rest.substring(rest.indexOf("${")));
        }
        return missing;
    }

    /** True when {@code text} uses ${jvm.flags} inside a word, where a list cannot go. */
    static boolean listInsideAWord(List<String> words) {
        return words.stream().anyMatch(w -> w.contains(LIST_WORD) && !w.equals(LIST_WORD));
    }

    /** The names used in {@code text} that are not placeholders, sorted; empty when all are known. */
    static Set<String> unknown(String text) {
        Set<String> unknown = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            if (!NAMES.contains(m.group(1))) {
                unknown.add(m.group(1));
            }
        }
        return unknown;
    }

    /** The names used in {@code text}. */
    static Set<String> used(String text) {
        Set<String> used = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            used.add(m.group(1));
        }
        return used;
    }

    /** {@code text} with every placeholder replaced by its value. */
    String expand(String text) throws InvalidRunException {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            if (m.group(1).equals(LIST)) {
                throw new InvalidRunException(LIST_WORD + " is a list of JVM flags: it can only stand alone as a word of"
                        + " server.command");
            }
            String value = values.get(m.group(1));
            if (value == null) {
                throw new InvalidRunException("placeholder ${" + m.group(1) + "} has no value here (known: " + NAMES_TEXT + ")");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Each word expanded on its own, after splitting: a value with blanks stays one argument. */
    public List<String> expandWords(List<String> words) throws InvalidRunException {
        List<String> out = new java.util.ArrayList<>();
        for (String w : words) {
            if (w.equals(LIST_WORD)) {
                out.addAll(jvmFlags);
            } else {
                out.add(expand(w));
            }
        }
        return out;
    }

    Map<String, String> values() {
        return new LinkedHashMap<>(values);
    }
}
