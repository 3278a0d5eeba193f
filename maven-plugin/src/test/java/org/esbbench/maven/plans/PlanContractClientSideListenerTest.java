package org.esbbench.maven.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.maven.plans.PlanFixtures.check;

import org.junit.jupiter.api.Test;

/** Rule 8: the PerfMon collector reads the suite's properties itself, never the Test Plan's variables. */
class PlanContractClientSideListenerTest {

    @Test
    void aCollectorReadingTheTestPlansVariablesIsAViolation() {
        assertThat(check("perfmon-variables.jmx").violations()).singleElement().asString()
                .startsWith("plan perfmon-variables.jmx: PerfMon Metrics Collector 'PerfMon metrics'")
                .contains("it reads ${perfmonFile}, ${host}, ${perfmonPort}, which a distributed run's JMeter client"
                        + " leaves unresolved")
                .contains("fix: read the property itself, e.g. ${__P(perfmonFile,perfmon.csv)}");
    }

    @Test
    void aCollectorReadingPropertiesWithFunctionsPasses() {
        assertThat(check("backend-and-perfmon.jmx").violations()).isEmpty();
    }
}
