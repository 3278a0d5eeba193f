package org.esbbench.report.compare;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The charts of a comparison as its pages link them, relative to the comparison's folder: the servers side by
 * side (grouped bars) per scenario, shown above that scenario's table, and the line charts against load.
 *
 * @param barsByScenario per scenario, its bar charts' PNGs
 * @param lines          the line charts' PNGs
 */
public record ChartLinks(Map<String, List<String>> barsByScenario, List<String> lines) {
    public static final ChartLinks NONE = new ChartLinks(Map.of(), List.of());

    public ChartLinks {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        barsByScenario.forEach((s, files) -> copy.put(s, List.copyOf(files)));
        barsByScenario = Collections.unmodifiableMap(copy);
        lines = List.copyOf(lines);
    }

    /** The bar charts of {@code scenario}, none when it has none. */
    public List<String> bars(String scenario) {
        return barsByScenario.getOrDefault(scenario, List.of());
    }
}
