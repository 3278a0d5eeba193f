package org.esbbench.maven.rounds;

import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundRecord.TargetRun;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RoundOrderTest {

    @Test
    void theTargetsAndEachTargetsScenariosRotateByOnePerIteration() {
        List<TargetRun> runs = RoundOrder.of(List.of("reference", "synapse", "nginx"), 3, Map.of(
                "reference", List.of("direct", "cbr-body", "xslt"),
                "synapse", List.of("direct", "cbr-body", "xslt"),
                "nginx", List.of("direct", "rest")));

        assertThat(runs).extracting(r -> r.iteration() + ":" + r.position() + ":" + r.target() + ":"
                + String.join(",", r.scenarios())).containsExactly(
                "1:1:reference:direct,cbr-body,xslt", "1:2:synapse:direct,cbr-body,xslt", "1:3:nginx:direct,rest",
                "2:1:synapse:cbr-body,xslt,direct", "2:2:nginx:rest,direct", "2:3:reference:cbr-body,xslt,direct",
                "3:1:nginx:direct,rest", "3:2:reference:xslt,direct,cbr-body", "3:3:synapse:xslt,direct,cbr-body");
        assertThat(runs).allMatch(r -> r.state() == RoundRecord.State.PENDING && r.runId() == null);
    }

    @Test
    void overEnoughIterationsEveryTargetRunsInEveryPlace() {
        List<String> targets = List.of("a", "b", "c", "d");
        List<TargetRun> runs = RoundOrder.of(targets, 4, Map.of("a", List.of("direct"), "b", List.of("direct"),
                "c", List.of("direct"), "d", List.of("direct")));

        for (String t : targets) {
            assertThat(runs.stream().filter(r -> r.target().equals(t)).map(TargetRun::position))
                    .as(t + "'s places").containsExactlyInAnyOrder(1, 2, 3, 4);
        }
    }

    @Test
    void aRotationLongerThanTheListWrapsRound() {
        assertThat(RoundOrder.rotated(List.of("a", "b"), 3)).containsExactly("b", "a");
        assertThat(RoundOrder.rotated(List.of(), 2)).isEmpty();
    }
}
