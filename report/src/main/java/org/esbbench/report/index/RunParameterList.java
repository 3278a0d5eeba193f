package org.esbbench.report.index;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * run.json's "parameters" for people, each once. run.json has two names for several of them: what the analysis
 * derived from the run (the plan's points and settings: {@code models}, {@code sizeBytes}, {@code warmupSeconds},
 * ...) and the parameter as it was given ({@code model}, {@code size}, {@code warmup}, ..., the names of
 * docs/parameters.md). The list keeps the given name at the place of the first of the two; when the two say
 * different things (e.g. {@code rampup} 30 capped at a warm-up of 3 s) the value shows both: "30 (as run: 3)";
 * when the derived one is empty no point used it: "100 (not used)" for the rate of a closed-model run.
 * A run.json without the given names (written before they were recorded) keeps its derived names.
 */
public final class RunParameterList {
    /** run.json's derived name → the parameter's own name (docs/parameters.md). */
    static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("models", "model"),
            Map.entry("rates", "rate"),
            Map.entry("sizeBytes", "size"),
            Map.entry("delayMs", "delay"),
            Map.entry("heaps", "heap"),
            Map.entry("serverCores", "serverCpus"),
            Map.entry("warmupSeconds", "warmup"),
            Map.entry("measurementSeconds", "measurement"),
            Map.entry("rampupSeconds", "rampup"),
            Map.entry("connectTimeoutMs", "connectTimeout"),
            Map.entry("responseTimeoutMs", "responseTimeout"));

    private RunParameterList() {
    }

    /**
     * The parameters as display text, in run.json's order, each once: lists joined with ", ", a list of objects
     * (the plans) one item per line, an object as "key=value" pairs joined with "; ".
     */
    public static Map<String, String> of(JsonNode parameters) {
        Map<String, String> given = new LinkedHashMap<>();
        parameters.properties().forEach(e -> given.put(e.getKey(), text(e.getValue())));
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : given.entrySet()) {
            String name = e.getKey();
            String own = ALIASES.get(name);
            if (own != null && given.containsKey(own)) {
                String value = given.get(own);
                String derived = e.getValue();
                // an empty derived value: no point used it (e.g. rate in a closed-model run)
                out.put(own, same(value, derived) ? value
                        : value + (derived.isBlank() ? " (not used)" : " (as run: " + derived + ")"));
            } else if (!out.containsKey(name)) {
                out.put(name, e.getValue());
            }
        }
        return out;
    }

    /** Whether two values say the same: equal once spaces are dropped ("closed,open" and "closed, open"). */
    private static boolean same(String a, String b) {
        return a.replaceAll("\\s", "").equals(b.replaceAll("\\s", ""));
    }

    private static String text(JsonNode node) {
        if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(n -> items.add(text(n)));
            boolean objects = node.size() > 0 && node.get(0).isObject();
            return String.join(objects ? "\n" : ", ", items);
        }
        if (node.isObject()) {
            List<String> pairs = new ArrayList<>();
            node.properties().forEach(e -> pairs.add(e.getKey() + "=" + text(e.getValue())));
            return String.join("; ", pairs);
        }
        return node.isNull() ? "" : node.asText();
    }
}
