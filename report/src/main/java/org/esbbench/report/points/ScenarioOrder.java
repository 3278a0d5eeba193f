package org.esbbench.report.points;

import org.esbbench.core.Scenario;

import java.util.Comparator;
import java.util.List;

/**
 * The order people read scenarios in: the catalogue's ({@link Scenario}, {@code direct} first), as the published
 * rounds list them, so that every ratio to {@code direct} reads against the row above it; plans of the user's own
 * (not in the catalogue) after them, alphabetically. Taken from core's catalogue rather than typed here, so a new
 * scenario takes its place without a change in the report.
 */
public final class ScenarioOrder {
    private static final List<String> CATALOGUE = Scenario.ids();

    /** Scenario ids: the catalogue's first, in its order; any other name after them, alphabetically. */
    public static final Comparator<String> IDS = Comparator.comparingInt(ScenarioOrder::rank)
            .thenComparing(Comparator.naturalOrder());

    /** Points by scenario in catalogue order, then in {@link Point}'s own order (load, size, delay, heap, cores). */
    public static final Comparator<Point> POINTS = Comparator.comparing(Point::scenario, IDS)
            .thenComparing(Comparator.naturalOrder());

    private ScenarioOrder() {
    }

    /** The catalogue's position of {@code id}; every name outside the catalogue ranks after all of it. */
    private static int rank(String id) {
        int i = CATALOGUE.indexOf(id);
        return i < 0 ? CATALOGUE.size() : i;
    }

    /** Whether {@code id} is a catalogue scenario (not a plan of the user's own). */
    public static boolean inCatalogue(String id) {
        return CATALOGUE.contains(id);
    }
}
