package org.esbbench.report.points;

import java.util.ArrayList;
import java.util.List;

/**
 * How a total load (users of the closed model, arrivals per second of the open model) is shared among N JMeter
 * engines: each gets total / N, and the remainder goes one each to the first engines (in {@code -Dgenerators}
 * order), so the shares are whole numbers that add up exactly to the total. 10 users over 3 engines: 4, 3, 3.
 * An engine whose share is 0 runs the plan with no load.
 */
public final class LoadSplit {

    /** The rule in words, as run.json and the docs state it. */
    public static final String RULE = "total / engines to each engine; the remainder one each to the first engines"
            + " in -Dgenerators order";

    private LoadSplit() {
    }

    /**
     * @param total the load for all engines together (0 or more)
     * @param engines how many engines share it (1 or more)
     * @return one share per engine, in engine order; their sum is {@code total}
     */
    public static List<Integer> of(int total, int engines) {
        if (engines < 1) {
            throw new IllegalArgumentException("engines must be 1 or more, not " + engines);
        }
        if (total < 0) {
            throw new IllegalArgumentException("a load total cannot be negative: " + total);
        }
        List<Integer> shares = new ArrayList<>(engines);
        for (int i = 0; i < engines; i++) {
            shares.add(total / engines + (i < total % engines ? 1 : 0));
        }
        return List.copyOf(shares);
    }
}
