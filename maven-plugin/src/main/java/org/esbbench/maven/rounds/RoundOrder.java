package org.esbbench.maven.rounds;

import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundRecord.TargetRun;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The order a round's target runs take: iteration after iteration, each iteration every target once, the targets'
 * order rotated by one from one iteration to the next (a, b, c; then b, c, a; then c, a, b), and each target's
 * scenarios rotated the same way. So no target is always measured first, on a machine still cold, or right after the
 * same neighbour, and no scenario is always its run's first: order, which moved figures by up to 60 % between two runs
 * of the same server, spreads over the iterations instead of biasing one target or scenario.
 */
public final class RoundOrder {
    private RoundOrder() {
    }

    /**
     * @param targets    in the order given: the first iteration's
     * @param iterations at least 1
     * @param served     each target's scenarios in catalogue order (the first iteration's order)
     */
    public static List<TargetRun> of(List<String> targets, int iterations, Map<String, List<String>> served) {
        List<TargetRun> runs = new ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            List<String> order = rotated(targets, i);
            for (int p = 0; p < order.size(); p++) {
                String target = order.get(p);
                runs.add(new TargetRun(i + 1, p + 1, target, rotated(served.get(target), i), null,
                        RoundRecord.State.PENDING, null));
            }
        }
        return runs;
    }

    /** {@code list} rotated left by {@code by}: by 1, (a, b, c) becomes (b, c, a). */
    static List<String> rotated(List<String> list, int by) {
        List<String> copy = new ArrayList<>(list);
        if (!copy.isEmpty()) {
            Collections.rotate(copy, -(by % copy.size()));
        }
        return copy;
    }
}
