package org.esbbench.report.usage;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SaturationCheckTest {
    private final SaturationCheck check = new SaturationCheck(90);

    @Test
    void aBusyMachineIsFlaggedMachineSaturatedWhoeverTookTheCpu() {
        assertThat(check.flags(60.0, 10.0, 25.0, 97.0)).as("the server took the most: still the machine's limit")
                .containsExactly("machine-saturated: machine CPU 97% busy (server 60%, load generator 25%, echo backend 10%)");
        assertThat(check.flags(46.0, 5.0, 41.0, 99.4)).as("the issue's direct run: generator a little under the server")
                .singleElement().asString().startsWith("machine-saturated: machine CPU 99% busy");
        assertThat(check.flags(null, null, null, 90.0)).as("at the threshold, shares unknown")
                .containsExactly("machine-saturated: machine CPU 90% busy (server unknown, load generator unknown,"
                        + " echo backend unknown)");
    }

    @Test
    void aBusyMachineWhereTheGeneratorTookAsMuchAsTheServerIsFlagged() {
        assertThat(check.flags(40.0, 10.0, 45.0, 96.0)).hasSize(2).element(1).asString()
                .startsWith("generator-saturated").contains("45%").contains("server 40%");
    }

    @Test
    void theBackendIsFlaggedLikewise() {
        assertThat(check.flags(30.0, 35.0, 25.0, 92.0)).extracting(f -> f.substring(0, f.indexOf(':')))
                .containsExactly("machine-saturated", "backend-saturated");
    }

    @Test
    void aMachineBusyWithOtherWorkIsFlaggedAsSuchRatherThanBlamingTheGenerator() {
        assertThat(check.flags(10.0, 5.0, 10.0, 100.0)).hasSize(2).element(1).asString()
                .startsWith("machine-busy").contains("75%");
    }

    @Test
    void aMachineWithRoomLeftIsNeverFlaggedAndUnknownFiguresDoNotInventFlags() {
        assertThat(check.flags(10.0, 40.0, 40.0, 89.9)).isEmpty();
        assertThat(check.flags(null, null, null, null)).isEmpty();
        assertThat(check.flags(null, null, 50.0, 95.0)).element(1).asString()
                .startsWith("generator-saturated").contains("server unknown");
    }

    @Test
    void withoutTheServersCpuAHarnessProcessIsFlaggedOnlyWhenItTookMoreThanTheRestOfTheMachine() {
        // A server started by hand without jmx=, the machine saturated: the backend's 4 % is no finding.
        assertThat(check.flags(null, 4.0, 30.0, 99.0)).hasSize(1).element(0).asString().startsWith("machine-saturated");
        assertThat(check.flags(null, 4.0, 60.0, 99.0)).element(1).asString()
                .startsWith("generator-saturated").contains("server unknown");
    }

    @Test
    void onEachHostTheLoadGenerationProcessWithTheLargestShareOfABusyHostIsFlagged() {
        java.util.Map<String, Double> shares = new java.util.LinkedHashMap<>();
        shares.put("engine-1", 70.0);
        shares.put("engine-2", 20.0);
        assertThat(check.hostFlags("10.0.0.5", 96.0, shares))
                .containsExactly("engine-saturated[engine-1]: host 10.0.0.5 96% busy, engine 70%");
        assertThat(check.hostFlags("10.0.0.5", 89.0, shares)).as("below the threshold").isEmpty();
        assertThat(check.hostFlags("10.0.0.5", null, shares)).as("host unknown").isEmpty();

        java.util.Map<String, Double> here = new java.util.LinkedHashMap<>();
        here.put("server", 30.0);
        here.put("client", 45.0);
        here.put("engine-1", 10.0);
        assertThat(check.hostFlags("this machine", 95.0, here)).singleElement().asString()
                .startsWith("client-saturated: host this machine 95% busy");
        here.put("client", 20.0);
        assertThat(check.hostFlags("this machine", 95.0, here)).as("the server (or the rest) took more: no flag").isEmpty();
        assertThat(check.hostFlags("h", 100.0, java.util.Map.of("engine-1", 10.0)))
                .as("other work on the host took the most").isEmpty();
    }
}
