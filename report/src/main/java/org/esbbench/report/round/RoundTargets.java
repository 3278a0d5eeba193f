package org.esbbench.report.round;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** What round.json says of the targets: their order, and which scenarios each serves. */
public final class RoundTargets {
    /** The pass-through scenario every other one is set against (the published rounds' Direct proxy). */
    public static final String DIRECT = "direct";

    private RoundTargets() {
    }

    /** The targets in the first iteration's order, then any target only a run names (a hand-edited round.json). */
    public static List<String> of(RoundRecord round) {
        Set<String> targets = new LinkedHashSet<>(round.targets());
        round.runs().forEach(r -> targets.add(r.target()));
        return new ArrayList<>(targets);
    }

    /** The scenarios of the round {@code target} serves: as recorded, else all but those it does not serve. */
    public static List<String> served(RoundRecord round, String target) {
        List<String> served = round.served().get(target);
        if (served != null) {
            return served;
        }
        List<String> notServed = notServed(round, target);
        return round.scenarios().stream().filter(s -> !notServed.contains(s)).toList();
    }

    public static List<String> notServed(RoundRecord round, String target) {
        return round.notServed().getOrDefault(target, List.of());
    }
}
