package org.esbbench.maven;

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
 */
final class Placeholders {
    static final List<String> NAMES = List.of("heap", "host", "port", "backend.host", "backend.port", "artefacts",
            "root", "work", "management");
    static final String NAMES_TEXT = "${heap} ${host} ${port} ${backend.host} ${backend.port} ${artefacts} ${root} ${work}"
            + " ${management}";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");

    private final Map<String, String> values;

    Placeholders(Map<String, String> values) {
        this.values = Map.copyOf(values);
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
    List<String> expandWords(List<String> words) throws InvalidRunException {
        List<String> out = new java.util.ArrayList<>();
        for (String w : words) {
            out.add(expand(w));
        }
        return out;
    }

    Map<String, String> values() {
        return new LinkedHashMap<>(values);
    }
}
