package org.esbbench.maven.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.maven.plans.PlanFixtures.check;

import org.junit.jupiter.api.Test;

/** Rule 6: no listener that distorts the figures. */
class PlanContractListenerTest {

    private static final String COSTS = "the suite writes every sample to its own results file; a listener costs the"
            + " load generator CPU and memory; fix: disable or delete it";

    @Test
    void aViewResultsTreeIsAViolation() {
        assertThat(check("view-results-tree.jmx").violations()).containsExactly("plan view-results-tree.jmx: View"
                + " Results Tree 'View Results Tree' (direct > closed > View Results Tree): " + COSTS);
    }

    @Test
    void aJpgcGraphIsAViolation() {
        assertThat(check("jpgc-graph.jmx").violations()).containsExactly("plan jpgc-graph.jmx: jp@gc - Response Times"
                + " Over Time 'jp@gc - Response Times Over Time' (direct > jp@gc - Response Times Over Time): "
                + COSTS);
    }

    @Test
    void aDisabledListenerIsSkipped() {
        assertThat(check("disabled-listener.jmx").violations()).isEmpty();
    }

    @Test
    void theBackendListenerAndThePerfMonCollectorAreAllowed() {
        assertThat(check("backend-and-perfmon.jmx").violations()).isEmpty();
    }
}
