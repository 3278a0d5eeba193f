package org.esbbench.report.points;

import org.esbbench.core.Scenario;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Scenarios in the catalogue's order, direct first; plans of the user's own after them, alphabetically. */
class ScenarioOrderTest {

    @Test
    void theCataloguesScenariosComeInItsOrderAndOtherPlansAfterThemAlphabetically() {
        List<String> ids = new ArrayList<>(List.of("zeta-plan", "xslt", "alpha-plan", "jms", "cbr-body", "direct"));

        ids.sort(ScenarioOrder.IDS);

        assertThat(ids).containsExactly("direct", "cbr-body", "xslt", "jms", "alpha-plan", "zeta-plan");
    }

    @Test
    void theOrderIsTheCoreCatalogues() {
        List<String> reversed = new ArrayList<>(Scenario.ids());
        java.util.Collections.reverse(reversed);

        reversed.sort(ScenarioOrder.IDS);

        assertThat(reversed).isEqualTo(Scenario.ids()).startsWith("direct");
    }
}
